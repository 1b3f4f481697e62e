/**
 * The network port: the one way a tool (and the virtual sandbox's `curl`) reaches
 * anything outside the tab. Every request is checked against the policy from settings
 * (URL prefixes and methods), bounded in time and size, and abortable; a refusal or a
 * failure is a `NetworkError` whose message a model or a person can act on.
 */

/** The HTTP methods a request may use. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type NetworkRequest = {
  url: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Milliseconds before the request is given up (at most the port's own limit). */
  timeoutMs?: number;
  /** Largest body to read, in bytes (at most the port's own limit). */
  maxBytes?: number;
  /** Follow redirects (default), each hop checked against the policy; false returns the redirect itself. */
  followRedirects?: boolean;
  /** Most redirects to follow (at most the port's own limit). */
  maxRedirects?: number;
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
  /** The request itself cannot be sent (a body on a GET, say). */
  | 'invalid_request'
  /** A redirect that could not be checked or followed (too many, or hidden by the browser). */
  | 'redirect'
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

/**
 * What may go out: URL prefixes (an origin, optionally a path; `*` for any http(s) URL)
 * and methods. Empty prefixes: nothing.
 */
export type NetworkPolicy = {
  allowedUrlPrefixes: readonly string[];
  allowedMethods: readonly HttpMethod[];
  /** Where the person changes this policy, named in refusals (default: Settings → Sandbox). */
  setIn?: string;
  /** Origins never reached whatever the prefixes say (the app's own, under `*`). */
  refusedOrigins?: readonly string[];
};

export interface NetworkPort {
  /** The policy requests are checked against. */
  readonly policy: NetworkPolicy;
  /** Sends the request; rejects with a `NetworkError`. The body is read whole, within `maxBytes`. */
  fetch(request: NetworkRequest): Promise<NetworkResponse>;
}
