/**
 * Which link targets may stay links in a page's markdown: http(s) and relative ones.
 * The check is deliberately looser than a browser's URL parser (it decodes more and
 * strips more before looking for a scheme), so anything a browser could read as
 * `javascript:`, `data:`, `vbscript:`… is refused.
 */

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  apos: "'",
  colon: ':',
  comma: ',',
  excl: '!',
  gt: '>',
  lpar: '(',
  lt: '<',
  nbsp: '\u00a0',
  newline: '\n',
  num: '#',
  percnt: '%',
  period: '.',
  quest: '?',
  quot: '"',
  rpar: ')',
  semi: ';',
  sol: '/',
  tab: '\t',
};

/**
 * Decodes numeric character references (`&#106;`, `&#x6A`, with or without the
 * semicolon) and the named ones that can spell a scheme (`&colon;`, `&Tab;`…).
 */
export function decodeCharacterReferences(text: string): string {
  return text.replace(
    /&(?:#0*(\d{1,8})|#x0*([0-9a-f]{1,8})|([a-z]{2,8}));?/gi,
    (whole, decimal, hex, name) => {
      if (decimal !== undefined || hex !== undefined) {
        const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex, 16);
        return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
      }
      return NAMED_REFERENCES[(name as string).toLowerCase()] ?? whole;
    },
  );
}

/** Every character a browser drops from or around a URL, and every other space-like one. */
const IGNORABLE_IN_URL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop C0 controls from URLs; listed on purpose.
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/g;

/**
 * Whether `target` (a link or image target as written in HTML or markdown) is http(s),
 * protocol-relative, relative or a fragment. Anything with another scheme, however it
 * is spelled (case, character references, tabs, newlines, backslashes), is not.
 */
export function isSafeLinkTarget(target: string): boolean {
  let decoded = target;
  for (let round = 0; round < 3; round++) {
    const next = decodeCharacterReferences(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  const bare = decoded.replace(IGNORABLE_IN_URL, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare);
  if (scheme) return /^https?$/i.test(scheme[1]!);
  // No scheme: relative. A colon before the first path, query or fragment character
  // would be a scheme in some parser; refuse it rather than guess.
  const head = bare.split(/[/?#]/, 1)[0] ?? '';
  return !head.includes(':');
}

/**
 * `target` resolved against `base` when the result is http(s), else null. Used for the
 * `href` and `src` of extracted HTML; fragments resolve against the base as in a browser.
 */
export function absoluteHttpUrl(target: string, base: string): string | null {
  if (!isSafeLinkTarget(target)) return null;
  try {
    const url = new URL(target.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
