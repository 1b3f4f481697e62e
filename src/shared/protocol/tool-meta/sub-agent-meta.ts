import { z } from 'zod';
import { ConversationStatus } from '../conversation.ts';

/**
 * A sub-agent's run (muxd's `task`): the conversation its steps are kept in (never in the
 * parent's context), what it was asked, how it ended, how many steps it took, and whether
 * its answer was cut to fit the output cap.
 */
export const SubAgentMeta = z.looseObject({
  conversation_id: z.string(),
  description: z.string(),
  status: ConversationStatus,
  steps: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type SubAgentMeta = z.infer<typeof SubAgentMeta>;

/** The meta kind `sub_agent`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'sub_agent', schema: SubAgentMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    sub_agent: typeof SubAgentMeta;
  }
}
