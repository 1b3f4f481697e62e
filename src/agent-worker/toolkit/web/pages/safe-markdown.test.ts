import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { findRenderedDanger, XSS_PAYLOADS } from '~/tests/fixtures/web/xss-corpus.ts';
import { neutraliseLinks } from './safe-markdown.ts';
import { isSafeLinkTarget } from './safe-url.ts';

/** The UI's renderer (GFM marked, before DOMPurify): what the markdown becomes. */
const marked = new Marked({ gfm: true, breaks: false, async: false });
const render = (markdown: string) => marked.parse(markdown) as string;

/** Pieces of hostile markdown, joined at random by the fuzz test. */
const PIECES = [
  '```',
  '~~~',
  '````',
  '`',
  '``',
  '  ',
  '    ',
  '\t',
  '\n',
  '\n\n',
  '\n   ',
  '> ',
  '- ',
  '  - ',
  '1. ',
  '#',
  '[',
  ']',
  '(',
  ')',
  '](',
  ']: ',
  '[a]',
  '[a]: ',
  '[^1]: ',
  '![',
  '<>',
  '"',
  "'",
  ' "t"',
  '\\',
  '\\<',
  '|',
  '| a | b |\n| - | - |\n',
  '*',
  '_',
  'text',
  '&#58;',
  '&colon;',
  '<',
  '>',
  '<!--',
  '-->',
  '<?',
  '<![CDATA[',
  '<b>',
  '</p>',
  '<style>',
  '<!doctype html>',
  '<div>\n\nx\n\n</div>',
  '<img src=x onerror=1>',
  '<svg onload=1>',
  '<a href="javascript:x">',
  '<javascript:x>',
  '<https://a.example>',
  'https://ok.example',
  'www.ok.example',
  'a@b.example',
  'javascript:x',
  'JaVa&#115;cript:x',
  'data:text/html,x',
  '[a]: javascript:x',
  '\\]',
  '\\[',
  ']:',
  '\n[',
  '"\n',
  '(\n',
  '\n\n[x]: https://ok.example "',
  '\n```\n',
  '\n~~~\n',
  '- [',
  '> [',
];
describe('neutraliseLinks', () => {
  it.each([
    ['plain', '[click](javascript:alert(1))', 'click'],
    ['mixed case', '[click](JaVaScRiPt:alert(1))', 'click'],
    ['decimal entity colon', '[click](javascript&#58;alert(1))', 'click'],
    ['entity colon without semicolon', '[click](javascript&#0000058alert(1))', 'click'],
    ['hex entities', '[click](&#x6A;&#x61;vascript:alert(1))', 'click'],
    ['named colon', '[click](javascript&colon;alert(1))', 'click'],
    ['tab entity', '[click](java&Tab;script:alert(1))', 'click'],
    ['leading spaces', '[click](   javascript:alert(1))', 'click'],
    ['pointy with spaces', '[click](<java script:alert(1)>)', 'click'],
    ['pointy with newline', '[click](<java\nscript:alert(1)>)', 'click'],
    ['escaped colon', '[click](javascript\\:alert(1))', 'click'],
    ['data', '[click](data:text/html;base64,PHNjcmlwdD4=)', 'click'],
    ['vbscript', '[click](VBScript:msgbox(1))', 'click'],
    ['file', '[click](file:///etc/passwd)', 'click'],
    ['blob', '[click](blob:https://a.example/1)', 'click'],
    ['with a title', '[click](javascript:alert(1) "Title")', 'click'],
    ['image', '![a cat](javascript:alert(1))', 'a cat'],
    ['data image', '![pixel](data:image/svg+xml;base64,PHN2Zz4=)', 'pixel'],
  ])('turns a %s link into its text', (_name, markdown, text) => {
    expect(neutraliseLinks(markdown)).toBe(text);
  });

  it('keeps http(s), protocol-relative, relative and fragment links as they are', () => {
    const markdown = [
      '[a](https://example.org/a_(b)) [b](http://example.org) [c](//cdn.example/x.png)',
      '[d](/docs/intro) [e](../up) [f](#section) ![g](https://example.org/g.png "G")',
    ].join('\n');
    expect(neutraliseLinks(markdown)).toBe(markdown);
  });

  it('makes relative targets absolute against a base, in links, images and definitions', () => {
    const markdown =
      '[a](/docs/a_(b)) ![i](img/x.png "I") [f](#top) [s](<with space>) [r][d]\n\n[d]: ../up\n[ok](https://b.example/)';
    expect(neutraliseLinks(markdown, 'https://a.example/dir/page')).toBe(
      '[a](https://a.example/docs/a_%28b%29) ![i](https://a.example/dir/img/x.png "I") [f](https://a.example/dir/page#top) ' +
        '[s](https://a.example/dir/with%20space) [r][d]\n\n[d]: https://a.example/up\n[ok](https://b.example/)',
    );
    expect(neutraliseLinks('[a](/x)', 'file:///home/ubuntu/notes.md')).toBe('[a](/x)');
  });

  it('neutralises links nested in images and images nested in links', () => {
    expect(neutraliseLinks('[![logo](https://a.example/l.png)](javascript:x)')).toBe(
      '![logo](https://a.example/l.png)',
    );
    expect(neutraliseLinks('[![logo](javascript:x)](https://a.example)')).toBe('[logo](https://a.example)');
  });

  it('drops definitions with unsafe targets, so reference links stay text', () => {
    const markdown = '[Reference][evil]\n\n[evil]: javascript:alert(1)\n[ok]: https://example.org';
    const html = render(neutraliseLinks(markdown));
    expect(html).not.toContain('javascript');
    expect(html).toContain('[Reference][evil]');
  });

  it('escapes raw HTML so it renders as text', () => {
    const markdown =
      'Hello <img src=x onerror=alert(1)> and <script>alert(1)</script>\n\n<div onclick="x">block</div>';
    const html = render(neutraliseLinks(markdown));
    expect(findRenderedDanger(html)).toBeNull();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps http(s) autolinks and makes other autolinks text', () => {
    const html = render(neutraliseLinks('<https://example.org/a> <javascript:alert(1)> <mailto:a@b.c>'));
    expect(html).toContain('<a href="https://example.org/a">');
    expect(findRenderedDanger(html)).toBeNull();
  });

  it('leaves fenced code as code, with a fence nothing inside can close', () => {
    const markdown = 'Before\n\n```html\n<script>alert(1)</script>\n````\n```\n\nAfter <b>';
    const result = neutraliseLinks(markdown);
    expect(result).toContain('<script>alert(1)</script>');
    const html = render(result);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(findRenderedDanger(html)).toBeNull();
  });

  it('closes an unclosed fence at the end', () => {
    expect(neutraliseLinks('```js\nlet a = "<b>";')).toBe('```js\nlet a = "<b>";\n```');
  });

  it('escapes fences inside quotes and lists that it does not take for code', () => {
    for (const markdown of [
      '> ```\n> <img src=x onerror=alert(1)>\n> ```',
      '- a\n\n      ```\n      <img src=x onerror=alert(1)>\n      ```',
      '1. ```\n   <img src=x onerror=alert(1)>\n   ```',
    ]) {
      expect(findRenderedDanger(render(neutraliseLinks(markdown)))).toBeNull();
    }
  });

  it('does not let a code fence flip: what follows an indented or list fence is still escaped', () => {
    const markdown = [
      '- a',
      '',
      '  ```',
      '<img src=x onerror=alert(1)>',
      '  ```',
      '<img src=y onerror=alert(2)>',
    ];
    expect(findRenderedDanger(render(neutraliseLinks(markdown.join('\n'))))).toBeNull();
    const moreIndented = ['```', '    ```', 'text', '```', '<img src=x onerror=alert(1)>', '```'];
    expect(findRenderedDanger(render(neutraliseLinks(moreIndented.join('\n'))))).toBeNull();
  });

  it('looks at a ]( inside another link’s target, which a renderer may pair with an earlier [', () => {
    const html = render(neutraliseLinks('[Click [](*<](    data:text/html,x)'));
    expect(findRenderedDanger(html)).toBeNull();
  });

  it('escapes a fence that removing a link leaves at the start of a line', () => {
    const markdown = ['[  ```](javascript:x)', '~~~', '<img src=x onerror=1>', '~~~'];
    expect(findRenderedDanger(render(neutraliseLinks(markdown.join('\n'))))).toBeNull();
  });

  it('does not let a multi-line definition title swallow a fence', () => {
    const markdown = [
      '[a]: https://ok.example "',
      '```',
      'x',
      '```',
      '<img src=x onerror=alert(1)>"',
      '```',
      'y',
    ];
    expect(findRenderedDanger(render(neutraliseLinks(markdown.join('\n'))))).toBeNull();
    // A label marked lets run over lines, into a fence, to a `]:` inside it (found by the fuzz test).
    const label = ['[a]: <https://ok.example>x', '| a |', '| - |', '````', "']: x<div>", '', '</div>'];
    expect(findRenderedDanger(render(neutraliseLinks(label.join('\n'))))).toBeNull();
    const titleNext = ['[a]: https://ok.example', '"', '```', '<img src=x onerror=1>', '```', '"', '<b>'];
    expect(findRenderedDanger(render(neutraliseLinks(titleNext.join('\n'))))).toBeNull();
  });

  it('does not let code spans, tables or escapes hide HTML', () => {
    for (const markdown of [
      'a `b\nc` <img src=x onerror=1> `d`',
      '| h |\n| - |\n| `x | <img src=x onerror=1> | y` |',
      '[a](http://x/`) <img src=x onerror=1> `[b](c)',
      '\\\\<img src=x onerror=1>',
      '[a `]` b](javascript:alert(1))',
    ]) {
      expect(findRenderedDanger(render(neutraliseLinks(markdown))), markdown).toBeNull();
    }
  });

  it('renders every payload of the XSS corpus harmless', () => {
    for (const payload of XSS_PAYLOADS) {
      const html = render(neutraliseLinks(payload));
      expect(findRenderedDanger(html), payload).toBeNull();
      expect(html, payload).not.toMatch(/(?:href|src)="\s*(?:javascript|data|vbscript):/i);
    }
    const page = render(neutraliseLinks(XSS_PAYLOADS.join('\n\n')));
    expect(findRenderedDanger(page)).toBeNull();
  });

  it('writes an escaped < as &lt; without its backslash, and copes with long runs of markup characters', () => {
    expect(neutraliseLinks('a \\<b> c \\\\<i>')).toBe('a &lt;b> c \\\\&lt;i>');
    // Each of these took tens of seconds when a pattern backtracked over the run.
    for (const run of [
      '\\'.repeat(200_000),
      '['.repeat(200_000),
      ']('.repeat(100_000),
      'x]:'.repeat(50_000),
    ]) {
      expect(neutraliseLinks(`<b>${run}`).startsWith('&lt;b>')).toBe(true);
    }
  });

  it('renders random hostile markdown harmless (20,000 cases, fixed seed)', () => {
    let seed = 2026;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    };
    const failures: string[] = [];
    for (let run = 0; run < 20_000; run++) {
      let markdown = '';
      for (let count = 3 + Math.floor(random() * 25); count > 0; count--) {
        markdown += PIECES[Math.floor(random() * PIECES.length)];
      }
      if (findRenderedDanger(render(neutraliseLinks(markdown)))) failures.push(markdown);
    }
    expect(failures.slice(0, 3)).toEqual([]);
  }, 30_000);
});

describe('isSafeLinkTarget', () => {
  it.each([
    'javascript:x',
    ' \u0000javascript:x',
    'java\u0009script:x',
    'jav&#x0A;ascript:x',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;x',
    '&amp;#106;avascript:x',
    'JAVASCRIPT:x',
    'data:text/html,x',
    'mailto:a@b.c',
    'foo:bar',
  ])('refuses %j', (target) => {
    expect(isSafeLinkTarget(target)).toBe(false);
  });

  it.each(['https://a.example', 'HTTP://a.example', '//a.example/x', '/x', 'x/y', '?q=1', '#top', ''])(
    'allows %j',
    (target) => {
      expect(isSafeLinkTarget(target)).toBe(true);
    },
  );
});
