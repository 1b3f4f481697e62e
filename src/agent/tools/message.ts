import { z } from 'zod';
import { type Attachment, normalizeAttachment } from './attachments.ts';
import { defineTool, type ToolOutcome } from './define-tool.ts';
import description from './message.md?raw';
import { modelFacing } from './model-schema.ts';

/** Seed 000's four values, plus seed 001's `confirm` and `retry`, which the runtime accepts. */
export const SUGGESTED_ACTIONS = [
  'none',
  'confirm_browser_operation',
  'take_over_browser',
  'upgrade_to_unlock_feature',
  'confirm',
  'retry',
] as const;
export type SuggestedAction = (typeof SUGGESTED_ACTIONS)[number];

const AttachmentInput = z.union([
  z.string().min(1),
  z.object({ name: z.string().optional(), path: z.string().min(1), mime: z.string().optional() }),
]);

/** Seed 000's `message` parameters, in its order. */
export const MessageParameters = z.object({
  attachments: modelFacing(z.array(AttachmentInput).optional(), {
    description: 'A list of attachments to include with the message',
    type: 'array',
    items: { type: 'string' },
  }),
  suggested_action: modelFacing(z.enum(SUGGESTED_ACTIONS).optional(), {
    description: 'The suggested action for the user to take. Optional and only used for `ask` type.',
    enum: ['none', 'confirm_browser_operation', 'take_over_browser', 'upgrade_to_unlock_feature'],
    type: 'string',
  }),
  text: z.string().describe('The message or question text to be shown to the user'),
  type: z.enum(['info', 'ask', 'result']).describe('The type of the message'),
});
export type MessageParameters = z.infer<typeof MessageParameters>;

/** Accepts case and spacing variants of `suggested_action` (`Confirm`, `take over browser`). */
function normalizeMessage(raw: Record<string, unknown>): Record<string, unknown> {
  const suggested = raw.suggested_action;
  if (typeof suggested !== 'string') return raw;
  const normalized = suggested
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return { ...raw, suggested_action: normalized === '' ? 'none' : normalized };
}

export const messageTool = defineTool({
  name: 'message',
  description,
  parameters: MessageParameters,
  hasSideEffects: false,
  actionKey: 'type',
  normalize: normalizeMessage,
  describe: (params) => {
    if (params.type === 'ask') return 'Asking you a question';
    if (params.type === 'result') return 'Delivering the result';
    return 'Sending an update';
  },
  execute: (params): ToolOutcome => {
    const attachments: Attachment[] = (params.attachments ?? []).map(normalizeAttachment);
    const text = params.text.trim();
    if (text === '') {
      return {
        status: 'error',
        kind: 'validation',
        message: '`text` is empty; write what the user should read.',
      };
    }
    if (params.type === 'ask') {
      return {
        status: 'asking',
        content: text,
        meta: { attachments, suggested_action: params.suggested_action ?? 'none' },
      };
    }
    return {
      status: 'success',
      content: text,
      meta: { attachments },
      endsRun: params.type === 'result',
    };
  },
});
