/** Text files imported with Vite's `?raw` suffix (tool descriptions, prompts). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}

/** The app's version from package.json, defined at build time (vite.config.ts). */
declare const __APP_VERSION__: string;

/**
 * Vite's `import.meta.glob`, declared as `vite/client` declares it, for the worker and
 * Node projects that do not load those types (the templates of `webdev_init_project`).
 */
interface ImportMeta {
  glob: import('vite/types/importGlob.js').ImportGlobFunction;
}

/** The preview runtime's bundled code (src/build/preview-runtime-build.ts). */
declare module 'virtual:preview-runtime' {
  const code: string;
  export default code;
}
