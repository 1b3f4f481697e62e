// The legacy build, as the agent worker's extractor uses: one pdf.js worker file for both.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { createResource, createSignal, For, onCleanup, onMount, Show } from 'solid-js';

type PdfDocument = Awaited<
  ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs')['getDocument']>['promise']
>;

/** Longest side a page is drawn at, in CSS pixels (the card is narrower; the canvas scales down). */
const PAGE_WIDTH_PX = 720;

/** Opens the PDF; `onTask` gets the loading task, whose `destroy()` ends pdf.js's work on it. */
async function openPdf(
  bytes: Uint8Array,
  onTask: (task: { destroy(): Promise<void> }) => void,
): Promise<PdfDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // A copy: pdf.js transfers the buffer it is given to its worker.
  const task = pdfjs.getDocument({ data: bytes.slice() });
  onTask(task);
  return task.promise;
}

/** One page, drawn when it scrolls near its box's view (a long PDF is not drawn all at once). */
function PdfPage(props: { pdf: PdfDocument; number: number }) {
  let canvas!: HTMLCanvasElement;
  const [state, setState] = createSignal<'waiting' | 'drawn' | 'failed'>('waiting');
  onMount(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void draw();
      },
      // Relative to the box the pages scroll in (the card's), so the pages near its view are drawn.
      { root: canvas.closest<HTMLElement>('.attachment-media, .pdf-scroll'), rootMargin: '400px' },
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
  return (
    <figure class="pdf-page" data-state={state()}>
      <canvas ref={canvas} aria-label={`Page ${props.number}`} />
      <figcaption>
        {state() === 'failed' ? `Page ${props.number} could not be drawn.` : `Page ${props.number}`}
      </figcaption>
    </figure>
  );
}

/**
 * A PDF's pages, scrolling, drawn by pdf.js (its worker from this app; no scripts or forms
 * of the PDF run: pdf.js draws, it does not execute).
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
  const pages = () => Array.from({ length: pdf.latest?.numPages ?? 0 }, (_, index) => index + 1);
  return (
    <Show
      when={pdf.state !== 'errored'}
      fallback={<p class="view-message">{props.name} could not be read as a PDF.</p>}
    >
      <Show when={pdf.latest} fallback={<p class="view-message">Opening {props.name}…</p>}>
        {(document) => (
          <div class="pdf-pages" role="document" aria-label={`${props.name}, ${document().numPages} pages`}>
            <p class="pdf-count">
              {document().numPages} {document().numPages === 1 ? 'page' : 'pages'}
            </p>
            <For each={pages()}>{(number) => <PdfPage pdf={document()} number={number} />}</For>
          </div>
        )}
      </Show>
    </Show>
  );
}
