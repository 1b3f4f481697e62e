import type { TargetKind } from '@/shared/protocol/action-summary.ts';
import { wordsOf } from '@/shared/protocol/action-words.ts';
import { planFieldsOf } from '@/shared/protocol/tool-meta/plan-meta.ts';
import { displayPath, withHomeRelativePaths } from './display-path.ts';
import { type LabelSource, legacySummary } from './legacy-labels.ts';

export type { LabelSource } from './legacy-labels.ts';

/** What a step acted on, ready to show: a path keeps its file name apart so it is never the part cut. */
export type LabelTarget =
  | { kind: 'path'; directory: string; name: string }
  | { kind: Exclude<TargetKind, 'path'>; text: string };

/**
 * A step row's words: `before` target `after` ("Searched the web for" “notes apps”), and
 * the whole of it as one line (`text`: the tooltip, what a screen reader reads).
 */
export type StepLabel = { before: string; target: LabelTarget | null; after: string; text: string };

/**
 * A step's label, the way Manus words its steps: "Wrote notes-app/index.html", "Ran `ls -la`",
 * "Searched the web for “notes apps”", "Updated the plan" — in the past once it succeeded,
 * as under way while it runs or when it failed (its status chip says which). The words
 * come from the action's summary (the profile's verb and target); a log from before
 * summaries is read from its role and its meta kind's fields; failing both, the running
 * text with paths relative to the home folder. Never the raw action type.
 */
export function stepLabel(source: LabelSource): StepLabel {
  const summary = legacySummary(source);
  if (!summary) return plainLabel(source);
  const words = wordsOf(summary);
  const isDone = source.status === 'success';
  const rawTarget = summary.verb === 'advance_plan' ? nextPhaseTitle(source) : summary.target;
  const target = words.target && rawTarget ? labelTarget(words.target, rawTarget) : null;
  if (!target) {
    const text = isDone ? words.doneBare : words.runningBare;
    return { before: text, target: null, after: '', text };
  }
  const [before = '', after = ''] = (isDone ? words.done : words.running).split('{}');
  const shown = target.kind === 'path' ? `${target.directory}${target.name}` : decorated(target);
  return { before: before.trimEnd(), target, after: after.trimStart(), text: `${before}${shown}${after}` };
}

/** A target as the label shows it in plain text (a command in backticks, a query in quotes). */
function decorated(target: Exclude<LabelTarget, { kind: 'path' }>): string {
  if (target.kind === 'code') return `\`${target.text}\``;
  if (target.kind === 'quote') return `“${target.text}”`;
  return target.text;
}

function labelTarget(kind: TargetKind, value: string): LabelTarget {
  if (kind === 'path') return { kind, ...displayPath(value) };
  // A page opened from a file is that file: shown as a path, like a written one.
  const file = kind === 'url' ? filePathOf(value) : null;
  if (file !== null) return { kind: 'path', ...displayPath(file) };
  // A web address keeps its path whole.
  const isWebAddress = kind === 'url' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  return { kind, text: isWebAddress ? value : withHomeRelativePaths(value) };
}

/**
 * The path a `file:` address names (`file:///home/ubuntu/a.html`, `file://localhost/…`,
 * `file:/…`), percent-escapes decoded; `file://notes-app/a.html`, as models write it, is
 * a path from the home folder. Null for any other address.
 */
function filePathOf(address: string): string | null {
  const match = /^file:(?:\/\/(?:localhost(?=\/))?)?(.*)$/is.exec(address.trim());
  if (!match) return null;
  const path = match[1] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** After a phase advance, the title of the phase it moved on to (from the plan in its meta). */
function nextPhaseTitle(source: LabelSource): string | undefined {
  if (source.status !== 'success') return undefined;
  const plan = planFieldsOf(source.meta);
  return plan?.phases.find((phase) => phase.id === plan.current_phase_id)?.title;
}

/** No verb known: the running text (the tool's own description) with home-relative paths. */
function plainLabel(source: LabelSource): StepLabel {
  const line = (source.description || `Used ${source.tool}`).split('\n')[0] ?? '';
  const text = withHomeRelativePaths(line.trim());
  return { before: text, target: null, after: '', text };
}
