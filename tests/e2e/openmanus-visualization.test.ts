import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATH_ALIASES } from '~/scripts/path-aliases.mjs';
import { launchChromium } from './app-harness.ts';

/**
 * `data_visualization`'s drawing in a Chromium module worker (the agent worker's setting:
 * no DOM, an OffscreenCanvas): the chunk that makes a chart (papaparse, Chart.js) turns CSV
 * into a PNG and a self-contained page. It is the built app's lazy chunk exporting
 * `makeChart` when `SANDPIPER_DIST` holds one, else that module built alone here. The PNGs
 * are written to the temp folder (`openmanus-charts/`) to be looked at.
 */

const DIST = process.env.SANDPIPER_DIST ? process.env.SANDPIPER_DIST.replace(/\/+$/, '') : null;
const LOOK_AT = join(tmpdir(), 'openmanus-charts');

/** The folder to serve and the chunk (a path under it) exporting `makeChart`. */
async function chartChunk(): Promise<{ root: string; chunk: string }> {
  if (DIST) {
    for (const folder of ['assets/lazy', 'assets']) {
      const path = join(DIST, folder);
      if (!existsSync(path)) continue;
      const file = readdirSync(path).find(
        (entry) => entry.endsWith('.js') && / as makeChart[,}]/.test(readFileSync(join(path, entry), 'utf8')),
      );
      if (file) return { root: DIST, chunk: `/${folder}/${file}` };
    }
  }
  const root = join(tmpdir(), 'openmanus-chart-build');
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: PATH_ALIASES },
    build: {
      outDir: root,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: {
        entry: fileURLToPath(
          new URL(
            '../../src/agent-worker/profiles/openmanus/tools/data-visualization/chart-making.ts',
            import.meta.url,
          ),
        ),
        formats: ['es'],
        fileName: () => 'chart-making.js',
      },
    },
  });
  return { root, chunk: '/chart-making.js' };
}

const PROBE = `self.onmessage = async ({ data }) => {
  try {
    const { makeChart } = await import(data.chunk);
    const made = await makeChart({
      csv: data.csv, title: data.title, source: 'data.csv', language: 'en',
      completion: { complete: async () => ({ error: 'No model in this test.' }) },
      signal: new AbortController().signal,
    });
    postMessage({ ok: true, png: [...made.png], html: made.html, spec: made.spec, hasDom: typeof self.document !== 'undefined' });
  } catch (error) {
    postMessage({ ok: false, error: String(error && error.message || error) });
  }
};`;

function serve(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/chart-probe.js')
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(PROBE);
    if (path === '/')
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>probe</title>');
    try {
      const body = readFileSync(join(root, path));
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
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

type Answer = {
  ok: boolean;
  error?: string;
  png?: number[];
  html?: string;
  spec?: { type: string };
  hasDom?: boolean;
};

let browser: Browser;
let site: { url: string; server: Server };
let chunk: string;
beforeAll(async () => {
  const found = await chartChunk();
  chunk = found.chunk;
  site = await serve(found.root);
  browser = await launchChromium();
  mkdirSync(LOOK_AT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  site?.server.closeAllConnections();
  site?.server.close();
});

async function chartInWorker(csv: string, title: string): Promise<Answer> {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/`);
    return await page.evaluate(
      (message) =>
        new Promise<Answer>((resolve) => {
          const worker = new Worker('/chart-probe.js', { type: 'module' });
          worker.onmessage = (event) => resolve(event.data as Answer);
          worker.onerror = (event) => resolve({ ok: false, error: event.message });
          worker.postMessage(message);
        }),
      { chunk, csv, title },
    );
  } finally {
    await page.close();
  }
}

/** The width and height in a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Share of sampled pixels that are not white, from the PNG decoded in the page. */
async function inkShare(png: Uint8Array): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/`);
    return await page.evaluate(
      async (bytes) => {
        const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) return 0;
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        let ink = 0;
        let samples = 0;
        for (let index = 0; index < data.length; index += 4 * 97) {
          samples += 1;
          if ((data[index] ?? 255) < 230 || (data[index + 1] ?? 255) < 230 || (data[index + 2] ?? 255) < 230)
            ink += 1;
        }
        return ink / samples;
      },
      [...png],
    );
  } finally {
    await page.close();
  }
}

const SALES = `month,revenue,cost
2025-01,120,80
2025-02,150,90
2025-03,90,70
2025-04,170,95
2025-05,210,120
2025-06,190,110
`;

describe('data_visualization’s charts in a Chromium worker', () => {
  it('draws a line chart of monthly figures on white, and a page with the image and the data', async () => {
    const answer = await chartInWorker(SALES, 'Revenue and cost in 2025');
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.hasDom).toBe(false);
    expect(answer.spec?.type).toBe('line');
    const png = new Uint8Array(answer.png ?? []);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngSize(png)).toEqual({ width: 1200, height: 675 });
    writeFileSync(join(LOOK_AT, 'line.png'), png);
    const ink = await inkShare(png);
    // Axes, two lines, labels and a title: some ink, mostly white background.
    expect(ink).toBeGreaterThan(0.01);
    expect(ink).toBeLessThan(0.5);
    const html = answer.html ?? '';
    expect(html).toContain('<img src="data:image/png;base64,');
    expect(html).toContain('<td>2025-05</td><td>210</td><td>120</td>');
    expect(html).not.toMatch(/<script/i);
  });

  it('draws shares as a pie and categories as bars', async () => {
    const fruit = 'fruit,count\nApple,12\nPear,5\nPlum,7\nFig,3\n';
    const pie = await chartInWorker(fruit, 'Share of each fruit');
    if (!pie.ok) throw new Error(pie.error);
    expect(pie.spec?.type).toBe('pie');
    writeFileSync(join(LOOK_AT, 'pie.png'), new Uint8Array(pie.png ?? []));
    const bars = await chartInWorker(fruit, 'Fruit counted');
    expect(bars.spec?.type).toBe('bar');
    writeFileSync(join(LOOK_AT, 'bar.png'), new Uint8Array(bars.png ?? []));
    expect(await inkShare(new Uint8Array(bars.png ?? []))).toBeGreaterThan(0.01);
  });

  it('says why a table with nothing to count cannot be charted', async () => {
    const answer = await chartInWorker('name,town\nAda,London\n', 'People');
    expect(answer).toEqual({ ok: false, error: 'The CSV file has no numeric column to chart.' });
  });
});
