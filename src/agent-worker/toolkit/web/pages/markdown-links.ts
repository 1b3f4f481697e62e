import { absoluteHttpUrl, decodeCharacterReferences, isSafeLinkTarget } from './safe-url.ts';

/** Inline links and images in markdown, read leniently, for `neutraliseLinks`. */

/**
 * Every `[text](target)` and `![alt](target)` with an unsafe target becomes `text`/`alt`;
 * with an http(s) `baseUrl`, a relative target becomes absolute. Looser than CommonMark
 * on purpose: any `](` is taken for a link, whatever brackets or code spans surround it,
 * so no link a renderer would see is missed.
 */
export function neutraliseInlineLinks(text: string, baseUrl: string | undefined): string {
  const openers: number[] = [];
  const removed: [start: number, end: number][] = [];
  const rewritten: [start: number, end: number, replacement: string][] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === '\\') {
      index += 2;
      continue;
    }
    if (character === '[') openers.push(index);
    if (character !== ']' || text[index + 1] !== '(') {
      index++;
      continue;
    }
    const target = readTarget(text, index + 2);
    const opener = openers.pop();
    if (!target.isTooLong && isSafeLinkTarget(target.value)) {
      const absolute = absoluteTarget(target.value, baseUrl);
      if (absolute !== null) rewritten.push([target.start, target.end, absolute]);
      else if (target.isPointy) rewritten.push([target.start, target.end, encodeTarget(target.value)]);
    } else if (opener === undefined) {
      removed.push([index + 1, target.close]);
    } else {
      removed.push([opener > 0 && text[opener - 1] === '!' ? opener - 1 : opener, opener + 1]);
      removed.push([index, target.close]);
    }
    // Every `](` is looked at, even one inside this target: a renderer may pair it with
    // an earlier `[` (`[a [](x](javascript:y)`). Overlapping edits wait for the next pass.
    index++;
  }
  const edits = [
    ...removed.map(([start, end]) => ({ start, end, replacement: '' })),
    ...rewritten.map(([start, end, replacement]) => ({ start, end, replacement })),
  ].sort((first, second) => first.start - second.start);
  let result = '';
  let position = 0;
  for (const edit of edits) {
    if (edit.start < position) continue;
    result += text.slice(position, edit.start) + edit.replacement;
    position = edit.end;
  }
  return result + text.slice(position);
}

type Target = {
  value: string;
  isPointy: boolean;
  isTooLong: boolean;
  start: number;
  end: number;
  close: number;
};

/** Longest target read; a longer one is taken for unsafe (and keeps reading linear). */
const MAX_TARGET = 1_000;

/** The target starting at `from` (just after `](`), and where the link's `)` ends. */
function readTarget(text: string, from: number): Target {
  const limit = Math.min(text.length, from + MAX_TARGET);
  let start = from;
  while (start < limit && isSpace(text.charCodeAt(start))) start++;
  let end = start;
  let value: string;
  const pointyEnd = text[start] === '<' ? findPointyEnd(text, start, limit) : -1;
  const isPointy = pointyEnd >= 0;
  if (isPointy) {
    value = text.slice(start + 1, pointyEnd);
    end = pointyEnd + 1;
  } else {
    let depth = 0;
    while (end < limit && !isSpace(text.charCodeAt(end))) {
      const character = text[end];
      if (character === '\\') end++;
      else if (character === '(') depth++;
      else if (character === ')' && depth-- === 0) break;
      end++;
    }
    end = Math.min(end, text.length);
    value = text.slice(start, end);
  }
  const isTooLong = !isPointy && end >= limit && limit < text.length;
  return { value, isPointy, isTooLong, start, end, close: findClose(text, end, limit + MAX_TARGET) };
}

/**
 * Whether a character code is whitespace as JavaScript's `\s` reads it. A comparison, not
 * `/\s/.test`: a target is read character by character, up to a thousand for every `](`.
 */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The `>` closing a pointy target before `limit` (newlines allowed, as a lenient reader), or -1. */
function findPointyEnd(text: string, start: number, limit: number): number {
  const close = text.indexOf('>', start);
  if (close < 0 || close >= limit) return -1;
  const isEnded = /^(?:\s|\)|$)/.test(text.slice(close + 1, close + 2));
  return !text.slice(start, close).includes('\n\n') && isEnded ? close : -1;
}

/** The index just after the `)` closing a link whose target ends at `from` (title skipped), looking no further than `limit`. */
function findClose(text: string, from: number, limit: number): number {
  let index = from;
  while (index < limit && isSpace(text.charCodeAt(index))) index++;
  const quote = text[index];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closing = quote === '(' ? ')' : quote;
    const end = text.indexOf(closing, index + 1);
    if (end < 0 || end >= limit) return from;
    index = end + 1;
    while (index < limit && isSpace(text.charCodeAt(index))) index++;
  }
  return text[index] === ')' ? index + 1 : from;
}

/**
 * A relative target made absolute against an http(s) `baseUrl` and written for a link,
 * or null when there is nothing to resolve (no base, already absolute, not resolvable).
 */
export function absoluteTarget(target: string, baseUrl: string | undefined): string | null {
  if (!baseUrl || /^\s*https?:/i.test(target)) return null;
  const plain = decodeCharacterReferences(target).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const absolute = absoluteHttpUrl(plain, baseUrl);
  return absolute === null ? null : encodeTarget(absolute);
}

/** A pointy target written without brackets (its `<` would be escaped later). */
function encodeTarget(target: string): string {
  const parensAndBrackets: Readonly<Record<string, string>> = {
    '(': '%28',
    ')': '%29',
    '<': '%3C',
    '>': '%3E',
  };
  return target.replace(
    /[\s()<>]/g,
    (character) => parensAndBrackets[character] ?? encodeURIComponent(character),
  );
}
