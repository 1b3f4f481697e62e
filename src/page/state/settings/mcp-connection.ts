import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { type McpServerConfig, mcpToolName, uniqueMcpToolNames } from '@/shared/protocol/mcp.ts';

/** A tool "Test connection" found: the name the model will see, the server's own, and its description. */
export type McpTestedTool = { name: string; toolName: string; description: string };

/** What "Test connection" found, in words a person can act on. */
export type McpTestResult =
  | { ok: true; serverName: string; tools: McpTestedTool[] }
  | {
      ok: false;
      reason: 'cors' | 'unreachable' | 'auth' | 'oauth' | 'not_mcp' | 'timeout' | 'bad_url' | 'other';
      message: string;
    };

/** The SDK's default output checker compiles schemas with `new Function`, which this page's CSP forbids. */
const ACCEPT_ANY_OUTPUT: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/**
 * Connects to a server from this page the way the agent will (the official SDK client,
 * its transport, the bearer token) and lists its tools. A request the browser refuses is
 * told apart from a server that is down by a second, no-cors request: if that one gets
 * through, the server is up and refuses this origin (CORS).
 */
export async function testMcpServer(
  server: Pick<McpServerConfig, 'name' | 'url' | 'transport' | 'bearerToken' | 'oauth'>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  timeoutMs = 15_000,
): Promise<McpTestResult> {
  let url: URL;
  try {
    url = new URL(server.url.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return { ok: false, reason: 'bad_url', message: `“${server.url}” is not an http(s) URL.` };
  }
  let isNetworkRefused = false;
  const watchedFetch: typeof fetch = async (input, init) => {
    try {
      return await fetchImpl(input, init);
    } catch (error) {
      if (error instanceof TypeError) isNetworkRefused = true;
      throw error;
    }
  };
  const token = server.oauth?.tokens.access_token ?? server.bearerToken.trim();
  const options = {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    fetch: watchedFetch,
  };
  const transport =
    server.transport === 'sse'
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options);
  const client = new Client(
    { name: 'sandpiper', version: '1.0.0' },
    { jsonSchemaValidator: ACCEPT_ANY_OUTPUT },
  );
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const { tools } = await client.listTools({}, { timeout: timeoutMs });
    const names = uniqueMcpToolNames(tools.map((tool) => mcpToolName(server.name || 'server', tool.name)));
    return {
      ok: true,
      serverName: client.getServerVersion()?.name ?? url.host,
      tools: tools.map((tool, index) => ({
        name: names[index] as string,
        toolName: tool.name,
        description: tool.description ?? '',
      })),
    };
  } catch (error) {
    if (isNetworkRefused) return refusedOrDown(url, fetchImpl, timeoutMs);
    const result = explain(error, url, timeoutMs);
    if (result.ok || result.reason !== 'auth') return result;
    const { offersOAuth } = await import('./mcp-oauth-sign-in.ts');
    if (!(await offersOAuth(url, fetchImpl))) return result;
    return {
      ok: false,
      reason: 'oauth',
      message: server.oauth
        ? `${url.origin} no longer accepts this sign-in (it expired or was revoked). Sign in again.`
        : `${url.origin} asks you to sign in (OAuth). Choose “Sign in”: a window of the server opens, and its tokens stay in this browser.`,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function refusedOrDown(url: URL, fetchImpl: typeof fetch, timeoutMs: number): Promise<McpTestResult> {
  const isReachable = await fetchImpl(url, { mode: 'no-cors', signal: AbortSignal.timeout(timeoutMs) })
    .then(() => true)
    .catch(() => false);
  const origin = globalThis.location?.origin ?? 'of this app';
  return isReachable
    ? {
        ok: false,
        reason: 'cors',
        message: `${url.origin} is up but refuses requests from this app (CORS). The server must allow the origin ${origin}, the Authorization and Content-Type headers, and expose Mcp-Session-Id.`,
      }
    : {
        ok: false,
        reason: 'unreachable',
        message: `Could not reach ${url.origin}. Is the server running, and is the address right?`,
      };
}

function explain(error: unknown, url: URL, timeoutMs: number): McpTestResult {
  const code = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 401 || code === 403 || /\b(401|403)\b|unauthori[sz]ed/i.test(message)) {
    return {
      ok: false,
      reason: 'auth',
      message: `${url.origin} refused the request (${code ?? 401}: not authorised). Check the bearer token.`,
    };
  }
  if (/timed? ?out|-32001/i.test(message)) {
    return {
      ok: false,
      reason: 'timeout',
      message: `${url.origin} did not answer within ${timeoutMs / 1000} s.`,
    };
  }
  if (
    code !== undefined ||
    error instanceof SyntaxError ||
    /invalid|unexpected content type|parse/i.test(message)
  ) {
    return {
      ok: false,
      reason: 'not_mcp',
      message: `${url.href} does not answer like an MCP server${code ? ` (HTTP ${code})` : ''}. Check the path (often /mcp, or /sse for older servers) and the transport.`,
    };
  }
  return { ok: false, reason: 'other', message: `The test failed: ${message}` };
}
