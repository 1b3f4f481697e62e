import { z } from 'zod';
import { defineTool, invalidArguments, modelFacing } from '@/agent-worker/toolkit/define-tool.ts';
import { AttachmentInput, normalizeAttachment } from '@/shared/protocol/tool-meta/attachment.ts';
import { SUGGESTED_ACTIONS } from '@/shared/protocol/tool-meta/message-meta.ts';
import description from './message.md?raw';

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
  metaKind: 'message',
  parameters: MessageParameters,
  hasSideEffects: false,
  actionKey: 'type',
  normalize: normalizeMessage,
  actions: {
    info: { label: 'inform', role: 'inform', effect: 'reads' },
    ask: { label: 'ask', role: 'ask', effect: 'reads' },
    result: { label: 'deliver', role: 'result', effect: 'reads' },
  },
  execute: (params) => {
    const attachments = (params.attachments ?? []).map(normalizeAttachment);
    const text = params.text.trim();
    if (text === '') return invalidArguments('`text` is empty; write what the user should read.');
    // Whether this informs, asks (the run suspends) or delivers the result (the run ends)
    // is the call's role, which the profile reads from `type`.
    return {
      status: 'success',
      content: text,
      meta:
        params.type === 'ask'
          ? { attachments, suggested_action: params.suggested_action ?? 'none' }
          : { attachments },
    };
  },
});
