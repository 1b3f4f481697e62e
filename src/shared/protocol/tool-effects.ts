import { z } from 'zod';

/**
 * What a tool call does beyond what the model reads back, as the tool declares it (never as
 * the model says):
 * - `reads`: nothing lasting — it reads the workspace, the web or the plan, talks to the
 *   person, or previews what never leaves this browser;
 * - `changes_workspace`: it changes the conversation's files (a rewind undoes it);
 * - `acts_outside`: it does something outside this browser that nothing here can undo (a
 *   post, a message, an MCP tool that writes);
 * - `schedules`: it leaves work to run later, when nobody may be there.
 */
export const ToolEffect = z.enum(['reads', 'changes_workspace', 'acts_outside', 'schedules']);
export type ToolEffect = z.infer<typeof ToolEffect>;
