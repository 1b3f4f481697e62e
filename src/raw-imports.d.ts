/** Text files imported with Vite's `?raw` suffix (tool descriptions, prompts). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}

/** The app's version from package.json, defined at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
