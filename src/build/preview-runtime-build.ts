import type { Plugin } from 'vite';

/** The module the service worker imports the preview runtime's code from (a string). */
export const PREVIEW_RUNTIME_MODULE = 'virtual:preview-runtime';
const RESOLVED = `\0${PREVIEW_RUNTIME_MODULE}`;

/**
 * Bundles src/preview-frame/main.ts (with fake-indexeddb, devalue and html-to-image)
 * into one minified classic script and hands it to whoever imports
 * `virtual:preview-runtime` as its source text: the service worker puts it in every
 * preview page it serves (a page in an opaque origin cannot load a script of ours from
 * the app's origin, and offline there is no network). Built with rolldown, Vite's own
 * bundler, at each build and test run, so the text never drifts from its sources.
 */
export function previewRuntimePlugin(): Plugin {
  return {
    name: 'sandpiper-preview-runtime',
    resolveId: (id) => (id === PREVIEW_RUNTIME_MODULE ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const entry = new URL('../preview-frame/main.ts', import.meta.url).pathname;
      const { build } = await import('rolldown');
      const result = await build({
        input: entry,
        write: false,
        logLevel: 'warn',
        output: { format: 'iife', minify: true, codeSplitting: false },
      });
      const chunk = result.output.find((output) => output.type === 'chunk');
      if (!chunk) throw new Error('The preview runtime built no script.');
      this.addWatchFile(entry);
      return `export default ${JSON.stringify(chunk.code)};`;
    },
  };
}
