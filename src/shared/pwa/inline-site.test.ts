import { describe, expect, it } from 'vitest';
import { inlineSiteDocument, localPath } from './inline-site.ts';

const FILES: Record<string, string> = {
  'site/styles.css': 'body { background: url("img/bg.png"); } h1 { color: red; }',
  'site/main.js': 'document.body.dataset.ready = "yes"; const s = "</script>";',
  'site/vendor/lib.js': 'window.lib = 1;',
  'site/img/bg.png': 'PNG',
  'site/img/logo.png': 'LOGO',
  'secret.txt': 'outside the site',
};

const read = async (path: string) => (path in FILES ? new TextEncoder().encode(FILES[path]) : null);

describe('a preview page with its own files folded in', () => {
  it('inlines relative stylesheets (with their url()s), classic and module scripts, and images', async () => {
    const html = `<!doctype html><html><head>
<link rel="stylesheet" href="styles.css"><link rel="icon" href="img/logo.png">
<script type="module" src="main.js"></script><script src="./vendor/lib.js"></script>
</head><body><img alt="Logo" src="img/logo.png"><img src="https://cdn.example/x.png"></body></html>`;
    const inlined = await inlineSiteDocument(html, 'site/index.html', read);
    const urls = [...inlined.matchAll(/(?:href|src)="data:([^;]+);charset=utf-8;base64,([^"]+)"/g)].map(
      ([, type, data]) => ({
        type,
        text: new TextDecoder().decode(Uint8Array.from(atob(data!), (c) => c.charCodeAt(0))),
      }),
    );
    expect(urls).toEqual([
      {
        type: 'text/css',
        text: 'body { background: url("data:image/png;base64,UE5H"); } h1 { color: red; }',
      },
      {
        type: 'text/javascript',
        text: 'document.body.dataset.ready = "yes"; const s = "</script>";\n//# sourceURL=site/main.js',
      },
      { type: 'text/javascript', text: 'window.lib = 1;\n//# sourceURL=site/vendor/lib.js' },
    ]);
    expect(inlined).toMatch(/<link rel="stylesheet" href="data:text\/css;[^"]+">/);
    expect(inlined).toMatch(/<script type="module" src="data:text\/javascript;[^"]+"><\/script>/);
    // Every reference is replaced on its own line: the document keeps its line numbers.
    expect(inlined.split('\n')).toHaveLength(html.split('\n').length);
    expect(inlined).toContain('<img alt="Logo" src="data:image/png;base64,TE9HTw==">');
    // Remote and non-stylesheet references are left as written.
    expect(inlined).toContain('<img src="https://cdn.example/x.png">');
    expect(inlined).toContain('<link rel="icon" href="img/logo.png">');
  });

  it('leaves references it cannot read as they are', async () => {
    const html = '<link rel="stylesheet" href="missing.css"><script src="gone.js"></script>';
    expect(await inlineSiteDocument(html, 'site/index.html', read)).toBe(html);
  });

  it('resolves only relative references inside the workspace', () => {
    expect(localPath('../img/a b%20c.png', 'site/css/main.css')).toBe('site/img/a b c.png');
    expect(localPath('../../../secret.txt', 'site/index.html')).toBeNull();
    expect(localPath('/secret.txt', 'site/index.html')).toBeNull();
    expect(localPath('https://x.example/a.js', 'site/index.html')).toBeNull();
    expect(localPath('data:text/css,x', 'site/index.html')).toBeNull();
    expect(localPath('#top', 'site/index.html')).toBeNull();
    expect(localPath('main.js?v=2', 'site/index.html')).toBe('site/main.js');
  });
});
