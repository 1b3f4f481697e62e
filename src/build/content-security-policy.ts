/**
 * The app's Content-Security-Policy, put in the built `index.html` as a `<meta>` tag (a
 * static host cannot be relied on for headers). It is as tight as the design allows:
 * - no inline or remote script (`script-src 'self'`; WebAssembly for the sandbox and
 *   WebLLM); no plugins; `<base>` and form posts pinned;
 * - `connect-src` is http(s) only (no WebSockets, no other schemes), not a host list:
 *   the page checks model servers the person types in Settings (any https host, or an
 *   http server on their machine or network) and fetches `?bundle=` links. Search and
 *   page requests go from the agent worker (which does not take the page's policy);
 *   there the network ports allow only the services switched on in Settings → Search;
 * - images and media only from the app and `blob:`/`data:` URLs made from workspace
 *   files: the UI never loads a remote image (search thumbnails are downloaded first);
 * - frames: the app's own `/preview/` route (sandboxed by its own CSP), `blob:`, and
 *   StackBlitz, whose frame runs the optional Node runtime (WebContainer);
 * - styles allow inline `<style>` because xterm.js injects one for the terminal;
 *   sanitised markdown forbids style tags and attributes, so page content cannot.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data: https: http:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob: https://stackblitz.com https://*.stackblitz.com https://*.webcontainer-api.io https://*.webcontainer.io",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
