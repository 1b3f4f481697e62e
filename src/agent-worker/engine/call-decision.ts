import type { ActionSummary } from '../../shared/protocol/action-summary.ts';
import type { ErrorKind } from '../../shared/protocol/envelope.ts';
import { jsonObjectOf, type StoredEvent, type ToolCall } from '../../shared/protocol/events.ts';
import type { MetaKind } from '../../shared/protocol/tool-meta/index.ts';
import type { ToolRole } from '../../shared/protocol/tool-roles.ts';
import type { PreparedCall, ToolOutcome } from '../toolkit/define-tool.ts';
import type { OpeningStep, ToolProfile } from '../toolkit/profile.ts';
import { isSameCall, lastFailedCall } from './step-policy.ts';

/**
 * Whether a model's call may run, and if not, the failure the model is told. Either way
 * it says what the call is to the runtime and the UI: its role and the kind of its meta
 * (when the tool and action could be read).
 */
export type Decision = {
  role: ToolRole | null;
  metaKind: MetaKind | null;
  /** What the call does in the shared verbs (the thread's label for it), or null when nothing says. */
  summary: ActionSummary | null;
  /** The call's arguments, validated when they are valid, else as the model sent them (null when unreadable). */
  arguments: Record<string, unknown> | null;
} & (
  | { ok: true; call: PreparedCall }
  | { ok: false; tool: string; actionType: string; kind: ErrorKind; message: string }
);

/**
 * Validates the model's call against the profile's tools, the identical-retry rule and the
 * step the runtime is forcing. When the server could not force that step
 * (`isForcingHeld` false), a call of any of the profile's opening steps is accepted as the
 * model's own opening — an acknowledgment again, or the plan first — so a run never ends
 * stuck on what a server cannot do; anything else is still refused. Never throws.
 */
export function decideCall(
  call: ToolCall,
  profile: ToolProfile,
  forced: OpeningStep | null,
  events: readonly StoredEvent[],
  isForcingHeld = true,
): Decision {
  const tool = profile.findTool(call.name);
  const names = profile.tools.map((candidate) => candidate.name).join(', ');
  if (!tool) {
    const name = call.name || 'unknown';
    const message = call.name.trim()
      ? `There is no tool named \`${call.name}\`. The tools are: ${names}.`
      : `Your response was not a readable tool call (no tool name could be read). Answer with exactly one call of one of: ${names}.`;
    return {
      ok: false,
      tool: name,
      actionType: name,
      kind: 'validation',
      message,
      role: null,
      metaKind: null,
      summary: null,
      arguments: null,
    };
  }
  const prepared = tool.prepare(call.arguments);
  const actionType = prepared.ok ? prepared.call.actionType : prepared.actionType;
  const callArguments = prepared.ok ? prepared.call.params : jsonObjectOf(call.arguments);
  const identity = {
    role: profile.roleOf({ tool: tool.name, actionType }),
    metaKind: tool.metaKind,
    summary: prepared.ok
      ? prepared.call.summary
      : profile.summaryOf({ tool: tool.name, actionType, arguments: callArguments ?? {} }),
    arguments: callArguments,
  };
  const refuse = (kind: ErrorKind, message: string): Decision => ({
    ok: false,
    tool: tool.name,
    actionType,
    kind,
    message,
    ...identity,
  });
  const previous = lastFailedCall(events);
  if (previous && isSameCall(previous, call)) {
    return refuse(
      'rejected',
      'Not run: this is exactly the call that just failed. Change the arguments or take a different approach.',
    );
  }
  if (!prepared.ok) return refuse('validation', prepared.message);
  const isOpeningStep = profile.openingSteps.some((step) => step.actionType === prepared.call.actionType);
  if (forced && prepared.call.actionType !== forced.actionType && (isForcingHeld || !isOpeningStep)) {
    return refuse('validation', `This step must be ${forced.expected}: ${forced.why}.`);
  }
  return { ok: true, call: prepared.call, ...identity };
}

/**
 * What a call turned out to do, when its outcome says more than its arguments did: the
 * profile's summary of the call with the outcome's `meta` (an `expose` of a port that
 * served a site as a preview instead), or null when the summary it ran under stands (a
 * failure, or the same words).
 */
export function settledSummary(
  decision: Decision,
  profile: ToolProfile,
  outcome: ToolOutcome,
): ActionSummary | null {
  if (!decision.ok || outcome.status !== 'success') return null;
  const settled = profile.summaryOf({
    tool: decision.call.tool,
    actionType: decision.call.actionType,
    arguments: decision.arguments ?? {},
    meta: outcome.meta,
  });
  if (!settled) return null;
  const isSame = settled.verb === decision.summary?.verb && settled.target === decision.summary?.target;
  return isSame ? null : settled;
}

/**
 * The answer to a call of a tool this version lists but does not run yet: an `execution`
 * failure naming the profile's tools that work.
 */
export function notAvailableOutcome(name: string, profile: ToolProfile): ToolOutcome {
  const working = profile.tools.filter((tool) => tool.isAvailable).map((tool) => `\`${tool.name}\``);
  const list =
    working.length > 1 ? `${working.slice(0, -1).join(', ')} and ${working.at(-1)}` : working.join('');
  return {
    status: 'error',
    kind: 'execution',
    message: `The \`${name}\` tool is not available yet in this version of Sandpiper. The tools that work are ${list}: continue with them, or tell the user what could not be done.`,
  };
}
