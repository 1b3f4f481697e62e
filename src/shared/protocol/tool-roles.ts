import { z } from 'zod';

/**
 * What a tool call is to the runtime and the UI, whatever the tool profile calls the tool:
 * - `inform`: a message to the person that does not stop the work (an acknowledgment, progress);
 * - `ask`: a blocking question — the run suspends until the person replies;
 * - `result`: the task's result — the run ends, and the plan's current phase completes;
 * - `plan`: a change of the plan (the plan panel follows it).
 * The profile says which calls play which role; the runtime records the role on the
 * envelope's event (beside `meta`, which is what the model reads).
 */
export const ToolRole = z.enum(['inform', 'ask', 'result', 'plan']);
export type ToolRole = z.infer<typeof ToolRole>;

/** The profile of conversations made before profiles existed, and of new ones by default. */
export const DEFAULT_TOOL_PROFILE_ID = 'manus';
