import type { ToolContext, ToolFailure } from '@/agent-worker/toolkit/define-tool.ts';
import { rejectedCall } from '@/agent-worker/toolkit/define-tool.ts';
import { MUXD_STATE_FOLDER } from './muxd-common.ts';

/** The workspace file that says whether the conversation is in plan mode (kept across reloads). */
export const PLAN_MODE_PATH = `${MUXD_STATE_FOLDER}/plan-mode.json`;

/** The tools plan mode disables (seed 004). */
export const WRITE_TOOLS: readonly string[] = ['file_write', 'file_edit', 'bash', 'patch_apply'];

/** True when the conversation is in plan mode. */
export async function isPlanMode(context: ToolContext): Promise<boolean> {
  if (!(await context.workspace.exists(PLAN_MODE_PATH))) return false;
  try {
    const state = JSON.parse(new TextDecoder().decode(await context.workspace.read(PLAN_MODE_PATH)));
    return state?.plan_mode === true;
  } catch {
    return false;
  }
}

/** Saves whether the conversation is in plan mode. */
export async function setPlanMode(context: ToolContext, isOn: boolean): Promise<void> {
  await context.workspace.save(PLAN_MODE_PATH, `${JSON.stringify({ plan_mode: isOn })}\n`);
}

/**
 * muxd's refusal of a write tool in plan mode, in its words ("Tool bash is disabled in
 * plan mode. …"), or null when the tool may run.
 */
export async function planModeRefusal(context: ToolContext, tool: string): Promise<ToolFailure | null> {
  if (!WRITE_TOOLS.includes(tool) || !(await isPlanMode(context))) return null;
  return rejectedCall(`Tool ${tool} is disabled in plan mode. Use plan_exit to re-enable write tools.`);
}
