/** What Vite defines for the worker build (the app's `vite/client` types are not loaded here). */
interface ImportMetaEnv {
  /** The app's base path (`/`, or `SANDPIPER_BASE`), where the service worker's scope starts. */
  readonly BASE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
