import { describe, expect, it } from 'vitest';
import { localReferences, singleFileDeck } from './deck-single-file.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A workspace of text files, read as the viewer reads it (null when missing). */
function reader(files: Record<string, string>) {
  return async (path: string) => (path in files ? encode(files[path]!) : null);
}

const PAGE = `<!doctype html>
<html><head>
<link rel="stylesheet" href="reveal/reveal.css">
<link rel="stylesheet" href="reveal/theme/white.css">
</head><body>
<div class="reveal"><div class="slides"><section><img src="media/chart.svg" alt="Chart"></section></div></div>
<script src="reveal/reveal.js"></script>
<script src="deck.js"></script>
</body></html>`;

describe('singleFileDeck', () => {
  it('folds the deck’s stylesheets, fonts, scripts and images into one page', async () => {
    const deck = await singleFileDeck(
      'talk/slides/index.html',
      reader({
        'talk/slides/index.html': PAGE,
        'talk/slides/reveal/reveal.css': '.reveal { color: red }',
        'talk/slides/reveal/theme/white.css': '@font-face { src: url(fonts/source.woff) }',
        'talk/slides/reveal/theme/fonts/source.woff': 'font',
        'talk/slides/reveal/reveal.js': 'window.Reveal = { html: "<img src=\\"x.png\\">" };',
        'talk/slides/deck.js': 'Reveal.initialize({});',
        'talk/slides/media/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      }),
    );
    expect(deck).not.toBeNull();
    expect(deck?.missing).toEqual([]);
    // Stylesheets and scripts are folded in as UTF-8 data: URLs, each where its reference was.
    const folded = [...(deck?.html ?? '').matchAll(/data:([^;"]+);charset=utf-8;base64,([^"]+)/g)].map(
      ([, type, data]) =>
        `${type}: ${new TextDecoder().decode(Uint8Array.from(atob(data!), (c) => c.charCodeAt(0)))}`,
    );
    expect(folded).toContain('text/css: .reveal { color: red }');
    expect(
      folded.some((text) => text.startsWith('text/css: @font-face { src: url("data:font/woff;base64,')),
    ).toBe(true);
    expect(folded).toContain('text/javascript: Reveal.initialize({});\n//# sourceURL=talk/slides/deck.js');
    expect(deck?.html).toContain('src="data:image/svg+xml;base64,');
    expect(deck?.html).not.toMatch(/(src|href)="(reveal\/|deck\.js|media\/)/);
  });

  it('lists what it could not fold in, and is null without the page', async () => {
    const deck = await singleFileDeck(
      'talk/slides/index.html',
      reader({ 'talk/slides/index.html': PAGE, 'talk/slides/deck.js': '' }),
    );
    expect(deck?.missing).toEqual([
      'reveal/reveal.css',
      'reveal/theme/white.css',
      'media/chart.svg',
      'reveal/reveal.js',
    ]);
    expect(await singleFileDeck('gone/index.html', reader({}))).toBeNull();
  });
});

describe('localReferences', () => {
  it('finds relative file references in tags and styles, not in scripts, links or remote addresses', () => {
    const html = `<link rel="stylesheet" href='a.css'><link rel="canonical" href="b.html">
<script src=c.js></script><script>const s = '<img src="d.png">';</script>
<img src="https://example.org/e.png"><img src="data:image/png;base64,AA"><img src="/f.png">
<a href="g.html">g</a><style>body { background: url('h.png') } i { background: url(#i) }</style>
<video src="../j.mp4"></video><img src="../../../k.png">`;
    expect(localReferences(html, 'talk/slides/index.html')).toEqual(['a.css', 'c.js', '../j.mp4', 'h.png']);
  });
});
