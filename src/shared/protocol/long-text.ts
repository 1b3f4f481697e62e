/**
 * Text too long to be a message's text. A paste over `LONG_TEXT_BYTES` is attached as a
 * file (`pasted-1.txt`, `pasted-2.txt`, …) instead of going into the message box, and a
 * message sent with more text than that goes as such a file with only its start kept in
 * the message: no message the model reads, or the thread lays out, holds megabytes.
 */

/**
 * How the worker's refusal of a request that one message makes too large for the model's
 * window begins (a `provider_error` notice, though no provider was asked): the thread
 * titles it so rather than as an error of the provider.
 */
export const MESSAGE_TOO_LONG_OPENING =
  'Nothing was sent to the model: one message is too long for its context window.';

/** Bytes of UTF-8 above which text goes as a file rather than as a message's text (16 KB). */
export const LONG_TEXT_BYTES = 16 * 1024;

/** Bytes `text` takes in UTF-8, counted without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * True when `text` takes more than `LONG_TEXT_BYTES` of UTF-8. Decided from its length
 * alone when that is enough (each UTF-16 unit is 1 to 3 bytes), so a draft of megabytes
 * is judged at once, keystroke after keystroke.
 */
export function isLongText(text: string): boolean {
  if (text.length > LONG_TEXT_BYTES) return true;
  if (text.length * 3 <= LONG_TEXT_BYTES) return false;
  return utf8Length(text) > LONG_TEXT_BYTES;
}

/**
 * The start of `text`: at most `maxLines` lines and `maxChars` characters, cut at the end of
 * a line (else at a space) when one lies in the second half, never inside a character;
 * trailing spaces dropped. Reads only as far as the cut, however long `text` is.
 */
export function textHead(text: string, maxChars: number, maxLines: number): string {
  const sample = text.slice(0, maxChars + 1);
  let end = Math.min(sample.length, maxChars);
  let newline = sample.indexOf('\n');
  for (let line = 1; newline !== -1 && newline < end; line += 1) {
    if (line === maxLines) {
      end = newline;
      break;
    }
    newline = sample.indexOf('\n', newline + 1);
  }
  if (end < text.length && sample[end] !== '\n') {
    const lineEnd = sample.lastIndexOf('\n', end - 1);
    const space = sample.lastIndexOf(' ', end - 1);
    if (lineEnd >= end / 2) end = lineEnd;
    else if (space >= end / 2) end = space;
  }
  const last = sample.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return sample.slice(0, end).trimEnd();
}

const PASTED_NAME = /^pasted-([1-9]\d*)\.txt$/;

/** The name of the `index`th text attached as a file: `pasted-1.txt`, `pasted-2.txt`, … */
export function pastedFileName(index: number): string {
  return `pasted-${index}.txt`;
}

/** True for a name `pastedFileName` makes. */
export function isPastedFileName(name: string): boolean {
  return PASTED_NAME.test(name);
}

/** The first of `pasted-1.txt`, `pasted-2.txt`, … that `taken` does not hold. */
export function freePastedName(taken: ReadonlySet<string>): string {
  for (let index = 1; ; index += 1) {
    const name = pastedFileName(index);
    if (!taken.has(name)) return name;
  }
}
