/** Small text helpers shared by the HTML extractor and the relay parsers. */

/**
 * Words in markdown as a reader counts them: link targets, image addresses and markup
 * left out; each CJK character counts as a word.
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/!\[([^\]\n]{0,500})\]\([^)\s]{0,500}\)/g, '$1')
    .replace(/\]\([^)\s]{0,500}\)/g, ']')
    .replace(/<https?:\/\/[^<>\s]{0,500}>/g, ' ')
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, ' ');
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’._-]*/gu) ?? [];
  let count = 0;
  for (const word of words) {
    const cjk = word.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu);
    count += cjk
      ? cjk.length +
        (word.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu, '')
          ? 1
          : 0)
      : 1;
  }
  return count;
}

/**
 * A publication date as ISO 8601: kept as written when it already starts like one
 * (`2026-11-18T07:30:00+00:00`, `2026-11-18`), else parsed; undefined when it is no date.
 */
export function isoDate(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed))
    return trimmed.replace(' ', 'T');
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Text for a one-line field (title, byline, site): spaces collapsed, control characters dropped, cut at `limit`. */
export function oneLine(value: string | null | undefined, limit = 300): string {
  const line = (value ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > limit ? `${line.slice(0, limit - 1).trimEnd()}…` : line;
}

/** The text of the first heading in markdown (ATX `# …` or setext), or ''. */
export function firstHeading(markdown: string): string {
  const match = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$|^([^\n]*\S[^\n]*)\n {0,3}(?:=+|-+)[ \t]*$/m.exec(markdown);
  const heading = match?.[1] ?? match?.[2] ?? '';
  return oneLine(heading.replace(/\]\([^)]*\)|[*_`[\]]/g, ''));
}
