import type { ActionSummary } from '../../shared/protocol/action-summary.ts';
import type { ToolEffect } from '../../shared/protocol/tool-effects.ts';
import type { ToolRole } from '../../shared/protocol/tool-roles.ts';
import { type LabelRule, summaryByRule } from './label-rules.ts';

/**
 * An argument whose text a successful call leaves in a file, so the context shows a short
 * digest of it instead of the text (restorable: the model can read the file).
 */
export type RestorableText = {
  /**
   * The string field that holds the text: a field of the arguments (`text`), or
   * `list[].field` for that field of each item of a list (`edits[].replace`).
   */
  field: string;
  /** The string field of the arguments naming the file that holds the text afterwards (`path`). */
  pathField: string;
  /** What the call did with the text, as the digest says it ("written to", "appended to"). */
  verb: string;
  /** Shorter text stays whole: its digest would save little and hide what the model may still need. */
  minChars: number;
};

/** A restorable text of the calls of one action (`file.write`): what the context code applies. */
export type RestorableArgument = RestorableText & { actionType: string };

/**
 * What the rest of the app knows of one action of a tool, declared with the tool: its
 * label (the one text the thread, the Computer panel, replay and bundles show), the role it
 * plays for the runtime, what it does beyond what the model reads (its effect), and the
 * arguments whose text it leaves in a file.
 */
export type ActionFacts = {
  label: LabelRule;
  role?: ToolRole;
  effect: ToolEffect;
  restorable?: readonly RestorableText[];
};

/** A call as a tool's facts read it; once it has succeeded, with its outcome's `meta`. */
export type FactsCall = {
  actionType: string;
  arguments: Readonly<Record<string, unknown>>;
  meta?: Readonly<Record<string, unknown>>;
};

/** A tool's facts, looked up by action type. */
export type ToolFacts = {
  /** What the call does in words, or null for an action the tool does not have. */
  summaryOf(call: FactsCall): ActionSummary | null;
  /** The role the action plays, or null for ordinary work (or an action the tool does not have). */
  roleOf(actionType: string): ToolRole | null;
  /** What the action does beyond what the model reads; an action the tool does not have never runs (`reads`). */
  effectOf(actionType: string): ToolEffect;
  /** Every action's restorable texts, with its action type. */
  restorableArguments: readonly RestorableArgument[];
};

/**
 * The facts of a tool called `name`: one set for all its calls, or one per action (keyed by
 * the value of its action field, `exec` for `shell.exec`). `actionNames` (the values its
 * schema allows) must each have facts: a tool missing one fails as its module loads.
 */
export function toolFacts(
  name: string,
  facts: ActionFacts | Readonly<Record<string, ActionFacts>>,
  actionNames: readonly string[] | null,
): ToolFacts {
  const isPerAction = actionNames !== null;
  const byAction = facts as Readonly<Record<string, ActionFacts>>;
  if (isPerAction) {
    const missing = actionNames.filter((action) => !Object.hasOwn(byAction, action));
    if (missing.length > 0) throw new Error(`Tool ${name} declares no facts for ${missing.join(', ')}.`);
  }
  const factsOf = (actionType: string): ActionFacts | null => {
    if (!isPerAction) return facts as ActionFacts;
    const action = actionType.startsWith(`${name}.`) ? actionType.slice(name.length + 1) : null;
    return action !== null && Object.hasOwn(byAction, action) ? (byAction[action] ?? null) : null;
  };
  const entries: [string, ActionFacts][] = isPerAction
    ? actionNames.map((action) => [`${name}.${action}`, byAction[action] as ActionFacts])
    : [[name, facts as ActionFacts]];
  return {
    summaryOf: (call) => {
      const found = factsOf(call.actionType);
      return found ? summaryByRule(found.label, call.arguments, call.meta) : null;
    },
    roleOf: (actionType) => factsOf(actionType)?.role ?? null,
    effectOf: (actionType) => factsOf(actionType)?.effect ?? 'reads',
    restorableArguments: entries.flatMap(([actionType, entry]) =>
      (entry.restorable ?? []).map((text) => ({ ...text, actionType })),
    ),
  };
}
