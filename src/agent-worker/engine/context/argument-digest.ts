import type { RestorableArgument } from '../../toolkit/profile.ts';

/** Longest first or last line a digest quotes (characters). */
const LINE_PREVIEW_CHARS = 80;

/**
 * The digest that stands for `text` once the call that wrote it succeeded: its size in
 * bytes and lines, the file, its first and last lines, and that the file holds the rest.
 * A pure function of its inputs (no locale, no clock), so the same call always renders
 * to the same bytes and the prompt prefix never changes afterwards.
 */
export function argumentDigest(text: string, path: string, verb: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const count = lineCount(text);
  const bytes = new TextEncoder().encode(text).byteLength;
  const first = `first line: ${JSON.stringify(preview(lines[0] ?? ''))}`;
  const last = lines.length > 1 ? `; last line: ${JSON.stringify(preview(lines.at(-1) ?? ''))}` : '';
  return `[${grouped(bytes)} bytes, ${grouped(count)} ${count === 1 ? 'line' : 'lines'} ${verb} ${path}; ${first}${last}; the file holds the rest: read it to see it]`;
}

/**
 * A call's raw JSON arguments with each declared text field of at least its rule's
 * size replaced by its digest; the same JSON shape (strings stay strings). Arguments
 * with nothing to replace, or that are not a JSON object, come back byte for byte.
 */
export function digestArguments(argumentsText: string, rules: readonly RestorableArgument[]): string {
  if (rules.length === 0) return argumentsText;
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return argumentsText;
  }
  if (!isRecord(parsed)) return argumentsText;
  let isChanged = false;
  for (const rule of rules) {
    const path = parsed[rule.pathField];
    if (typeof path !== 'string') continue;
    const digestOf = (value: unknown): unknown => {
      if (typeof value !== 'string' || value.length < rule.minChars) return value;
      isChanged = true;
      return argumentDigest(value, path.trim(), rule.verb);
    };
    const [list, itemField] = rule.field.split('[].');
    if (itemField === undefined) {
      if (rule.field in parsed) parsed[rule.field] = digestOf(parsed[rule.field]);
      continue;
    }
    const items = parsed[list!];
    if (!Array.isArray(items)) continue;
    parsed[list!] = items.map((item) =>
      isRecord(item) && itemField in item ? { ...item, [itemField]: digestOf(item[itemField]) } : item,
    );
  }
  return isChanged ? JSON.stringify(parsed) : argumentsText;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Lines as an editor counts them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function preview(line: string): string {
  if (line.length <= LINE_PREVIEW_CHARS) return line;
  let end = LINE_PREVIEW_CHARS;
  // Never split a surrogate pair (the cut would not be valid text).
  const code = line.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…`;
}

/** 24576 → "24,576", the same everywhere (toLocaleString depends on the machine). */
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
