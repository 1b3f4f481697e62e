/**
 * Linear scanning of Office XML with `indexOf`: regular expressions such as
 * `<a:p\b[^>]*>([\s\S]*?)<\/a:p>` take quadratic time on a hostile file full of
 * unclosed tags; these never look at a character more than a fixed number of times.
 */

/** Index of the next `<name` opening tag (followed by a space, `>` or `/`) at or after `from`, or -1. */
export function openTagAt(xml: string, name: string, from: number): number {
  const opening = `<${name}`;
  let at = xml.indexOf(opening, from);
  while (at !== -1) {
    const next = xml[at + opening.length];
    if (next === undefined) return -1;
    if (next === '>' || next === '/' || /\s/.test(next)) return at;
    at = xml.indexOf(opening, at + 1);
  }
  return -1;
}

/** Every `<name …>` opening tag, whole, in order. */
export function openTags(xml: string, name: string): string[] {
  const tags: string[] = [];
  let from = 0;
  for (;;) {
    const start = openTagAt(xml, name, from);
    if (start === -1) return tags;
    const end = xml.indexOf('>', start);
    if (end === -1) return tags;
    tags.push(xml.slice(start, end + 1));
    from = end + 1;
  }
}

/** The inner text of every `<name …>…</name>` element, in order (elements of that name must not nest). */
export function elementBodies(xml: string, name: string, limit = Number.POSITIVE_INFINITY): string[] {
  const bodies: string[] = [];
  const closing = `</${name}>`;
  let from = 0;
  while (bodies.length < limit) {
    const start = openTagAt(xml, name, from);
    if (start === -1) break;
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd === -1) break;
    if (xml[tagEnd - 1] === '/') {
      bodies.push('');
      from = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf(closing, tagEnd + 1);
    if (end === -1) break;
    bodies.push(xml.slice(tagEnd + 1, end));
    from = end + closing.length;
  }
  return bodies;
}
