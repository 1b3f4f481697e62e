import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { McpToolSpec } from '@/shared/protocol/mcp.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';
import type { Tool } from '../define-tool.ts';
import { listMcpTools, type McpListing } from './mcp-catalog.ts';
import { type McpConnections, sharedMcpConnections } from './mcp-connections.ts';
import type { SaveMcpOAuth } from './mcp-oauth-provider.ts';
import { createMcpTool } from './mcp-tools.ts';

/** What deciding a run's MCP tools reads and writes. */
export type McpRunInput = {
  conversation: Conversation;
  settings: AgentSettings;
  /** Where the tools a conversation starts with are kept. */
  conversations: {
    get(id: string): Promise<Conversation | null>;
    setMcpTools(id: string, tools: McpToolSpec[]): Promise<void>;
  };
  /** The connections to use (default: the worker's, over `fetch`). */
  connections?: McpConnections;
  fetch?: typeof fetch;
  /** Keeps signed-in servers' refreshed tokens in the settings. */
  saveOAuth?: SaveMcpOAuth;
  signal: AbortSignal;
  /** Called with a sentence per server that could not be listed when the conversation starts. */
  onUnavailable?: (failures: string[]) => void | Promise<void>;
  /** Called with each server's outcome when a conversation starts and lists them (its last status). */
  onListed?: (listings: McpListing[]) => void | Promise<void>;
};

/**
 * The MCP tools of a run, in a fixed order. At a conversation's first run they are listed
 * from the servers switched on in Settings → MCP and kept on the conversation; every later
 * run builds the same tools from what was kept (so the tool list and the prompt prefix
 * never change). A sub-agent gets its parent's; a conversation that ran before MCP support
 * gets none. Each call goes to its server as the settings have it now.
 */
export async function mcpToolsForRun(input: McpRunInput): Promise<Tool[]> {
  const { conversation, settings } = input;
  const connections = input.connections ?? sharedMcpConnections(input.fetch);
  if (input.saveOAuth) connections.keepOAuthWith(input.saveOAuth);
  let specs = conversation.mcpTools;
  if (specs === undefined) {
    specs = await startingSpecs(input, connections);
    await input.conversations.setMcpTools(conversation.id, specs);
  }
  const runner = {
    servers: settings.mcpServers,
    connections,
    callTimeoutMs: settings.requestTimeoutMs,
  };
  return specs.map((spec) => createMcpTool(spec, runner));
}

/** The MCP tools a conversation starts with. */
async function startingSpecs(input: McpRunInput, connections: McpConnections): Promise<McpToolSpec[]> {
  const { conversation } = input;
  if (conversation.parent) {
    return (await input.conversations.get(conversation.parent.conversationId))?.mcpTools ?? [];
  }
  if (conversation.toolDescriptions !== undefined) return [];
  const catalog = await listMcpTools(input.settings.mcpServers, connections, input.signal);
  if (catalog.listings.length > 0) await input.onListed?.(catalog.listings);
  // Said in the conversation (a notice row): its tools are missing for the whole conversation.
  if (catalog.failures.length > 0) await input.onUnavailable?.(catalog.failures);
  return catalog.tools;
}
