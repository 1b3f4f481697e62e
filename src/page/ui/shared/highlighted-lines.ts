/** A tag highlight.js writes (`<span class="hljs-…">` or `</span>`), or a line break. */
const TAG_OR_BREAK = /<span\b[^>]*>|<\/span>|\n/g;

/**
 * highlight.js's HTML for a whole text, one string per line: each line closes the spans
 * still open at its end and the next reopens them, so a comment or string that runs over
 * several lines stays coloured on each. It moves only the tags highlight.js wrote (its
 * text is escaped already), so each line is as safe to set as `innerHTML` as the whole.
 * A text ending in a line break ends with an empty line, as `text.split('\n')` does.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let from = 0;
  for (const match of html.matchAll(TAG_OR_BREAK)) {
    line += html.slice(from, match.index);
    from = match.index + match[0].length;
    if (match[0] === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else {
      if (match[0] === '</span>') open.pop();
      else open.push(match[0]);
      line += match[0];
    }
  }
  lines.push(line + html.slice(from) + '</span>'.repeat(open.length));
  return lines;
}
