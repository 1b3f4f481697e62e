import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type McpServerConfig,
  type McpToolSpec,
  mcpToolName,
  uniqueMcpToolNames,
} from '@/shared/protocol/mcp.ts';
import { mcpErrorText } from './mcp-client.ts';
import type { McpConnections } from './mcp-connections.ts';
import { mcpServerSecrets } from './mcp-secrets.ts';

/** How long listing one server's tools may take when a conversation starts. */
export const MCP_LIST_TIMEOUT_MS = 10_000;

/** A tool as a server lists it (the fields Sandpiper keeps). */
type ListedTool = { name: string; description?: string | undefined; inputSchema: Record<string, unknown> };

/** What listing one server gave: how many tools, or the sentence saying why it could not be listed. */
export type McpListing = { serverId: string; url: string; toolCount: number; failure: string | null };

/**
 * What listing the servers gave: the tools, a sentence per server that could not be listed,
 * and each server's outcome (in the servers' order).
 */
export type McpCatalog = { tools: McpToolSpec[]; failures: string[]; listings: McpListing[] };

/**
 * Every tool of the servers switched on, in the servers' order then each server's, as
 * the model will see them (`mcp_{server}_{tool}`, unique). A server that cannot be
 * listed adds no tools and a sentence to `failures`; listing never throws.
 */
export async function listMcpTools(
  servers: readonly McpServerConfig[],
  connections: McpConnections,
  signal?: AbortSignal,
): Promise<McpCatalog> {
  const enabled = servers.filter((server) => server.isEnabled);
  const listed = await Promise.all(
    enabled.map(async (server) => {
      // What the server says is kept on the conversation or shown: never with its token in it.
      try {
        const tools = await connections.with(server, (client, linked) => listAll(client, linked), signal);
        return { server, tools: mcpServerSecrets(server, connections).redact(tools), failure: null };
      } catch (error) {
        const failure = mcpServerSecrets(server, connections).redact(mcpErrorText(error, server));
        return { server, tools: [] as ListedTool[], failure };
      }
    }),
  );
  const taken = new Set<string>();
  const tools: McpToolSpec[] = [];
  for (const { server, tools: serverTools } of listed) {
    const names = uniqueMcpToolNames(
      serverTools.map((tool) => mcpToolName(server.name, tool.name)),
      taken,
    );
    serverTools.forEach((tool, index) => {
      const name = names[index] as string;
      taken.add(name);
      tools.push({
        name,
        serverId: server.id,
        serverName: server.name,
        toolName: tool.name,
        description: tool.description ?? '',
        inputSchema: modelInputSchema(tool.inputSchema),
      });
    });
  }
  return {
    tools,
    failures: listed.flatMap(({ failure }) => (failure ? [failure] : [])),
    listings: listed.map(({ server, tools: serverTools, failure }) => ({
      serverId: server.id,
      url: server.url,
      toolCount: serverTools.length,
      failure,
    })),
  };
}

/** Every page of a server's tool list. */
async function listAll(client: Client, signal?: AbortSignal): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, {
      timeout: MCP_LIST_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** The input schema as the model is shown it: an object schema, without `$schema`. */
function modelInputSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object', properties: rest.properties ?? {} };
}
