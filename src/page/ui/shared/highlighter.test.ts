import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_LANGUAGES } from '../../state/workspace/file-preview.ts';
import { highlightToHtml, LANGUAGE_LOADERS } from './highlighter.ts';

describe('highlightToHtml', () => {
  it('has a loader for every language a file extension can name', () => {
    expect(Object.keys(LANGUAGE_LOADERS).sort()).toEqual([...HIGHLIGHT_LANGUAGES].sort());
  });

  it('escapes the file text and adds only highlight.js spans', async () => {
    const html = await highlightToHtml('<img src=x onerror="alert(1)"><script>alert(2)</script>', 'xml');
    expect(html).not.toMatch(/<(img|script)\b/);
    expect(html).toContain('&lt;');
    expect(html?.match(/<[a-z]+/g)?.every((tag) => tag === '<span')).toBe(true);
    const typescript = await highlightToHtml('const answer: number = 42; // "<b>"', 'typescript');
    expect(typescript).toContain('<span class="hljs-keyword">const</span>');
    expect(typescript).toContain('&lt;b&gt;');
  });

  it('resolves null for a language it does not know', async () => {
    expect(await highlightToHtml('x', 'cobol')).toBeNull();
  });
});
