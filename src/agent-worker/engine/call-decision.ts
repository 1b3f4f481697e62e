import type { ActionSummary } from '../../shared/protocol/action-summary.ts';
import type { ErrorKind } from '../../shared/protocol/envelope.ts';
import type { StoredEvent, ToolCall } from '../../shared/protocol/events.ts';
import {
  type ActionRecord,
  type Decision,
  refusedDescription,
  type ToolOutcome,
} from '../toolkit/define-tool.ts';
import type { OpeningStep, ToolProfile } from '../toolkit/profile.ts';
import { isSameCall, lastFailedCall } from './step-policy.ts';

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
    const action: ActionRecord = {
      tool: name,
      actionType: name,
      description: refusedDescription(call.name),
      role: null,
      metaKind: null,
      summary: null,
      arguments: null,
    };
    return { action, ok: false, kind: 'validation', message };
  }
  const decision = tool.prepare(call.arguments);
  // A refused call never runs: its envelope does not claim what it would have done.
  const refuse = (kind: ErrorKind, message: string): Decision => ({
    action: { ...decision.action, description: refusedDescription(call.name) },
    ok: false,
    kind,
    message,
  });
  const previous = lastFailedCall(events);
  if (previous && isSameCall(previous, call)) {
    return refuse(
      'rejected',
      'Not run: this is exactly the call that just failed. Change the arguments or take a different approach.',
    );
  }
  if (!decision.ok) return decision;
  const { actionType } = decision.action;
  const isOpeningStep = profile.openingSteps.some((step) => step.actionType === actionType);
  if (forced && actionType !== forced.actionType && (isForcingHeld || !isOpeningStep)) {
    return refuse('validation', `This step must be ${forced.expected}: ${forced.why}.`);
  }
  return decision;
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
  const { action } = decision;
  const settled = profile.summaryOf({
    tool: action.tool,
    actionType: action.actionType,
    arguments: action.arguments ?? {},
    meta: outcome.meta,
  });
  if (!settled) return null;
  const isSame = settled.verb === action.summary?.verb && settled.target === action.summary?.target;
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
