import type { BashOptions } from 'just-bash/browser';
import { HTTP_METHODS, type HttpMethod, type NetworkPort } from '@/shared/protocol/ports/network-port.ts';

/** just-bash's fetch hook (`SecureFetch`, which its browser entry does not export by name). */
type SecureFetch = NonNullable<BashOptions['fetch']>;

/**
 * just-bash's `fetch` hook (what `curl` calls) over the network port, so the sandbox's
 * requests pass the same policy, limits and error messages as the tools'.
 */
export function secureFetchOver(network: NetworkPort): SecureFetch {
  return async (url, options = {}) => {
    const method = (options.method ?? 'GET').toUpperCase();
    if (!isHttpMethod(method)) throw new Error(`${method} is not an HTTP method this sandbox sends.`);
    const headers =
      options.headers instanceof Headers ? Object.fromEntries(options.headers) : (options.headers ?? {});
    // As just-bash's own fetch did: a GET or HEAD (`curl -X GET -d …`) goes without the body.
    const hasBody = options.body !== undefined && method !== 'GET' && method !== 'HEAD';
    return network.fetch({
      url,
      method,
      headers,
      ...(hasBody ? { body: options.body } : {}),
      ...(options.followRedirects !== undefined ? { followRedirects: options.followRedirects } : {}),
      ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
}

function isHttpMethod(method: string): method is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(method);
}
