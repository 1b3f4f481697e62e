import { describe, expect, it } from 'vitest';
import { splitHighlightedLines } from './highlighted-lines.ts';
import { highlightToHtml } from './highlighter.ts';

describe('splitHighlightedLines', () => {
  it('splits at line breaks, closing and reopening the spans a line break falls inside', () => {
    expect(splitHighlightedLines('a<span class="x">b\nc</span>d\n')).toEqual([
      'a<span class="x">b</span>',
      '<span class="x">c</span>d',
      '',
    ]);
    expect(splitHighlightedLines('<span class="a"><span class="b">1\n2</span>\n3</span>')).toEqual([
      '<span class="a"><span class="b">1</span></span>',
      '<span class="a"><span class="b">2</span></span>',
      '<span class="a">3</span>',
    ]);
  });

  it('gives as many lines as the text has, each with the text of its line', async () => {
    const source = 'const a = 1; /* a comment\nover two lines */\nconst b = `x\ny`;\n';
    const html = (await highlightToHtml(source, 'javascript')) ?? '';
    const lines = splitHighlightedLines(html);
    expect(lines).toHaveLength(source.split('\n').length);
    const plain = (fragment: string) => fragment.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
    expect(lines.map(plain)).toEqual(source.split('\n'));
    // The comment's second line is still a comment.
    expect(lines[1]).toMatch(/^<span class="hljs-comment">over two lines \*\/<\/span>$/);
  });
});
