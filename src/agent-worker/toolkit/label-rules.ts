import { type ActionSummary, type ActionVerb, actionSummary } from '../../shared/protocol/action-summary.ts';

/**
 * How one action's label reads: a shared verb, or a function of the call's arguments and,
 * once it has succeeded, its outcome's meta (undefined before). A rule reads the arguments
 * leniently: a call that did not validate may miss fields or have others.
 */
export type LabelRule =
  | ActionVerb
  | ((
      args: Readonly<Record<string, unknown>>,
      meta: Readonly<Record<string, unknown>> | undefined,
    ) => ActionSummary);

/** The summary `rule` gives a call with `args` (and, once it succeeded, its outcome's `meta`). */
export function summaryByRule(
  rule: LabelRule,
  args: Readonly<Record<string, unknown>>,
  meta?: Readonly<Record<string, unknown>>,
): ActionSummary {
  return typeof rule === 'string' ? { verb: rule } : rule(args, meta);
}

/** A rule whose target is the argument `field` (a path, a command, a query). */
export function withTarget(verb: ActionVerb, field: string): LabelRule {
  return (args) => actionSummary(verb, args[field]);
}

/** A rule whose target is the first string of the list argument `field` (search queries). */
export function withFirstOf(verb: ActionVerb, field: string): LabelRule {
  return (args) => {
    const value = args[field];
    return actionSummary(
      verb,
      Array.isArray(value) ? value.find((entry) => typeof entry === 'string') : value,
    );
  };
}

/** A rule with a fixed target (what the verb acts on, whatever the arguments). */
export function fixedTarget(verb: ActionVerb, target: string): LabelRule {
  return () => actionSummary(verb, target);
}
