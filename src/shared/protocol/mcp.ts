import { z } from 'zod';
import { McpOAuth, mcpOAuthSecrets } from './mcp-oauth.ts';

/** How an MCP server is reached: streamable HTTP (current), or HTTP+SSE for older servers. */
export const McpTransport = z.enum(['streamable-http', 'sse']);
export type McpTransport = z.infer<typeof McpTransport>;

/**
 * A remote MCP server saved in Settings → MCP. Its bearer token is a secret: it lives only
 * here (the `settings` table), goes only to this server's URL in the Authorization header,
 * and is redacted from everything a run writes.
 */
export const McpServerConfig = z.object({
  id: z.string().min(1),
  /** Names its tools for the model (`mcp_{name}_{tool}`); unique among the servers. */
  name: z.string().min(1).max(40),
  url: z.url({ protocol: /^https?$/ }),
  transport: McpTransport,
  /** Sent as `Authorization: Bearer …`; empty for none. */
  bearerToken: z.string(),
  /** What signing in with OAuth gave (servers that offer it); absent: not signed in. */
  oauth: McpOAuth.optional(),
  /** Off: new conversations do not get its tools, and calls of its tools answer that it is off. */
  isEnabled: z.boolean(),
});
export type McpServerConfig = z.infer<typeof McpServerConfig>;

/**
 * One MCP tool as a conversation was started with it (kept on the conversation, so its
 * tool list, and the prompt prefix, never change): the model-facing name, the server it
 * came from and the tool's own name, description and JSON input schema. No URL or token.
 */
export const McpToolSpec = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
  serverId: z.string().min(1),
  serverName: z.string().min(1),
  toolName: z.string().min(1),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type McpToolSpec = z.infer<typeof McpToolSpec>;

/** Longest tool name the model is shown (OpenManus' limit, and OpenAI's). */
export const MCP_TOOL_NAME_MAX = 64;

/**
 * The model-facing name of `toolName` on `serverName`, as OpenManus makes it (seed 002):
 * `mcp_{server}_{tool}`, every character outside `[a-zA-Z0-9_-]` turned into `_`, runs of
 * `_` made one, `_` trimmed from both ends, cut to 64 characters.
 */
export function mcpToolName(serverName: string, toolName: string): string {
  return `mcp_${serverName}_${toolName}`
    .replace(/[^a-zA-Z0-9_-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MCP_TOOL_NAME_MAX);
}

/**
 * The names of a server's tools, made unique: a name that sanitising or cutting made the
 * same as an earlier one gets `_2`, `_3`, … (still within 64 characters).
 */
export function uniqueMcpToolNames(
  names: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const used = new Set(taken);
  return names.map((name) => {
    let candidate = name;
    for (let suffix = 2; used.has(candidate); suffix += 1) {
      const tail = `_${suffix}`;
      candidate = `${name.slice(0, MCP_TOOL_NAME_MAX - tail.length)}${tail}`;
    }
    used.add(candidate);
    return candidate;
  });
}

/**
 * The servers' tokens as named secrets (`mcp:<name>`; `mcp-oauth:<name>:<n>` for an OAuth
 * sign-in's tokens and client secret), for the run's redaction: no token reaches the log,
 * a broadcast, the workspace or a bundle.
 */
export function mcpTokenSecrets(servers: readonly McpServerConfig[]): Record<string, string> {
  const entries = servers
    .filter((server) => server.bearerToken !== '')
    .map((server) => [`mcp:${server.name}`, server.bearerToken]);
  const signedIn = servers.flatMap((server) =>
    mcpOAuthSecrets(server.oauth).map((secret, index) => [`mcp-oauth:${server.name}:${index}`, secret]),
  );
  return Object.fromEntries([...entries, ...signedIn]);
}
