import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerConfig } from '@/shared/protocol/mcp.ts';
import { mcpOAuthSecrets } from '@/shared/protocol/mcp-oauth.ts';
import { closeQuietly, connectMcpServer, isExpiredSession } from './mcp-client.ts';
import type { SaveMcpOAuth } from './mcp-oauth-provider.ts';

/** How long connecting (the MCP handshake) may take before the server counts as unreachable. */
export const MCP_CONNECT_TIMEOUT_MS = 15_000;

/**
 * The open MCP connections of a worker, one per server (and URL, transport and token):
 * made on first use, kept for the next calls and runs, dropped when a call fails so the
 * next one connects afresh. A server that forgot its session (HTTP 404 after a restart)
 * is connected to again once, at once.
 */
export class McpConnections {
  private readonly clients = new Map<string, { key: string; client: Promise<Client> }>();
  /** The OAuth secrets each server's sign-in got while connected here (refreshed tokens), by server id. */
  private readonly refreshedSecrets = new Map<string, Set<string>>();

  constructor(
    private readonly options: {
      fetch?: typeof fetch;
      connectTimeoutMs?: number;
      saveOAuth?: SaveMcpOAuth;
    } = {},
  ) {}

  /** Where signed-in servers' refreshed tokens are kept (the settings), for connections made from now on. */
  keepOAuthWith(save: SaveMcpOAuth): void {
    this.options.saveOAuth = save;
  }

  /**
   * Runs `use` with a connected client of `server` and a signal that follows `signal` (one
   * per use: the SDK never removes its abort listeners, so the run's own signal is not
   * handed to it); throws what connecting or `use` threw.
   */
  async with<T>(
    server: McpServerConfig,
    use: (client: Client, signal?: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return withLinkedSignal(signal, async (linked) => {
      try {
        return await use(await this.client(server, linked), linked);
      } catch (error) {
        await this.forget(server.id);
        if (!isExpiredSession(error) || signal?.aborted) throw error;
        return use(await this.client(server, linked), linked);
      }
    });
  }

  /**
   * The secrets a server's sign-in was given by refreshes on these connections. A run's
   * redaction was built from the settings as the run started, so it does not know a token
   * refreshed during the run; the server's tools redact these from what it answers.
   */
  refreshedSecretsOf(serverId: string): string[] {
    return [...(this.refreshedSecrets.get(serverId) ?? [])];
  }

  /** Closes and forgets the connection to a server (the next use connects again). */
  async forget(serverId: string): Promise<void> {
    const open = this.clients.get(serverId);
    if (!open) return;
    this.clients.delete(serverId);
    await open.client.then(closeQuietly, () => undefined);
  }

  /** Closes every connection. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.clients.keys()].map((id) => this.forget(id)));
  }

  private async client(server: McpServerConfig, signal?: AbortSignal): Promise<Client> {
    const key = JSON.stringify([server.url, server.transport, server.bearerToken, server.oauth?.savedAt]);
    const open = this.clients.get(server.id);
    if (open && open.key === key) return open.client;
    if (open) await this.forget(server.id);
    const client = connectMcpServer(server, {
      timeoutMs: this.options.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      saveOAuth: (serverId, oauth) => {
        const secrets = this.refreshedSecrets.get(serverId) ?? new Set<string>();
        for (const secret of mcpOAuthSecrets(oauth)) secrets.add(secret);
        this.refreshedSecrets.set(serverId, secrets);
        return this.options.saveOAuth?.(serverId, oauth) ?? Promise.resolve();
      },
      ...(signal ? { signal } : {}),
    });
    this.clients.set(server.id, { key, client });
    client.catch(() => {
      if (this.clients.get(server.id)?.client === client) this.clients.delete(server.id);
    });
    return client;
  }
}

/** Runs `use` with a signal of its own that aborts when `signal` does, unhooked afterwards. */
async function withLinkedSignal<T>(
  signal: AbortSignal | undefined,
  use: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!signal) return use(undefined);
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  try {
    return await use(controller.signal);
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

const SHARED = new Map<typeof fetch | undefined, McpConnections>();

/** The worker's connections for a `fetch` (the platform's when absent), made once. */
export function sharedMcpConnections(fetchImpl?: typeof fetch): McpConnections {
  let connections = SHARED.get(fetchImpl);
  if (!connections) {
    connections = new McpConnections(fetchImpl ? { fetch: fetchImpl } : {});
    SHARED.set(fetchImpl, connections);
  }
  return connections;
}
