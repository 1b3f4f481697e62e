import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { McpServerConfig } from '@/shared/protocol/mcp.ts';
import {
  McpSignInRequiredError,
  type SaveMcpOAuth,
  signInAgainText,
  workerOAuthProvider,
} from './mcp-oauth-provider.ts';

/** What the client tells servers it is. */
const CLIENT_INFO = { name: 'sandpiper', version: '1.0.0' };

/**
 * Accepts every tool output without checking it against the tool's output schema: the
 * SDK's default checker (Ajv) compiles schemas with `new Function`, which a page's CSP
 * forbids, and the model reads the output whatever its shape.
 */
const ACCEPT_ANY_OUTPUT: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Where and how to connect, and how long to wait for the server to answer. */
export type McpConnectOptions = {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Keeps a signed-in server's refreshed tokens for the next runs. */
  saveOAuth?: SaveMcpOAuth;
};

/**
 * A connected SDK `Client` for `server`, over its transport (streamable HTTP or the older
 * HTTP+SSE), with its bearer token in the Authorization header of every request. Throws
 * when the server cannot be reached or refuses (see `mcpErrorText`).
 */
export async function connectMcpServer(server: McpServerConfig, options: McpConnectOptions): Promise<Client> {
  const url = new URL(server.url);
  const requestInit: RequestInit =
    server.bearerToken && !server.oauth ? { headers: { Authorization: `Bearer ${server.bearerToken}` } } : {};
  // A signed-in server gets its tokens from the SDK's auth provider (which refreshes them).
  const auth = server.oauth
    ? { authProvider: workerOAuthProvider({ ...server, oauth: server.oauth }, options.saveOAuth) }
    : {};
  const fetchImpl = options.fetch;
  // The SDK loads with the first connection, not with the worker.
  const [{ Client }, { SSEClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const transport =
    server.transport === 'sse'
      ? new SSEClientTransport(url, { requestInit, ...auth, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
      : new StreamableHTTPClientTransport(url, {
          requestInit,
          ...auth,
          ...(fetchImpl ? { fetch: fetchImpl } : {}),
        });
  const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: ACCEPT_ANY_OUTPUT });
  await client.connect(transport, {
    timeout: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return client;
}

/** Closes a client, ignoring a server that is already gone. */
export async function closeQuietly(client: Client): Promise<void> {
  await client.close().catch(() => undefined);
}

/** True when the error says the server has forgotten the session (it restarted): connecting again may work. */
export function isExpiredSession(error: unknown): boolean {
  return httpStatusOf(error) === 404 && error instanceof Error && error.message.startsWith('Streamable HTTP');
}

/**
 * The HTTP status an SDK transport error carries (`StreamableHTTPError`, `SseError`: a
 * numeric `code`), told apart from JSON-RPC error codes (negative); undefined for none.
 */
function httpStatusOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/**
 * Why talking to an MCP server failed, in words a model or a person can act on: refused
 * (401/403: the token), not an MCP server (404/405/415, or a reply that is not MCP),
 * unreachable (down, or the browser refused it for CORS — a worker cannot tell which),
 * or too slow.
 */
export function mcpErrorText(error: unknown, server: Pick<McpServerConfig, 'name' | 'url'>): string {
  const where = `the MCP server “${server.name}” (${safeOrigin(server.url)})`;
  const code = httpStatusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof McpSignInRequiredError ||
    (error instanceof Error && error.name === 'UnauthorizedError')
  ) {
    return signInAgainText(server.name);
  }
  if (code === 401 || code === 403 || /\b(401|403)\b|unauthori[sz]ed/i.test(message)) {
    return `${capitalised(where)} refused the request (${code ?? 401}: not authorised). Its bearer token in Settings → MCP is missing, wrong or expired.`;
  }
  if (code === 404 || code === 405 || code === 415 || code === 406) {
    return `${capitalised(where)} answered HTTP ${code}: the URL does not look like an MCP endpoint (check the path, often /mcp, and the transport).`;
  }
  if (/timed? ?out|RequestTimeout|-32001/i.test(message)) {
    return `${capitalised(where)} did not answer in time.`;
  }
  if (/fetch failed|failed to fetch|networkerror|ECONNREFUSED|socket|terminated|load failed/i.test(message)) {
    return `Could not reach ${where}: it is down or gone, or it does not allow this app's origin (CORS).`;
  }
  if (code !== undefined) return `${capitalised(where)} answered HTTP ${code}: ${message}`;
  return `${capitalised(where)} failed: ${message}`;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
