import { type ActionSummary, type ActionVerb, actionSummary } from '../../protocol/action-summary.ts';
import type { ActionCall } from './profile.ts';

/**
 * How one action type reads: a fixed verb, or a function of the call's arguments and, once
 * it has succeeded, its outcome's meta (undefined before).
 */
export type SummaryRule =
  | ActionVerb
  | ((
      args: Readonly<Record<string, unknown>>,
      meta: Readonly<Record<string, unknown>> | undefined,
    ) => ActionSummary);

/**
 * A profile's `summaryOf` from a table keyed by action type (`file.write`, `bash`): the
 * rule of the call's action type, else of its tool (a tool whose actions all read alike),
 * else null. A rule reads the arguments leniently: a call that did not validate may
 * miss fields or have others.
 */
export function summariesFrom(table: Readonly<Record<string, SummaryRule>>) {
  return (call: ActionCall): ActionSummary | null => {
    const rule = table[call.actionType] ?? table[call.tool];
    if (rule === undefined) return null;
    return typeof rule === 'string' ? { verb: rule } : rule(call.arguments, call.meta);
  };
}

/** A rule whose target is the argument `field` (a path, a command, a query). */
export function withTarget(verb: ActionVerb, field: string): SummaryRule {
  return (args) => actionSummary(verb, args[field]);
}

/** A rule whose target is the first string of the list argument `field` (search queries). */
export function withFirstOf(verb: ActionVerb, field: string): SummaryRule {
  return (args) => {
    const value = args[field];
    return actionSummary(
      verb,
      Array.isArray(value) ? value.find((entry) => typeof entry === 'string') : value,
    );
  };
}

/** A rule with a fixed target (what the verb acts on, whatever the arguments). */
export function fixedTarget(verb: ActionVerb, target: string): SummaryRule {
  return () => actionSummary(verb, target);
}
