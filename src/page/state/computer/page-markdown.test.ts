import { Lexer, marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '~/tests/fixtures/web/xss-corpus.ts';
import { escapeRawHtml } from './page-markdown.ts';

function htmlTokens(markdown: string): string[] {
  const found: string[] = [];
  marked.walkTokens(Lexer.lex(markdown), (token) => {
    if (token.type === 'html') found.push(token.raw);
  });
  return found;
}

describe('escapeRawHtml', () => {
  it('escapes block and inline HTML, and leaves markdown, code and autolinks alone', () => {
    const markdown = [
      '# Title <b onclick=x>bold</b>',
      '',
      '<div onload="1">block</div>',
      '',
      'A [link](https://a.example) <img src=x onerror=1> and `<code>` and <https://b.example>',
      '',
      '```',
      '<pre>kept</pre>',
      '```',
      '',
      '| a | <i onmouseover=1>b</i> |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '- item <svg onload=1>',
    ].join('\n');
    expect(escapeRawHtml(markdown)).toBe(
      [
        '# Title &lt;b onclick=x&gt;bold&lt;/b&gt;',
        '',
        '&lt;div onload="1"&gt;block&lt;/div&gt;',
        '',
        'A [link](https://a.example) &lt;img src=x onerror=1&gt; and `<code>` and <https://b.example>',
        '',
        '```',
        '<pre>kept</pre>',
        '```',
        '',
        '| a | &lt;i onmouseover=1&gt;b&lt;/i&gt; |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '- item &lt;svg onload=1&gt;',
      ].join('\n'),
    );
  });

  it('escapes entities inside the markup too, and keeps text without markup as it is', () => {
    expect(escapeRawHtml('x <img src="x" onerror="&#119;indow.y=1"> y')).toBe(
      'x &lt;img src="x" onerror="&amp;#119;indow.y=1"&gt; y',
    );
    expect(escapeRawHtml('Plain a < b and c > d\r\nline')).toBe('Plain a < b and c > d\nline');
  });

  it('leaves no raw HTML in a page made of the whole XSS corpus', () => {
    const page = `# Hostile\n\n${XSS_PAYLOADS.join('\n\n')}\n`;
    expect(htmlTokens(page).length).toBeGreaterThan(20);
    expect(htmlTokens(escapeRawHtml(page))).toEqual([]);
  });
});
