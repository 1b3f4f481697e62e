import { z } from 'zod';

/** Status of one envelope; `error` is our addition to seed 001 §2. */
export const EnvelopeStatus = z.enum(['running', 'success', 'error', 'asking']);
export type EnvelopeStatus = z.infer<typeof EnvelopeStatus>;

/**
 * Why an action failed (seed 001 has no failure status; this is ours). `interrupted`: the
 * page (and so the worker) died while the action ran; like `cancelled`, a stop, not a failure.
 */
export const ErrorKind = z.enum([
  'validation',
  'execution',
  'timeout',
  'cancelled',
  'rejected',
  'interrupted',
]);
export type ErrorKind = z.infer<typeof ErrorKind>;

export const EnvelopeError = z.object({ kind: ErrorKind, message: z.string() });
export type EnvelopeError = z.infer<typeof EnvelopeError>;

/**
 * Envelope meta: `action_type` and `tool` always, `phase_id` when a plan exists,
 * `error` on failures, and tool-specific fields (seed 001 §13) passed through.
 */
export const EnvelopeMeta = z.looseObject({
  action_type: z.string().min(1),
  tool: z.string().min(1),
  phase_id: z.number().int().optional(),
  error: EnvelopeError.optional(),
});
export type EnvelopeMeta = z.infer<typeof EnvelopeMeta>;

/** The streaming contract of seed 001 §2: a `running` envelope, then one completion with the same uuid. */
export const Envelope = z.object({
  uuid: z.string().min(1),
  status: EnvelopeStatus,
  content: z.string(),
  meta: EnvelopeMeta,
});
export type Envelope = z.infer<typeof Envelope>;
