/**
 * The network port: the one way a tool (and the virtual sandbox's `curl`) reaches
 * anything outside the tab. Every request is checked against the policy from settings
 * (URL prefixes and methods), bounded in time and size, and abortable; a refusal or a
 * failure is a `NetworkError` whose message a model or a person can act on.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export type NetworkRequest = {
  url: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Milliseconds before the request is given up (at most the port's own limit). */
  timeoutMs?: number;
  /** Largest body to read, in bytes (at most the port's own limit). */
  maxBytes?: number;
  signal?: AbortSignal;
};

export type NetworkResponse = {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Uint8Array;
};

/** Why a request did not give a response. */
export type NetworkErrorKind =
  | 'not_allowed'
  | 'invalid_url'
  | 'timeout'
  | 'too_large'
  | 'cancelled'
  /** The browser refused the response (CORS) or the server could not be reached; a page cannot tell which. */
  | 'unreachable';

export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** What may go out: URL prefixes (an origin, optionally a path) and methods. Empty prefixes: nothing. */
export type NetworkPolicy = { allowedUrlPrefixes: readonly string[]; allowedMethods: readonly HttpMethod[] };

export interface NetworkPort {
  /** The policy requests are checked against. */
  readonly policy: NetworkPolicy;
  /** True when `url` (and `method`) may be requested. */
  isAllowed(url: string, method?: HttpMethod): boolean;
  /** Sends the request; rejects with a `NetworkError`. The body is read whole, within `maxBytes`. */
  fetch(request: NetworkRequest): Promise<NetworkResponse>;
}
