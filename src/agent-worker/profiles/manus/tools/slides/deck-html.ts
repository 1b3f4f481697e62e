import { escapeHtml } from './render-markdown.ts';
import { REVEAL_THEME } from './reveal-assets.ts';

/** One rendered slide: its HTML and its notes' HTML, if any. */
export type RenderedSlide = { html: string; notesHtml: string | null };

/** The deck's own script, beside `index.html` (a file, so a `script-src 'self'` policy allows it). */
export const DECK_SCRIPT_PATH = 'deck.js';

/**
 * The script that starts reveal.js. `postMessageEvents` tells a parent frame (the viewer)
 * of every slide change; reveal's `postMessage` API (on by default) lets it call `next`,
 * `prev`, `slide` and `getTotalSlides`. Reveal's scroll view (which it switches to in a
 * narrow window, such as a phone's viewer) is off: it keeps its place in `sessionStorage`,
 * which throws in the preview's opaque origin. Opened with `?print-pdf` (the viewer's
 * "Export PDF", in a tab of its own), the deck prints itself once the print layout is done.
 */
export const DECK_SCRIPT = `Reveal.initialize({
  hash: true,
  slideNumber: 'c/t',
  postMessageEvents: true,
  scrollActivationWidth: null,
  plugins: [RevealHighlight, RevealNotes],
});
if (/print-pdf/i.test(window.location.search)) {
  Reveal.on('pdf-ready', () => window.print());
}
`;

/**
 * The deck's `index.html`: plain HTML, one `<section>` per slide (a `<section>` of
 * `<section>`s for a vertical stack), notes in `<aside class="notes">`, and only relative
 * links to the reveal.js files copied beside it.
 */
export function deckDocument(title: string, stacks: readonly (readonly RenderedSlide[])[]): string {
  const sections = stacks
    .map((stack) => {
      if (stack.length === 1 && stack[0]) return slideSection(stack[0], '      ');
      const inner = stack.map((slide) => slideSection(slide, '        ')).join('\n');
      return `      <section>\n${inner}\n      </section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <meta name="generator" content="Sandpiper slides (reveal.js 6)">
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="reveal/reset.css">
    <link rel="stylesheet" href="reveal/reveal.css">
    <link rel="stylesheet" href="reveal/theme/${REVEAL_THEME}.css">
    <link rel="stylesheet" href="reveal/plugin/highlight/monokai.css">
    <style>.reveal img { max-height: 60vh; } .reveal .missing-image { font-style: italic; opacity: 0.6; }</style>
  </head>
  <body>
    <div class="reveal">
      <div class="slides">
${sections}
      </div>
    </div>
    <script src="reveal/reveal.js"></script>
    <script src="reveal/plugin/notes.js"></script>
    <script src="reveal/plugin/highlight.js"></script>
    <script src="${DECK_SCRIPT_PATH}"></script>
  </body>
</html>
`;
}

function slideSection(slide: RenderedSlide, indent: string): string {
  // The body is not re-indented: that would add spaces inside <pre> blocks.
  const notes =
    slide.notesHtml === null ? '' : `\n<aside class="notes">\n${slide.notesHtml.trim()}\n</aside>`;
  return `${indent}<section>\n${slide.html.trim()}${notes}\n${indent}</section>`;
}
