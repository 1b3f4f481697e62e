/** What `fetch` from Python says for any address outside pip's package index. */
export const PYTHON_NETWORK_REFUSAL =
  "Python has no network access here except pip's package index; use the shell's curl, which follows Settings → Sandbox";

/**
 * Globals Python must not reach through Pyodide's `js` module: storage holding the app's
 * settings and API keys, ways around the app's network allow-list, and ways to load code.
 */
export const BLOCKED_GLOBALS = [
  'indexedDB',
  'caches',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'WebTransport',
  'BroadcastChannel',
  'importScripts',
  'Worker',
  'SharedWorker',
  // A font loaded by URL is a request the fetch guard never sees.
  'FontFace',
  'fonts',
] as const;

/** Origins micropip downloads from: Pyodide's package CDN, PyPI's index and PyPI's files. */
export const PIP_ORIGINS = ['https://cdn.jsdelivr.net', 'https://pypi.org', 'https://files.pythonhosted.org'];

type Fetch = (input: unknown, init?: unknown) => Promise<unknown>;

/**
 * Locks a Python worker's global scope down once Pyodide is loaded and before user code
 * runs: deletes `BLOCKED_GLOBALS` from the scope and every object on its prototype chain
 * (WebIDL attributes live on `WorkerGlobalScope.prototype` and its kin), and replaces
 * `fetch` with one that only reaches `allowedOrigins` and URLs under `assetsUrl` (the
 * app's own `assets/` folder), throwing `PYTHON_NETWORK_REFUSAL` for anything else.
 * Throws when a blocked global cannot be removed, so Python never runs with it.
 */
export function lockDownWorkerScope(
  scope: object,
  options: { assetsUrl: string; allowedOrigins?: readonly string[] },
): void {
  const allowedOrigins = new Set(options.allowedOrigins ?? PIP_ORIGINS);
  const record = scope as Record<string, unknown>;
  const originalFetch = typeof record.fetch === 'function' ? (record.fetch as Fetch).bind(scope) : null;
  const location = record.location as { href?: string } | undefined;
  const base = location?.href ?? options.assetsUrl;
  for (const name of [...BLOCKED_GLOBALS, 'fetch']) removeEverywhere(scope, name);
  const guardedFetch = (input: unknown, init?: unknown) => {
    const url = new URL(requestUrl(input), base);
    const isAllowed =
      (allowedOrigins.has(url.origin) && url.protocol === 'https:') || url.href.startsWith(options.assetsUrl);
    if (!isAllowed || !originalFetch) throw new TypeError(`${PYTHON_NETWORK_REFUSAL} (refused: ${url.href})`);
    return originalFetch(input, init);
  };
  Object.defineProperty(scope, 'fetch', { value: guardedFetch, writable: false, configurable: false });
}

/** Deletes `name` from `target` and each of its prototypes, down to (not including) `Object.prototype`. */
function removeEverywhere(target: object, name: string): void {
  for (
    let current: object | null = target;
    current && current !== Object.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    if (!Object.hasOwn(current, name)) continue;
    if (!Reflect.deleteProperty(current, name)) {
      throw new Error(`Python's worker could not remove \`${name}\` from its global scope`);
    }
  }
}

function requestUrl(input: unknown): string {
  if (typeof input === 'object' && input !== null && 'url' in input && typeof input.url === 'string') {
    return input.url;
  }
  return String(input);
}
