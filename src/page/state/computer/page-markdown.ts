import { Lexer, marked, type Token } from 'marked';

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function hasChildren(token: Token): boolean {
  return 'tokens' in token || 'items' in token || 'rows' in token;
}

/**
 * A web page's markdown with every piece of raw HTML in it (blocks and inline tags)
 * escaped, so it shows as text. A page saved as markdown needs none, and what a hostile
 * page slips in is then neither rendered nor even parsed as markup (sanitising parses it,
 * and Chromium reports the inline handlers it meets to the page's CSP). Code spans, code
 * blocks and autolinks are left as they are.
 */
export function escapeRawHtml(markdown: string): string {
  const source = markdown.replace(/\r\n?/g, '\n');
  const tokens = Lexer.lex(source);
  const pieces: string[] = [];
  let cursor = 0;
  marked.walkTokens(tokens, (token) => {
    if (hasChildren(token) || token.raw === '') return;
    const at = source.indexOf(token.raw, cursor);
    if (at < 0) return;
    if (token.type === 'html') {
      pieces.push(source.slice(cursor, at), escapeHtml(token.raw));
      cursor = at + token.raw.length;
    } else if (at + token.raw.length > cursor) {
      pieces.push(source.slice(cursor, at + token.raw.length));
      cursor = at + token.raw.length;
    }
  });
  pieces.push(source.slice(cursor));
  return pieces.join('');
}
