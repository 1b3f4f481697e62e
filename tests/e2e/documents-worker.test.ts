import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  plannerDocx,
  SAMPLE_CSV,
  scannedPdf,
  twoPagePdf,
  twoSheetXlsx,
  twoSlidePptx,
} from '../fixtures/documents/document-files.ts';
import { launchChromium } from './app-harness.ts';

/**
 * The built extractor chunks (assets/lazy/) run in a dedicated module worker in
 * Chromium — the agent worker's setting: no DOM, pdf.js's worker code in the same thread.
 */

const DIST = process.env.SANDPIPER_DIST
  ? `${process.env.SANDPIPER_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));

/** The lazy chunk exporting `name`, as a path under the site. */
function chunkExporting(name: string): string {
  const folder = `${DIST}assets/lazy/`;
  const file = readdirSync(folder).find(
    (entry) =>
      entry.endsWith('.js') && new RegExp(` as ${name}[,}]`).test(readFileSync(`${folder}${entry}`, 'utf8')),
  );
  if (!file) throw new Error(`No lazy chunk exports ${name}: build the app first.`);
  return `/assets/lazy/${file}`;
}

/** The probe worker, served beside the built app (its URL is the base pdf.js's worker file resolves against). */
const PROBE = `self.onmessage = async ({ data }) => {
  try {
    const module = await import(data.chunk);
    const document = await module[data.name](new Uint8Array(data.bytes), data.file);
    postMessage({ ok: true, document, hasDom: typeof self.document !== 'undefined' });
  } catch (error) {
    postMessage({ ok: false, error: String(error && error.stack || error) });
  }
};`;

/** The built app as a static host serves it, plus the probe worker at /assets/documents-probe.js. */
function serveDist(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    const isProbe = path === '/assets/documents-probe.js';
    try {
      const body = isProbe ? PROBE : readFileSync(join(DIST, path));
      const type = ['.js', '.mjs'].includes(extname(path)) ? 'text/javascript' : 'image/svg+xml';
      response.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

let browser: Browser;
let site: { url: string; server: Server };
beforeAll(async () => {
  site = await serveDist();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  site?.server.closeAllConnections();
  site?.server.close();
});

type WorkerAnswer = {
  ok: boolean;
  error?: string;
  hasDom?: boolean;
  document?: {
    format: string;
    metadata: Record<string, string>;
    parts: { label: string; text: string; hasText: boolean }[];
  };
};

async function extractInWorker(name: string, bytes: Uint8Array, file: string): Promise<WorkerAnswer> {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/favicon.svg`);
    return await page.evaluate(
      (message) =>
        new Promise<WorkerAnswer>((resolve) => {
          const worker = new Worker('/assets/documents-probe.js', { type: 'module' });
          // Only the probe's answer: anything else posted here (pdf.js's own "ready") would be a leak.
          worker.onmessage = (event) => resolve(event.data as WorkerAnswer);
          worker.onerror = (event) => resolve({ ok: false, error: event.message });
          worker.postMessage(message);
        }),
      { chunk: chunkExporting(name), name, file, bytes: [...bytes] },
    );
  } finally {
    await page.close();
  }
}

function parts(answer: WorkerAnswer) {
  if (!answer.ok) throw new Error(answer.error);
  expect(answer.hasDom).toBe(false);
  return answer.document!.parts;
}

describe('the document extractors in a Chromium worker (built chunks)', () => {
  it('reads a PDF per page with its metadata, and marks a scanned page', async () => {
    const answer = await extractInWorker('extractPdf', await twoPagePdf(), 'report.pdf');
    expect(parts(answer).map((part) => part.text)).toEqual([
      'Revenue grew by 8 percent in the first quarter.',
      'Costs fell by 12 percent on page two.',
    ]);
    expect(answer.document?.metadata.title).toBe('Quarterly Report');
    const scanned = await extractInWorker('extractPdf', await scannedPdf(), 'scan.pdf');
    expect(parts(scanned).map((part) => part.hasText)).toEqual([false]);
  });

  it('reads DOCX (with its table), XLSX, CSV and PPTX', async () => {
    const docx = parts(await extractInWorker('extractDocx', await plannerDocx(), 'plan.docx'));
    expect(docx[0]?.text).toMatch(/# Project Plan[\s\S]*\| Design \| Ann\s*\|/);
    const xlsx = parts(await extractInWorker('extractXlsx', await twoSheetXlsx(), 'book.xlsx'));
    expect(xlsx.map((part) => part.label)).toEqual(['Sheet “Sales”', 'Sheet “Costs”']);
    const csv = parts(
      await extractInWorker('extractCsv', new TextEncoder().encode(SAMPLE_CSV), 'scores.csv'),
    );
    expect(csv[0]?.text).toContain('| Lin, Jr. | 75 |');
    const pptx = parts(await extractInWorker('extractPptx', twoSlidePptx(), 'deck.pptx'));
    expect(pptx.map((part) => part.text)).toEqual([
      'Welcome\nAgenda for today',
      'Next steps\nShip it & celebrate',
    ]);
  });
});
