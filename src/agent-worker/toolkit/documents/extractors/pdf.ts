/// <reference path="./pdfjs-worker.d.ts" />
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type { DocumentPart, ExtractedDocument, ExtractionOptions } from '../document-types.ts';

/**
 * PDF text with pdf.js's legacy build (`pdfjs-dist/legacy/build/`): the modern build calls
 * `Iterator` helpers that Node 20 lacks, and one build for the app and the tests keeps
 * what is tested what ships. In the agent worker, pdf.js parses in a nested worker of its
 * own (its worker file is a plain `.mjs` asset: outside the precache, cached at first use
 * by the service worker's runtime route), handed to pdf.js as a port. Its worker module
 * must not be imported into the agent worker: it would take the agent worker's own
 * `self` as its port and post to the page. Where there is no `Worker` (Node, the tests),
 * pdf.js runs its worker code in the same thread by itself. Loaded lazily (own chunk).
 *
 * A hostile or broken PDF cannot hold the agent worker: at most `MAX_PDF_PAGES` pages
 * are read (only those asked for), the abort signal is checked between pages, and the
 * whole extraction races a time limit and a nested worker that fails to start.
 */

/** Most pages of one PDF read in one extraction; the rest are listed as not read. */
export const MAX_PDF_PAGES = 500;
/** Longest a PDF extraction may take. */
export const PDF_TIME_LIMIT_MS = 60_000;
/** Ends a whole extraction, not one page: the time limit, a reader that cannot start. */
class PdfStoppedError extends Error {}

/** Said when pdf.js's worker file cannot be loaded (with a `port`, pdf.js never hears of it). */
export const PDF_READER_FAILED = 'the PDF reader could not start (offline before it was first used?).';

/** Node 20 (the tests) lacks `Promise.withResolvers`, which pdf.js calls; browsers have had it since 2024. */
function ensureWithResolvers(): void {
  const promise = Promise as { withResolvers?: unknown };
  promise.withResolvers ??= <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const created = new Promise<T>((settle, fail) => {
      resolve = settle;
      reject = fail;
    });
    return { promise: created, resolve, reject };
  };
}

async function loadPdfJs() {
  ensureWithResolvers();
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

/**
 * pdf.js's worker in a nested Worker, when this environment has them, and a promise
 * that rejects when that Worker fails to load or to read a message.
 */
function nestedWorker(pdfjs: Awaited<ReturnType<typeof loadPdfJs>>) {
  if (typeof Worker !== 'function') return null;
  const port = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  const failed = new Promise<never>((_, reject) => {
    const fail = () => reject(new PdfStoppedError(PDF_READER_FAILED));
    port.addEventListener('error', fail);
    port.addEventListener('messageerror', fail);
  });
  failed.catch(() => {});
  // pdf.js types `port` as null only; its constructor takes a Worker or MessagePort there.
  const options = { port } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0];
  return { port, failed, worker: new pdfjs.PDFWorker(options) };
}

/** A promise that rejects when `signal` aborts or `milliseconds` pass, and a function that stops the timer. */
function limits(signal: AbortSignal | undefined, milliseconds: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new PdfStoppedError(`reading the PDF took longer than ${milliseconds / 1000} s; it was stopped.`),
        ),
      milliseconds,
    );
    onAbort = () => reject(signal?.reason ?? new Error('stopped.'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return {
    promise,
    stop: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

const METADATA_FIELDS = [
  ['Title', 'title'],
  ['Author', 'author'],
  ['Subject', 'subject'],
  ['Keywords', 'keywords'],
  ['Creator', 'creator'],
  ['Producer', 'producer'],
  ['CreationDate', 'created'],
  ['ModDate', 'modified'],
] as const;

/** An open PDF: pdf.js, the document, a guard that races the limits, and `close` (always call it). */
export type OpenPdf = {
  pdfjs: Awaited<ReturnType<typeof loadPdfJs>>;
  pdf: import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
  /** `work` raced against the time limit, the stop signal and a reader that failed. */
  bounded: <T>(work: Promise<T>) => Promise<T>;
  close: () => void;
};

/**
 * Opens a PDF with pdf.js (parsing in a nested worker where there are workers), bounded
 * by the signal and a time limit. Rejects with a reason a person can read for a file
 * that is not a PDF or is protected by a password.
 */
export async function openPdf(
  bytes: Uint8Array,
  options: { signal?: AbortSignal | undefined; timeLimitMs?: number | undefined; forDrawing?: object } = {},
): Promise<OpenPdf> {
  options.signal?.throwIfAborted();
  const pdfjs = await loadPdfJs();
  const nested = nestedWorker(pdfjs);
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    ...(nested ? { worker: nested.worker } : {}),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    disableFontFace: true,
    isEvalSupported: false,
    disableWorkerRendering: true,
    ...options.forDrawing,
  } as Parameters<typeof pdfjs.getDocument>[0]);
  const limit = limits(options.signal, options.timeLimitMs ?? PDF_TIME_LIMIT_MS);
  const bounded = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([work, limit.promise, ...(nested ? [nested.failed] : [])]);
  // Not awaited: a reader that never started never answers its `destroy`.
  const close = () => {
    limit.stop();
    task.destroy().catch(() => {});
    endWorker(nested);
  };
  try {
    return { pdfjs, pdf: await bounded(task.promise), bounded, close };
  } catch (error) {
    close();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new Error('the PDF is protected by a password.');
    if (name === 'InvalidPDFException')
      throw new Error('the file is not a valid PDF (damaged or not a PDF).');
    throw error;
  }
}

/** True when `error` ended the whole reading (stop, time limit, reader failed), not one page. */
export function endsReading(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || error instanceof PdfStoppedError;
}

/**
 * Page count, metadata and the text of the pages asked for (all by default, at most
 * `MAX_PDF_PAGES`); a page without a text layer is marked so, a page not read as
 * skipped. Rejects when the signal aborts, the time limit passes or pdf.js cannot start.
 */
export async function extractPdf(
  bytes: Uint8Array,
  _name?: string,
  options: ExtractionOptions & { timeLimitMs?: number } = {},
): Promise<ExtractedDocument> {
  const { pdfjs, pdf, bounded, close: shutDown } = await openPdf(bytes, options);
  try {
    const metadata: Record<string, string> = {};
    const warnings: string[] = [];
    try {
      const { info } = (await bounded(pdf.getMetadata())) as { info: Record<string, unknown> };
      for (const [key, name] of METADATA_FIELDS) {
        const value = info[key];
        if (typeof value !== 'string' || value.trim() === '') continue;
        const date = key.endsWith('Date') ? pdfjs.PDFDateString.toDateObject(value) : null;
        metadata[name] = date ? date.toISOString() : value.trim();
      }
    } catch {
      warnings.push('The metadata could not be read.');
    }
    const count = pdf.numPages;
    const first = Math.max(1, options.pages?.first ?? 1);
    const asked = options.pages && options.pages.last !== -1 ? Math.min(options.pages.last, count) : count;
    const last = Math.min(asked, first + MAX_PDF_PAGES - 1);
    if (last < asked)
      warnings.push(
        `Only ${MAX_PDF_PAGES} pages are read at a time: pages ${last + 1}–${asked} were not read.`,
      );
    const parts: DocumentPart[] = [];
    for (let number = 1; number <= count; number++) {
      if (number < first || number > last) {
        parts.push({ label: `Page ${number}`, text: NOT_READ, hasText: false, isSkipped: true });
        continue;
      }
      options.signal?.throwIfAborted();
      try {
        const page = await bounded(pdf.getPage(number));
        const content = await bounded(page.getTextContent());
        const text = content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/[ \t]+\n/g, '\n')
          .trim();
        parts.push({ label: `Page ${number}`, text, hasText: text !== '' });
        page.cleanup();
      } catch (error) {
        if (endsReading(error, options.signal)) throw error;
        warnings.push(`Page ${number} could not be read: ${error instanceof Error ? error.message : error}`);
        parts.push({ label: `Page ${number}`, text: '', hasText: false });
      }
    }
    return { format: 'pdf', unit: 'page', metadata, parts, warnings };
  } finally {
    shutDown();
  }
}

/** The text of a page left unread. */
const NOT_READ = '(This page was not read: ask for it with `range`.)';

function endWorker(nested: ReturnType<typeof nestedWorker>): void {
  nested?.worker.destroy();
  nested?.port.terminate();
}
