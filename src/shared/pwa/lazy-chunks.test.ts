import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkFileName, isLazyChunk, LAZY_PACKAGES, LAZY_SOURCE_PREFIXES } from './lazy-chunks.ts';

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));

const root = '/work/app';

describe('lazy chunks', () => {
  it('are chunks made only of the heavy, on-demand libraries', () => {
    expect(isLazyChunk({ moduleIds: [`${root}/node_modules/@xterm/xterm/lib/xterm.mjs`] })).toBe(true);
    expect(
      isLazyChunk({
        moduleIds: [
          '\0rolldown/runtime.js',
          `${root}/node_modules/highlight.js/lib/core.js`,
          `${root}/node_modules/highlight.js/es/core.js`,
        ],
      }),
    ).toBe(true);
    expect(isLazyChunk({ moduleIds: [`${root}/node_modules/@mlc-ai/web-llm/lib/index.js`] })).toBe(true);
    expect(
      isLazyChunk({ moduleIds: [`${root}/src/agent-worker/sandbox/webcontainer/webcontainer-sandbox.ts`] }),
    ).toBe(true);
    expect(isLazyChunk({ moduleIds: ['C:\\app\\node_modules\\fflate\\esm\\browser.js'] })).toBe(true);
    expect(
      isLazyChunk({
        moduleIds: [
          `${root}/node_modules/mammoth/lib/index.js`,
          `${root}/node_modules/jszip/dist/jszip.min.js`,
          `${root}/src/agent-worker/toolkit/documents/extractors/docx.ts`,
        ],
      }),
    ).toBe(true);
    expect(isLazyChunk({ moduleIds: [`${root}/src/agent-worker/toolkit/documents/documents.ts`] })).toBe(
      false,
    );
  });

  it('never include the app shell or the virtual sandbox, which must work offline', () => {
    expect(isLazyChunk({ moduleIds: [`${root}/node_modules/just-bash/dist/bundle/browser.js`] })).toBe(false);
    expect(
      isLazyChunk({
        moduleIds: [
          `${root}/node_modules/@xterm/xterm/lib/xterm.mjs`,
          `${root}/src/page/ui/computer/terminal.tsx`,
        ],
      }),
    ).toBe(false);
    expect(isLazyChunk({ moduleIds: ['\0vite/preload-helper.js'] })).toBe(false);
    expect(isLazyChunk({ moduleIds: [] })).toBe(false);
  });

  it('go to assets/lazy/, the others stay in assets/', () => {
    expect(chunkFileName({ moduleIds: [`${root}/node_modules/fflate/esm/browser.js`] })).toBe(
      'assets/lazy/[name]-[hash].js',
    );
    expect(
      chunkFileName({ moduleIds: [`${root}/src/agent-worker/sandbox/virtual/virtual-sandbox.ts`] }),
    ).toBe('assets/[name]-[hash].js');
  });

  it.each(LAZY_SOURCE_PREFIXES)('name real source files: %s', (prefix) => {
    const folder = join(REPOSITORY, prefix.endsWith('/') ? prefix : dirname(prefix));
    const start = prefix.endsWith('/') ? '' : prefix.slice(prefix.lastIndexOf('/') + 1);
    expect(existsSync(folder)).toBe(true);
    const files = readdirSync(folder).filter((name) => name.startsWith(start) && /\.tsx?$/.test(name));
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(LAZY_PACKAGES)('name an installed package: %s', (name) => {
    expect(existsSync(join(REPOSITORY, 'node_modules', name))).toBe(true);
  });

  it('count a lazy package’s own nested dependencies as lazy', () => {
    expect(
      isLazyChunk({ moduleIds: [`${root}/node_modules/jszip/node_modules/readable-stream/lib/a.js`] }),
    ).toBe(true);
  });

  it('sort a module of a moved or misspelt folder as not lazy', () => {
    expect(isLazyChunk({ moduleIds: [`${root}/src/agent-worker/documents/extractors/docx.ts`] })).toBe(false);
    expect(isLazyChunk({ moduleIds: [`${root}/node_modules/fflate-extra/index.js`] })).toBe(false);
  });
});
