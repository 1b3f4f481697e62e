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

/** Modules that may live only in a lazy chunk (matched against a module id, a file path). */
const LAZY_MODULES: readonly RegExp[] = [
  /\/node_modules\/@xterm\//,
  /\/node_modules\/highlight\.js\//,
  /\/node_modules\/fflate\//,
  /\/node_modules\/@mlc-ai\/web-llm\//,
  /\/node_modules\/@webcontainer\/api\//,
  /\/src\/sandbox\/webcontainer\//,
  /\/src\/host\/webcontainer\//,
  /\/src\/agent\/web\/pages\/extract\//,
  /\/node_modules\/reveal\.js\//,
  /\/src\/agent\/documents\/extractors\//,
  /\/node_modules\/(pdfjs-dist|mammoth|@xmldom\/xmldom|jszip|lop|option|underscore|xmlbuilder|dingbat-to-unicode|base64-js|read-excel-file|papaparse)\//,
  /\/node_modules\/(linkedom|defuddle|node-html-markdown|node-html-parser|htmlparser2|css-select|css-what|cssomnom|dom-serializer|domelementtype|domhandler|domutils|boolbase|nth-check|uhyphen|he|entities|html-escaper)\//,
  /__vite-optional-peer-dep:canvas:linkedom/,
  // OpenManus' data_visualization: Chart.js and the drawing around it.
  /\/node_modules\/(chart\.js|@kurkle\/color)\//,
  /\/src\/agent\/tools\/openmanus-web\/chart-/,
  // `git` in the virtual shell: isomorphic-git and the Buffer it needs in a browser.
  /\/node_modules\/(isomorphic-git|buffer|base64-js|ieee754|sha\.js|safe-buffer|to-buffer|async-lock|clean-git-ref|crc-32|diff3|pify|minimisted|simple-get)\//,
];

/** What the bundler tells a `chunkFileNames` function about a chunk (the part used here). */
export type ChunkDescription = { moduleIds: readonly string[] };

/**
 * True when every real module of a chunk is one of the heavy lazy parts, so the chunk
 * can stay out of the precache. A chunk that also holds anything else (the app shell,
 * the virtual sandbox the agent needs offline) is not lazy.
 */
export function isLazyChunk(chunk: ChunkDescription): boolean {
  const modules = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => id.replace(/\\/g, '/'));
  return modules.length > 0 && modules.every((id) => LAZY_MODULES.some((pattern) => pattern.test(id)));
}

/** The `chunkFileNames` of the app and worker builds: lazy chunks go to `assets/lazy/`. */
export function chunkFileName(chunk: ChunkDescription): string {
  return isLazyChunk(chunk) ? `assets/${LAZY_ASSETS_FOLDER}/[name]-[hash].js` : 'assets/[name]-[hash].js';
}
