/// <reference path="./pdfjs-worker.d.ts" />
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type { DocumentPart, ExtractedDocument } from '../document-types.ts';

/**
 * PDF text with pdf.js's legacy build (`pdfjs-dist/legacy/build/`): the modern build calls
 * `Iterator` helpers that Node 20 lacks, and one build for the app and the tests keeps
 * what is tested what ships. In the agent worker, pdf.js parses in a nested worker of its
 * own (its worker file is a plain `.mjs` asset: outside the precache, cached at first use
 * by the service worker's runtime route), handed to pdf.js as a port. Its worker module
 * must not be imported into the agent worker: it would take the agent worker's own
 * `self` as its port and post to the page. Where there is no `Worker` (Node, the tests),
 * pdf.js runs its worker code in the same thread by itself. Loaded lazily (own chunk).
 */

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

/** pdf.js's worker in a nested Worker, when this environment has them. */
function nestedWorker(pdfjs: Awaited<ReturnType<typeof loadPdfJs>>) {
  if (typeof Worker !== 'function') return null;
  const port = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  // pdf.js types `port` as null only; its constructor takes a Worker or MessagePort there.
  const options = { port } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0];
  return { port, worker: new pdfjs.PDFWorker(options) };
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

/** Page count, metadata and the text of every page; a page without a text layer is marked so. */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  const pdfjs = await loadPdfJs();
  const nested = nestedWorker(pdfjs);
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    ...(nested ? { worker: nested.worker } : {}),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    disableFontFace: true,
    isEvalSupported: false,
    disableWorkerRendering: true,
  } as Parameters<typeof pdfjs.getDocument>[0]);
  let pdf: Awaited<typeof task.promise>;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    endWorker(nested);
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new Error('the PDF is protected by a password.');
    if (name === 'InvalidPDFException')
      throw new Error('the file is not a valid PDF (damaged or not a PDF).');
    throw error;
  }
  try {
    const metadata: Record<string, string> = {};
    const warnings: string[] = [];
    try {
      const { info } = (await pdf.getMetadata()) as { info: Record<string, unknown> };
      for (const [key, name] of METADATA_FIELDS) {
        const value = info[key];
        if (typeof value !== 'string' || value.trim() === '') continue;
        const date = key.endsWith('Date') ? pdfjs.PDFDateString.toDateObject(value) : null;
        metadata[name] = date ? date.toISOString() : value.trim();
      }
    } catch {
      warnings.push('The metadata could not be read.');
    }
    const parts: DocumentPart[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const text = content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/[ \t]+\n/g, '\n')
          .trim();
        parts.push({ label: `Page ${number}`, text, hasText: text !== '' });
        page.cleanup();
      } catch (error) {
        warnings.push(`Page ${number} could not be read: ${error instanceof Error ? error.message : error}`);
        parts.push({ label: `Page ${number}`, text: '', hasText: false });
      }
    }
    return { format: 'pdf', unit: 'page', metadata, parts, warnings };
  } finally {
    await task.destroy();
    endWorker(nested);
  }
}

function endWorker(nested: ReturnType<typeof nestedWorker>): void {
  nested?.worker.destroy();
  nested?.port.terminate();
}
