import { NetworkError, type NetworkPort } from '@/shared/protocol/ports/network-port.ts';
import { X_TOKEN_KEY, type XSettings } from '@/shared/protocol/x-settings.ts';
import { createFetchNetwork } from './fetch-network.ts';
import { redactedSecret, type SecretsPort } from './secrets-port.ts';
import type { XApiRequest, XApiResult, XPort } from './x-port.ts';

/** Where the person sets the proxy and the token (named in every "not set up" message). */
export const X_SETTINGS_PLACE = 'Settings → X (muxd’s x_* tools)';

/** muxd's X client timeout (20 s), and the most an X answer may weigh. */
const X_TIMEOUT_MS = 20_000;
const X_MAX_BYTES = 2 * 1024 * 1024;

const WHY_A_PROXY =
  "X's API does not accept requests from a web page (it sends no CORS headers), so Sandpiper's x_* tools reach it through a proxy you run, which forwards /2/… requests to https://api.x.com.";

/** What is missing before X can be reached, and where to set it; null when nothing is. */
export function missingXSetup(hasProxy: boolean, hasToken: boolean): string | null {
  if (hasProxy && hasToken) return null;
  const missing =
    !hasProxy && !hasToken
      ? 'no proxy URL and no X access token are set'
      : !hasProxy
        ? 'no proxy URL is set'
        : 'no X access token is saved';
  return `X is not set up: ${missing}. ${WHY_A_PROXY} Set ${!hasProxy && !hasToken ? 'both' : 'it'} in ${X_SETTINGS_PLACE}.`;
}

/**
 * The X port over the person's proxy. Requests go through a network port whose allow-list
 * is exactly the proxy URL (GET and POST): naming the proxy in Settings → X is what
 * allows it, as naming an endpoint in Settings → Media does, so it need not also be opened
 * to the sandbox's `curl` in Settings → Sandbox. The port keeps the timeouts, byte cap,
 * redirect checks and stop of every request. The token is read from the secrets port (so
 * the runtime redacts it) and sent only to the proxy, as a bearer token.
 */
export function createXProxyPort(options: {
  settings: XSettings | null | undefined;
  secrets: SecretsPort;
  fetch?: typeof fetch;
}): XPort {
  const proxyUrl = options.settings?.proxyUrl.trim().replace(/\/+$/, '') || null;
  const network: NetworkPort | null = proxyUrl
    ? createFetchNetwork({
        policy: { allowedUrlPrefixes: [proxyUrl], allowedMethods: ['GET', 'POST'], setIn: X_SETTINGS_PLACE },
        limits: { timeoutMs: X_TIMEOUT_MS, maxBytes: X_MAX_BYTES },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    : null;

  const token = async () => (await options.secrets.get(X_TOKEN_KEY))?.trim() ?? '';
  return {
    setupProblem: async () => missingXSetup(proxyUrl !== null, (await token()) !== ''),
    async request(request: XApiRequest): Promise<XApiResult> {
      const bearer = await token();
      const missing = missingXSetup(proxyUrl !== null, bearer !== '');
      if (missing !== null || !network || !proxyUrl)
        return { ok: false, reason: 'not_configured', message: missing ?? '' };
      const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
      const headers: Record<string, string> = { Authorization: `Bearer ${bearer}` };
      if (request.json !== undefined) headers['Content-Type'] = 'application/json';
      try {
        const response = await network.fetch({
          url: `${proxyUrl}${request.path}${query}`,
          method: request.method,
          headers,
          ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
        });
        return { ok: true, status: response.status, body: parseBody(response.body, bearer) };
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        if (error.kind === 'cancelled') throw error;
        return { ok: false, reason: 'network', message: networkMessage(error, proxyUrl) };
      }
    },
  };
}

/** The answer as JSON (or text), any echo of the token replaced (a careless proxy may quote it in an error). */
function parseBody(bytes: Uint8Array, token: string): unknown {
  const text = new TextDecoder().decode(bytes).replaceAll(token, redactedSecret(X_TOKEN_KEY));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function networkMessage(error: NetworkError, proxyUrl: string): string {
  if (error.kind === 'unreachable')
    return `X API request: the X proxy at ${proxyUrl} could not be reached: it is down, or it does not allow requests from this page (its responses need CORS headers for this app's origin). Check the proxy URL in ${X_SETTINGS_PLACE}.`;
  if (error.kind === 'not_allowed')
    return `X API request: ${error.message} Only the proxy named in ${X_SETTINGS_PLACE} is reached; make the proxy answer itself rather than redirect.`;
  return `X API request: ${error.message}`;
}
