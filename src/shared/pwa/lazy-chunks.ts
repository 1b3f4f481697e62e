/**
 * Folder (under the build's `assets/`) that holds the heavy parts loaded only when a
 * feature is used: xterm, highlight.js, fflate (workspace zips), web-llm, WebContainer,
 * the page reader (a DOM, Defuddle and an HTML-to-markdown converter), reveal.js's files
 * (copied into a deck's folder by `slides`) and the document extractors (pdf.js, mammoth,
 * read-excel-file, papaparse).
 * The service worker does not precache it; its runtime route caches each file the
 * first time it loads, so a feature used once online also works offline afterwards.
 */
export const LAZY_ASSETS_FOLDER = 'lazy';

/**
 * Our own modules that may live only in a lazy chunk: repo-relative path prefixes (a folder
 * ends with `/`). A test checks that each prefix names files that exist, so a moved folder
 * cannot silently drop out of this list.
 */
export const LAZY_SOURCE_PREFIXES: readonly string[] = [
  'src/agent-worker/sandbox/webcontainer/',
  'src/page/host/webcontainer/',
  'src/agent-worker/toolkit/web/pages/extract/',
  'src/agent-worker/toolkit/documents/extractors/',
  // OpenManus' data_visualization: the drawing around Chart.js (the tool itself is eager).
  'src/agent-worker/profiles/openmanus/tools/data-visualization/chart-',
];

/** npm packages that may live only in a lazy chunk (a test checks each is installed). */
export const LAZY_PACKAGES: readonly string[] = [
  '@xterm',
  'highlight.js',
  'fflate',
  '@mlc-ai/web-llm',
  '@webcontainer/api',
  'reveal.js',
  // The document extractors.
  ...['pdfjs-dist', 'mammoth', '@xmldom/xmldom', 'jszip', 'lop', 'option', 'underscore', 'xmlbuilder'],
  ...['dingbat-to-unicode', 'base64-js', 'read-excel-file', 'papaparse'],
  // The page reader: a DOM, Defuddle and an HTML-to-markdown converter.
  ...['linkedom', 'defuddle', 'node-html-markdown', 'node-html-parser', 'htmlparser2', 'css-select'],
  ...['css-what', 'cssomnom', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'boolbase'],
  ...['nth-check', 'uhyphen', 'he', 'entities', 'html-escaper'],
  // OpenManus' data_visualization.
  ...['chart.js', '@kurkle/color'],
  // `git` in the virtual shell: isomorphic-git and the Buffer it needs in a browser.
  ...['isomorphic-git', 'buffer', 'ieee754', 'sha.js', 'safe-buffer', 'to-buffer', 'async-lock'],
  ...['clean-git-ref', 'crc-32', 'diff3', 'pify', 'minimisted', 'simple-get'],
];

/** Module ids the bundler makes for optional peers it could not find (linkedom's canvas). */
const LAZY_VIRTUAL_MODULES: readonly RegExp[] = [/__vite-optional-peer-dep:canvas:linkedom/];

function isLazyModule(id: string): boolean {
  if (LAZY_VIRTUAL_MODULES.some((pattern) => pattern.test(id))) return true;
  if (LAZY_SOURCE_PREFIXES.some((prefix) => id.includes(`/${prefix}`))) return true;
  // Any `node_modules/<name>/` on the path: a package's own nested dependencies count as it.
  return LAZY_PACKAGES.some((name) => id.includes(`/node_modules/${name}/`));
}

/** What the bundler tells a `chunkFileNames` function about a chunk (the part used here). */
export type ChunkDescription = { moduleIds: readonly string[] };

/**
 * True when every real module of a chunk is one of the heavy lazy parts, so the chunk
 * can stay out of the precache. A chunk that also holds anything else (the app shell,
 * the virtual sandbox the agent needs offline) is not lazy.
 */
export function isLazyChunk(chunk: ChunkDescription): boolean {
  const modules = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => id.replace(/\\/g, '/'));
  return modules.length > 0 && modules.every(isLazyModule);
}

/** The `chunkFileNames` of the app and worker builds: lazy chunks go to `assets/lazy/`. */
export function chunkFileName(chunk: ChunkDescription): string {
  return isLazyChunk(chunk) ? `assets/${LAZY_ASSETS_FOLDER}/[name]-[hash].js` : 'assets/[name]-[hash].js';
}
