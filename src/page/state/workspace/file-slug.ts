/** Longest slug, in characters: a file name stays readable and clear of file-system limits. */
const MAX_SLUG_LENGTH = 60;

/**
 * `text` as a file-name stem: accents dropped, lower case, every run of anything but letters
 * and digits (any script) one hyphen, none at either end: `Quarterly Review — Q3!` →
 * `quarterly-review-q3`. Empty when nothing is left.
 */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}
