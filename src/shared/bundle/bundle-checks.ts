import type { z } from 'zod';
import { EventBody } from '../protocol/events.ts';
import { BundleError } from './bundle-format.ts';
import { quoted } from './bundle-paths.ts';

/** Furthest instant from 1970 a JavaScript date can hold; a timestamp past it is an Invalid Date. */
const LATEST_DATE = 8.64e15;

/** Event kinds this version knows; another is refused as coming from a newer Sandpiper. */
const EVENT_TYPES: ReadonlySet<string> = new Set(EventBody.options.map((option) => option.shape.type.value));

/**
 * `value` checked against `schema`, or refused with the first problem in words: which
 * file of the bundle, where in it, and what is wrong.
 */
export function parsed<T extends z.ZodType>(schema: T, value: unknown, file: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new BundleError(`This bundle is not valid: ${file} holds unexpected content.`);
  throw new BundleError(
    `This bundle is not valid: ${placeOf(issue.path, file)}: ${problemOf(issue, value)}.`,
  );
}

/** What is wrong, in words: the schema's message, plainer where it is terse. */
function problemOf(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'invalid_value') {
    const found = issue.path.reduce<unknown>(
      (node, key) => (node as Record<PropertyKey, unknown> | null)?.[key],
      value,
    );
    return `${quoted(String(found))} is not one this version knows (a newer Sandpiper may have written it)`;
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  const plain: [RegExp, string][] = [
    [/^expected \w+, received undefined$/, 'is missing'],
    [/^expected int, received number$/, 'expected a whole number'],
    [/^Too small: expected number to be >=?(\S+)$/, 'must be at least $1'],
    [/^Too small: expected string to have >=1 characters$/, 'is empty'],
    [/^Too big: expected \w+ to be <=?\S+$/, 'is too large'],
    [/^Invalid input$/, 'is not of a kind this version knows'],
  ];
  for (const [pattern, words] of plain) if (pattern.test(message)) return message.replace(pattern, words);
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** What a numbered item of a list is called in messages (`event 2`, not `events.1`). */
const ITEM_NAMES: Record<string, string> = {
  events: 'event',
  schedules: 'schedule',
  previewStorage: 'preview storage row',
  workspace: 'workspace entry',
  files: 'workspace entry',
  phases: 'phase',
  attachments: 'attachment',
};
const FILE_OF: Record<string, string> = {
  conversation: 'conversation.json',
  events: 'events.json',
  plan: 'plan.json',
  schedules: 'schedules.json',
  files: 'manifest.json',
  previewStorage: 'preview-storage.json',
};

/** `events.json, event 2, body, type` for the zod path `[events, 1, body, type]` in `file`. */
function placeOf(path: readonly PropertyKey[], file: string): string {
  const [first] = path;
  const isContents = typeof first === 'string' && first in FILE_OF;
  const parts: string[] = [isContents ? (FILE_OF[first as string] ?? file) : file];
  for (const [index, key] of path.entries()) {
    const previous = path[index - 1];
    const item = typeof previous === 'string' ? ITEM_NAMES[previous] : undefined;
    if (typeof key !== 'number') {
      if (!(isContents && index === 0)) parts.push(String(key));
    } else if (item && parts.at(-1) === previous) {
      parts[parts.length - 1] = `${item} ${key + 1}`;
    } else {
      parts.push(item && isContents && index === 1 ? `${item} ${key + 1}` : `item ${key + 1}`);
    }
  }
  return parts.join(', ');
}

/** Deepest nesting a bundle's JSON may have (the runtime records arguments at most 64 deep). */
const MAX_JSON_DEPTH = 200;

/**
 * Refuses JSON nested deeper than any log is, and a `__proto__` key anywhere but in a
 * recorded call's arguments (a model may send one, and the runtime keeps what it sent):
 * Sandpiper writes none, and code that merges objects can be turned against itself by
 * one. Walks without recursion, so no nesting overflows the stack.
 */
export function refuseHostileJson(value: unknown, file: string, isOpaque: (path: string[]) => boolean): void {
  const pending: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, path } = next;
    if (typeof node !== 'object' || node === null) continue;
    if (path.length > MAX_JSON_DEPTH)
      throw new BundleError(
        `This bundle is not valid: ${file} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      );
    const isArgument = isOpaque(path);
    for (const key of Object.keys(node)) {
      if (key === '__proto__' && !isArgument) {
        const where = path.length > 0 ? ` (at ${path.join('.')})` : '';
        throw new BundleError(`This bundle is not valid: ${file} holds a "__proto__" key${where}.`);
      }
      pending.push({ node: (node as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
}

/** Refuses an event of a kind this version does not know, naming it (before the schema's less helpful words). */
export function refuseUnknownEventTypes(events: unknown): void {
  if (!Array.isArray(events)) return;
  for (const [index, event] of events.entries()) {
    const type = (event as { body?: { type?: unknown } } | null)?.body?.type;
    if (typeof type === 'string' && !EVENT_TYPES.has(type)) {
      throw new BundleError(
        `This bundle holds an event of a kind this version of Sandpiper does not know (${quoted(type)}, event ${index + 1}); it may come from a newer version.`,
      );
    }
  }
}

/** Refuses two events with the same number: the log is keyed by it, so one would overwrite the other. */
export function refuseRepeatedSequence(events: readonly { seq: number }[]): void {
  const seen = new Set<number>();
  for (const { seq } of events) {
    if (seen.has(seq))
      throw new BundleError(`This bundle is not valid: events.json has two events numbered ${seq}.`);
    seen.add(seq);
  }
}

/**
 * Refuses a date no clock gives (beyond the year 275,760 either way: shown as "Invalid
 * Date"); `where` names the field. Dates before 1970 are kept: a file's time can be.
 */
export function refuseImpossibleDate(timestamp: number, where: string): void {
  if (Math.abs(timestamp) > LATEST_DATE)
    throw new BundleError(`This bundle is not valid: ${where}: ${timestamp} is not a possible date.`);
}
