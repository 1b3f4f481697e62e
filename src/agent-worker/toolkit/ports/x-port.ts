/**
 * The X port: requests shaped like X API v2 (`/2/tweets`, `/2/users/me`), sent to the
 * proxy Settings → X names with the saved token as a bearer token. Tools never see the
 * token; a missing proxy or token, or a proxy that cannot be reached, comes back as a
 * message the model can relay (what is wrong and where to set it).
 */

export type XApiRequest = {
  method: 'GET' | 'POST';
  /** An X API v2 path, e.g. `/2/tweets/search/recent`. */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Sent as JSON (POST only). */
  json?: unknown;
  signal?: AbortSignal;
};

/** What the proxy answered (any HTTP status; `body` is parsed JSON, or the text when it is not JSON), or why nothing was. */
export type XApiResult =
  | { ok: true; status: number; body: unknown }
  | { ok: false; reason: 'not_configured' | 'network'; message: string };

export interface XPort {
  /** What is missing before X can be reached (the proxy URL, the token) and where to set it; null when nothing is. */
  setupProblem(): Promise<string | null>;
  request(request: XApiRequest): Promise<XApiResult>;
}
