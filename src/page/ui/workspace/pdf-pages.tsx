// The legacy build, as the agent worker's extractor uses: one pdf.js worker file for both.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { createResource, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { formatBytes } from '../shared/format.ts';
import './pdf-pages.css';

type PdfDocument = Awaited<
  ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs')['getDocument']>['promise']
>;

/** An opened PDF, with its first page's width over height (the placeholder shape of undrawn pages). */
type OpenedPdf = { document: PdfDocument; aspectRatio: number };

/** Longest side a page is drawn at, in CSS pixels (the card is narrower; the canvas scales down). */
const PAGE_WIDTH_PX = 720;

/** How far beyond the pages' view a page is drawn ahead of scrolling: about one A4 page at full width. */
const DRAW_AHEAD_PX = 800;

/** Opens the PDF; `onTask` gets the loading task, whose `destroy()` ends pdf.js's work on it. */
async function openPdf(
  bytes: Uint8Array,
  onTask: (task: { destroy(): Promise<void> }) => void,
): Promise<OpenedPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // A copy: pdf.js transfers the buffer it is given to its worker.
  const task = pdfjs.getDocument({ data: bytes.slice() });
  onTask(task);
  const document = await task.promise;
  const first = (await document.getPage(1)).getViewport({ scale: 1 });
  return { document, aspectRatio: first.width / first.height };
}

/** One page, drawn when it scrolls near the pages' view (a long PDF is not drawn all at once). */
function PdfPage(props: { pdf: PdfDocument; number: number; aspectRatio: number }) {
  let canvas!: HTMLCanvasElement;
  const [state, setState] = createSignal<'waiting' | 'drawn' | 'failed'>('waiting');
  onMount(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void draw();
      },
      // Relative to the box the pages scroll in: the pages in view and about one page ahead are drawn.
      { root: canvas.closest<HTMLElement>('.pdf-scroll'), rootMargin: `${DRAW_AHEAD_PX}px 0px` },
    );
    observer.observe(canvas);
    onCleanup(() => observer.disconnect());
  });
  async function draw(): Promise<void> {
    try {
      const page = await props.pdf.getPage(props.number);
      const unscaled = page.getViewport({ scale: 1 });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (PAGE_WIDTH_PX / unscaled.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      setState('drawn');
    } catch {
      setState('failed');
    }
  }
  const caption = () => {
    if (state() === 'failed') return `Page ${props.number} could not be drawn.`;
    return state() === 'waiting' ? `Page ${props.number} (drawing…)` : `Page ${props.number}`;
  };
  return (
    <figure class="pdf-page" data-state={state()}>
      <canvas
        ref={canvas}
        aria-label={`Page ${props.number}`}
        role="img"
        style={state() === 'drawn' ? undefined : { 'aspect-ratio': String(props.aspectRatio) }}
      />
      <figcaption>{caption()}</figcaption>
    </figure>
  );
}

/**
 * A PDF's pages as canvases in a scrolling box that takes keyboard focus (arrows and Page
 * Up/Down scroll it), with the page count; each page is drawn by pdf.js as it nears the
 * view. Used by the Files tab and a result's attachment card alike. pdf.js (its worker
 * from this app) draws; no script or form of the PDF runs.
 */
export default function PdfPages(props: { bytes: Uint8Array; name: string }) {
  let loading: { destroy(): Promise<void> } | undefined;
  const [pdf] = createResource(
    () => props.bytes,
    (bytes) =>
      openPdf(bytes, (task) => {
        void loading?.destroy();
        loading = task;
      }),
  );
  onCleanup(() => void loading?.destroy());
  const pageCount = () => pdf.latest?.document.numPages ?? 0;
  const pages = () => Array.from({ length: pageCount() }, (_, index) => index + 1);
  const countText = () => `${pageCount()} ${pageCount() === 1 ? 'page' : 'pages'}`;
  return (
    <Show
      when={pdf.state !== 'errored'}
      fallback={<p class="view-message">{props.name} could not be read as a PDF.</p>}
    >
      <Show
        when={pdf.latest}
        fallback={
          <p class="view-message" role="status">
            Opening {props.name} ({formatBytes(props.bytes.byteLength)})…
          </p>
        }
      >
        {(opened) => (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it
          <section class="pdf-scroll" tabIndex={0} aria-label={`${props.name}, ${countText()}`}>
            <div class="pdf-pages">
              <p class="pdf-count">{countText()}</p>
              <For each={pages()}>
                {(number) => (
                  <PdfPage pdf={opened().document} number={number} aspectRatio={opened().aspectRatio} />
                )}
              </For>
            </div>
          </section>
        )}
      </Show>
    </Show>
  );
}
