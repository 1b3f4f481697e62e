import { concatBytes } from '@/shared/protocol/bytes.ts';
import {
  type HttpMethod,
  NetworkError,
  type NetworkPolicy,
  type NetworkPort,
  type NetworkRequest,
  type NetworkResponse,
} from '@/shared/protocol/ports/network-port.ts';
import { ANY_ORIGIN, isUrlAllowed } from './url-policy.ts';

/** The most a request may take, bring back and be redirected, whatever it asks for. */
export type NetworkLimits = { timeoutMs: number; maxBytes: number; maxRedirects: number };

export const DEFAULT_NETWORK_LIMITS: NetworkLimits = {
  timeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
};

/** Methods the sandbox's `curl` may use (just-bash's own default): reading, not writing. */
export const READ_ONLY_METHODS: readonly HttpMethod[] = ['GET', 'HEAD'];

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The network port over the platform's `fetch`. The policy is checked before a request
 * leaves and before each redirect is followed: redirects are taken by hand (`manual`),
 * so a hop to an address outside the policy never receives the request. A browser hides
 * where a redirect goes (an opaque redirect); such a response is refused, saying so.
 * Under `*` (any address) the browser follows redirects itself. Cookies are never sent;
 * the body is read within `maxBytes`; a timeout, a stop or a
 * refusal becomes a `NetworkError` saying which.
 */
export function createFetchNetwork(options: {
  policy: NetworkPolicy;
  limits?: Partial<NetworkLimits>;
  fetch?: typeof fetch;
}): NetworkPort {
  const limits = { ...DEFAULT_NETWORK_LIMITS, ...options.limits };
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const { policy } = options;

  return {
    policy,
    async fetch(request: NetworkRequest): Promise<NetworkResponse> {
      let method: HttpMethod = request.method ?? 'GET';
      let body = request.body;
      if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
        throw new NetworkError('invalid_request', `A ${method} request cannot carry a body.`);
      }
      const timeoutMs = Math.min(request.timeoutMs ?? limits.timeoutMs, limits.timeoutMs);
      const maxBytes = Math.min(request.maxBytes ?? limits.maxBytes, limits.maxBytes);
      const maxRedirects = Math.min(request.maxRedirects ?? limits.maxRedirects, limits.maxRedirects);
      let url = parseUrl(request.url);
      // Under a policy that allows every address, nothing needs checking hop by hop: the
      // browser follows redirects itself (it hides them from a page otherwise).
      const followsByItself =
        policy.allowedUrlPrefixes.includes(ANY_ORIGIN) && request.followRedirects !== false;
      const controller = new AbortController();
      let isTimedOut = false;
      const timer = setTimeout(() => {
        isTimedOut = true;
        controller.abort();
      }, timeoutMs);
      const stop = () => controller.abort();
      request.signal?.addEventListener('abort', stop, { once: true });
      if (request.signal?.aborted) controller.abort();
      const failure = (error: unknown): NetworkError => {
        if (error instanceof NetworkError) return error;
        if (isTimedOut)
          return new NetworkError(
            'timeout',
            `${withoutQuery(url)} did not answer within ${timeoutMs / 1000} s.`,
          );
        if (request.signal?.aborted) return new NetworkError('cancelled', 'Stopped by the user.');
        return new NetworkError(
          'unreachable',
          `${withoutQuery(url)} could not be reached: the server is down, or it does not allow requests from this page (CORS).`,
        );
      };
      try {
        for (let redirects = 0; ; redirects += 1) {
          if (!isUrlAllowed(url.href, method, policy))
            throw notAllowed(method, withoutQuery(url), policy, redirects > 0);
          const response = await send(url.href, {
            method,
            ...(request.headers ? { headers: request.headers } : {}),
            ...(body !== undefined ? { body: body as BodyInit } : {}),
            redirect: followsByItself ? 'follow' : 'manual',
            credentials: 'omit',
            signal: controller.signal,
          });
          if (response.type === 'opaqueredirect') {
            throw new NetworkError(
              'redirect',
              `${withoutQuery(url)} redirects elsewhere, and the browser does not say where, so the redirect was not followed (every address is checked against the allow-list). Request the final address directly.`,
            );
          }
          const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
          if (location === null || request.followRedirects === false) {
            return {
              url: followsByItself && response.url ? response.url : url.href,
              status: response.status,
              statusText: response.statusText,
              headers: Object.fromEntries(response.headers),
              body: await readWithin(response, maxBytes, withoutQuery(url)),
            };
          }
          await response.body?.cancel().catch(() => undefined);
          if (redirects >= maxRedirects) {
            throw new NetworkError(
              'redirect',
              `${withoutQuery(parseUrl(request.url))} redirected more than ${maxRedirects} times.`,
            );
          }
          url = parseUrl(new URL(location, url).href);
          // As browsers do: 303, and 301/302 after a POST, go on as a GET without the body.
          if (
            response.status === 303 ||
            ((response.status === 301 || response.status === 302) && method === 'POST')
          ) {
            method = method === 'HEAD' ? 'HEAD' : 'GET';
            body = undefined;
          }
        }
      } catch (error) {
        throw failure(error);
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', stop);
      }
    },
  };
}

/**
 * An address as error messages show it: without its query, where a service's key may
 * sit (`?api_key=…`) in a form the secrets' redaction might not recognise.
 */
function withoutQuery(url: URL): string {
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new NetworkError('invalid_url', `"${text}" is not a URL.`);
  }
}

async function readWithin(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new NetworkError('too_large', `${url} sent more than ${maxBytes} bytes; the rest was not read.`);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

function notAllowed(
  method: HttpMethod,
  url: string,
  policy: NetworkPolicy,
  isRedirect: boolean,
): NetworkError {
  const reason = policy.allowedMethods.includes(method)
    ? allowListHint(policy)
    : `only ${policy.allowedMethods.join(' and ')} requests are allowed here.`;
  const what = isRedirect ? `A redirect to ${method} ${url}` : `${method} ${url}`;
  return new NetworkError('not_allowed', `${what} is not allowed: ${reason}`);
}

function allowListHint(policy: NetworkPolicy): string {
  const setIn = policy.setIn ?? 'Settings → Sandbox';
  return policy.allowedUrlPrefixes.length === 0
    ? `no network access is allowed (${setIn}${policy.setIn ? '' : ' → network allow-list is empty'}).`
    : `it is outside the allowed URL prefixes (${policy.allowedUrlPrefixes.join(', ')}; ${setIn}).`;
}
