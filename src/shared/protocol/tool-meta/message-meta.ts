import { z } from 'zod';
import { Attachment } from './attachment.ts';

/** Seed 000's four values, plus seed 001's `confirm` and `retry`, which the runtime accepts. */
export const SUGGESTED_ACTIONS = [
  'none',
  'confirm_browser_operation',
  'take_over_browser',
  'upgrade_to_unlock_feature',
  'confirm',
  'retry',
] as const;
export const SuggestedAction = z.enum(SUGGESTED_ACTIONS);
export type SuggestedAction = z.infer<typeof SuggestedAction>;

/**
 * Why the runtime itself asked the person (not the model): failures in a row, a spent
 * budget, the run's time limit, a run a closed page interrupted, the model repeating
 * itself, the spend cap reached, or a model server still failing after its retries.
 */
export const RuntimeAskReason = z.enum([
  'failures',
  'step_budget',
  'token_budget',
  'time_limit',
  'interrupted',
  'repetition',
  'spend_cap',
  'provider_unavailable',
]);
export type RuntimeAskReason = z.infer<typeof RuntimeAskReason>;

/** Seed 001 `message` meta: the attachments, in the order given, and for a question how to answer it. */
export const MessageMeta = z.looseObject({
  attachments: z.array(Attachment),
  suggested_action: SuggestedAction.optional(),
});
export type MessageMeta = z.infer<typeof MessageMeta>;

/**
 * Meta of a question (any profile's ask, and the runtime's own): how the UI offers the
 * answer, and once answered, the question and the reply (ours).
 */
export const AskMeta = z.looseObject({
  attachments: z.array(Attachment).optional(),
  suggested_action: SuggestedAction.optional(),
  runtime_reason: RuntimeAskReason.optional(),
  question: z.string().optional(),
  reply: z.string().optional(),
});
export type AskMeta = z.infer<typeof AskMeta>;

/** The meta kind `message`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'message', schema: MessageMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    message: typeof MessageMeta;
  }
}
