import {
  type HttpMethod,
  NetworkError,
  type NetworkPolicy,
  type NetworkPort,
  type NetworkRequest,
  type NetworkResponse,
} from '../../protocol/ports/network.ts';
import { isUrlAllowed } from './url-policy.ts';

/** The most a request may take and bring back, whatever it asks for. */
export type NetworkLimits = { timeoutMs: number; maxBytes: number };

export const DEFAULT_NETWORK_LIMITS: NetworkLimits = { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024 };

/** Methods the sandbox's `curl` may use (just-bash's own default): reading, not writing. */
export const READ_ONLY_METHODS: readonly HttpMethod[] = ['GET', 'HEAD'];

/**
 * The network port over the platform's `fetch`: the policy is checked before a request
 * leaves and again on the URL a redirect ended at (a browser follows redirects itself),
 * cookies are never sent, the body is read within `maxBytes`, and a timeout, a stop or a
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
  const isAllowed = (url: string, method: HttpMethod = 'GET') => isUrlAllowed(url, method, policy);

  return {
    policy,
    isAllowed,
    async fetch(request: NetworkRequest): Promise<NetworkResponse> {
      const method = request.method ?? 'GET';
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        throw new NetworkError('invalid_url', `"${request.url}" is not a URL.`);
      }
      if (!isAllowed(url.href, method)) throw notAllowed(method, url.href, policy);
      const timeoutMs = Math.min(request.timeoutMs ?? limits.timeoutMs, limits.timeoutMs);
      const maxBytes = Math.min(request.maxBytes ?? limits.maxBytes, limits.maxBytes);
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
          return new NetworkError('timeout', `${url.href} did not answer within ${timeoutMs / 1000} s.`);
        if (request.signal?.aborted) return new NetworkError('cancelled', 'Stopped by the user.');
        return new NetworkError(
          'unreachable',
          `${url.href} could not be reached: the server is down, or it does not allow requests from this page (CORS).`,
        );
      };
      try {
        const response = await send(url.href, {
          method,
          ...(request.headers ? { headers: request.headers } : {}),
          ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
          redirect: 'follow',
          credentials: 'omit',
          signal: controller.signal,
        });
        if (response.url && response.url !== url.href && !isAllowed(response.url, method)) {
          await response.body?.cancel().catch(() => undefined);
          throw new NetworkError(
            'not_allowed',
            `${url.href} redirected to ${response.url}, which is not allowed: ${allowListHint(policy)}`,
          );
        }
        const body = await readWithin(response, maxBytes, url.href);
        return {
          url: response.url || url.href,
          status: response.status,
          statusText: response.statusText,
          headers: Object.fromEntries(response.headers),
          body,
        };
      } catch (error) {
        throw failure(error);
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', stop);
      }
    },
  };
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
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function notAllowed(method: HttpMethod, url: string, policy: NetworkPolicy): NetworkError {
  const reason = policy.allowedMethods.includes(method)
    ? allowListHint(policy)
    : `only ${policy.allowedMethods.join(' and ')} requests are allowed here.`;
  return new NetworkError('not_allowed', `${method} ${url} is not allowed: ${reason}`);
}

function allowListHint(policy: NetworkPolicy): string {
  return policy.allowedUrlPrefixes.length === 0
    ? 'no network access is allowed (Settings → Sandbox → network allow-list is empty).'
    : `it is outside the allowed URL prefixes (${policy.allowedUrlPrefixes.join(', ')}; Settings → Sandbox).`;
}
