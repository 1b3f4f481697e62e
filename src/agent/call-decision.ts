import type { ErrorKind } from '../protocol/envelope.ts';
import type { StoredEvent, ToolCall } from '../protocol/events.ts';
import type { ToolSpec } from './providers/chat-messages.ts';
import { type ForcedStep, isSameCall, lastFailedCall } from './step-policy.ts';
import type { PreparedCall } from './tools/define-tool.ts';
import { findTool, TOOLS } from './tools/index.ts';

/** Every tool, in its fixed order, as the model sees it. Built once: never filtered or reordered. */
export const TOOL_SPECS: readonly ToolSpec[] = TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

/** Whether a model's call may run, and if not, the failure the model is told. */
export type Decision =
  | { ok: true; call: PreparedCall }
  | { ok: false; tool: string; actionType: string; kind: ErrorKind; message: string };

/**
 * Validates the model's call against the tool registry, the identical-retry rule and
 * the step the runtime is forcing. Never throws.
 */
export function decideCall(
  call: ToolCall,
  forced: ForcedStep | null,
  events: readonly StoredEvent[],
): Decision {
  const tool = findTool(call.name);
  if (!tool) {
    const names = TOOL_SPECS.map((spec) => spec.function.name).join(', ');
    const name = call.name || 'unknown';
    const message = call.name.trim()
      ? `There is no tool named \`${call.name}\`. The tools are: ${names}.`
      : `Your response was not a readable tool call (no tool name could be read). Answer with exactly one call of one of: ${names}.`;
    return refuse(name, name, 'validation', message);
  }
  const prepared = tool.prepare(call.arguments);
  const actionType = prepared.ok ? prepared.call.actionType : prepared.actionType;
  const previous = lastFailedCall(events);
  if (previous && isSameCall(previous, call)) {
    return refuse(
      tool.name,
      actionType,
      'rejected',
      'Not run: this is exactly the call that just failed. Change the arguments or take a different approach.',
    );
  }
  if (!prepared.ok) return refuse(tool.name, actionType, 'validation', prepared.message);
  if (forced && !matchesForcedStep(prepared.call, forced)) {
    const expected = forced.tool === 'message' ? '`message` with type `info`' : '`plan` with action `update`';
    const why =
      forced.tool === 'message'
        ? 'a brief acknowledgment of the new request, without solutions'
        : 'the plan for the new request: a goal and its phases';
    return refuse(tool.name, actionType, 'validation', `This step must be ${expected}: ${why}.`);
  }
  return { ok: true, call: prepared.call };
}

function matchesForcedStep(call: PreparedCall, forced: ForcedStep): boolean {
  return forced.tool === 'message' ? call.actionType === 'message.info' : call.actionType === 'plan.update';
}

function refuse(tool: string, actionType: string, kind: ErrorKind, message: string): Decision {
  return { ok: false, tool, actionType, kind, message };
}
