import { describe, expect, it } from 'vitest';
import { imageHrefsOf, isSafeLinkTarget, renderSlideMarkdown } from './render-markdown.ts';

const render = (markdown: string) => renderSlideMarkdown(markdown, (href) => `media/${href}`);

describe('renderSlideMarkdown', () => {
  it('shows raw HTML as text and drops comments', () => {
    const html = render('<script>alert(1)</script>\n\nHi <b onclick="x()">there</b> <!-- hidden -->');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b ');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;there');
    expect(html).not.toContain('hidden');
  });

  it('keeps safe links and drops javascript: targets, keeping their text', () => {
    const html = render('[site](https://example.com) [run](javascript:alert(1)) [next](#/2)');
    expect(html).toContain('<a href="https://example.com">site</a>');
    expect(html).toContain('<a href="#/2">next</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('run');
    expect(isSafeLinkTarget('JavaScript:alert(1)')).toBe(false);
    expect(isSafeLinkTarget('//evil.example')).toBe(false);
    expect(isSafeLinkTarget('media/a.png')).toBe(true);
  });

  it('marks code for the highlight plugin, with reveal line-number steps', () => {
    const html = render('```ts [1-2|3]\nconst a = 1 < 2;\n```\n\n```\nplain\n```');
    expect(html).toContain(
      '<pre><code class="language-ts" data-trim data-line-numbers="1-2|3">const a = 1 &lt; 2;</code></pre>',
    );
    expect(html).toContain('<code class="nohighlight" data-trim>plain</code>');
  });

  it('renders GFM tables and re-points images', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n![chart](chart.png)');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<img src="media/chart.png" alt="chart">');
    expect(renderSlideMarkdown('![gone](x.png)', () => null)).toContain(
      '<span class="missing-image">gone</span>',
    );
    expect(imageHrefsOf('![a](one.png) and ![b](../two.png)')).toEqual(['one.png', '../two.png']);
  });
});
