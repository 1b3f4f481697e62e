const ENTITIES: readonly [string, string][] = [
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "'"],
  ['&nbsp;', ' '],
];

/** Tags that start a new line in the text. */
const BREAKING_TAGS = [
  '<br',
  '<p ',
  '<p>',
  '</p>',
  '<div',
  '</div>',
  '<h1',
  '<h2',
  '<h3',
  '<h4',
  '<h5',
  '<h6',
  '</h1',
  '</h2',
  '</h3',
  '</h4',
  '</h5',
  '</h6',
  '<li',
  '<tr',
];

/**
 * muxd's HTML-to-text conversion: the common entities decoded, tags stripped (block
 * tags start a new line), `<script>` and `<style>` blocks dropped, runs of whitespace
 * collapsed to one space, at most one blank line in a row, trimmed.
 */
export function htmlToText(html: string): string {
  let decoded = html;
  for (const [entity, character] of ENTITIES) decoded = decoded.replaceAll(entity, character);
  const lower = decoded.toLowerCase();
  let text = '';
  let isInTag = false;
  let isInScript = false;
  let isInStyle = false;
  let wasSpace = false;
  for (let index = 0; index < decoded.length; index += 1) {
    const character = decoded[index]!;
    if (character === '<') {
      const rest = lower.slice(index, index + 8);
      if (rest.startsWith('<script')) isInScript = true;
      else if (rest.startsWith('</script')) isInScript = false;
      else if (rest.startsWith('<style')) isInStyle = true;
      else if (rest.startsWith('</style')) isInStyle = false;
      if (BREAKING_TAGS.some((tag) => rest.startsWith(tag))) {
        text += '\n';
        wasSpace = true;
      }
      isInTag = true;
      continue;
    }
    if (character === '>') {
      isInTag = false;
      continue;
    }
    if (isInTag || isInScript || isInStyle) continue;
    if (character === ' ' || character === '\t' || character === '\r' || character === '\n') {
      if (!wasSpace) {
        text += ' ';
        wasSpace = true;
      }
      continue;
    }
    text += character;
    wasSpace = false;
  }
  while (text.includes('\n\n\n')) text = text.replaceAll('\n\n\n', '\n\n');
  return text.trim();
}
