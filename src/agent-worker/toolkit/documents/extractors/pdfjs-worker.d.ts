/** The URL of pdf.js's worker file, imported with Vite's `?url` (the worker project has no `vite/client` types). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
