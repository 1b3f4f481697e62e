import type { BashOptions } from 'just-bash/browser';
import type { HttpMethod, NetworkPort } from '../../protocol/ports/network.ts';

/** just-bash's fetch hook (`SecureFetch`, which its browser entry does not export by name). */
type SecureFetch = NonNullable<BashOptions['fetch']>;

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * just-bash's `fetch` hook (what `curl` calls) over the network port, so the sandbox's
 * requests pass the same policy, limits and error messages as the tools'.
 */
export function secureFetchOver(network: NetworkPort): SecureFetch {
  return async (url, options = {}) => {
    const method = (options.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) throw new Error(`${method} is not an HTTP method this sandbox sends.`);
    const headers =
      options.headers instanceof Headers ? Object.fromEntries(options.headers) : (options.headers ?? {});
    const response = await network.fetch({
      url,
      method: method as HttpMethod,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return response;
  };
}
