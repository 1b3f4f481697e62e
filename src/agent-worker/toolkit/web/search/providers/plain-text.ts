/**
 * Snippets from search APIs arrive as HTML (Wikipedia's `searchmatch` spans, Hacker News
 * story text, Commons artists) or JATS XML (Crossref abstracts). These turn them into plain
 * text without a DOM (none in a worker), in linear time whatever the input.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
  minus: '−',
  deg: '°',
  plusmn: '±',
  micro: 'µ',
  para: '¶',
  sect: '§',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  agrave: 'à',
  oacute: 'ó',
  uacute: 'ú',
  iacute: 'í',
  ntilde: 'ñ',
  ccedil: 'ç',
  ouml: 'ö',
  uuml: 'ü',
  auml: 'ä',
  szlig: 'ß',
};

/** Elements whose boundaries separate words (a paragraph end is a space, not nothing). */
const BLOCK_TAG =
  /^<\/?(?:jats:)?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|th|table|section|sec|title|list-item|blockquote|hr)\b/i;

const TAG = /<[^<>]*>/g;
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi;

/** Decodes HTML character references (numeric ones, and the common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name.startsWith('#')) {
      const isHex = name[1] === 'x' || name[1] === 'X';
      const codePoint = Number.parseInt(name.slice(isHex ? 2 : 1), isHex ? 16 : 10);
      const isValid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
      return isValid ? String.fromCodePoint(codePoint) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * `html` (or JATS) as one line of plain text: tags removed (block boundaries become
 * spaces), entities decoded after the tags are gone (so an escaped `&lt;b&gt;` stays
 * visible text), whitespace collapsed.
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const withoutTags = html.replace(TAG, (tag) => (BLOCK_TAG.test(tag) ? ' ' : ''));
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}
