import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../shared/protocol/cross-origin-isolation.ts';
import { isPythonWorkerScript, PYTHON_WORKER_CSP } from '../shared/pwa/python-worker-policy.ts';

/**
 * Headers that make a page cross-origin isolated (WebContainer needs
 * `crossOriginIsolated`): added by the service worker to every same-origin response,
 * so a static host that cannot set headers still gets isolation once it controls the page.
 * COEP `credentialless` keeps cross-origin fetches without CORP working (a remote model API).
 */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  ...CROSS_ORIGIN_ISOLATION_HEADERS,
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * `response` with the isolation headers, and for the Python worker's script (`url`) its
 * own policy; opaque and error responses are returned as they are.
 */
export function withIsolationHeaders(response: Response, url?: string): Response {
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0)
    return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  if (url !== undefined && isPythonWorkerScript(new URL(url).pathname))
    headers.set('Content-Security-Policy', PYTHON_WORKER_CSP);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
