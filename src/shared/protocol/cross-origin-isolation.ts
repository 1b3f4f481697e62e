/**
 * The Cross-Origin-Embedder-Policy the app is served with. `credentialless` keeps
 * cross-origin requests without credentials working (model APIs, search, images) while
 * isolating the page; WebContainer must boot with the same value (`boot({ coep })`).
 */
export const EMBEDDER_POLICY = 'credentialless';

/**
 * The response headers that make the page cross-origin isolated, which WebContainer
 * needs. The dev and preview servers send them (vite.config.ts); the service worker adds
 * them, with CORP, to every same-origin response on static hosts.
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': EMBEDDER_POLICY,
};
