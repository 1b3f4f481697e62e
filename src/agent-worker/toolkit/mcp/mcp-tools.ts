import { actionSummary } from '@/shared/protocol/action-summary.ts';
import { jsonObjectOf } from '@/shared/protocol/events.ts';
import type { McpServerConfig, McpToolSpec } from '@/shared/protocol/mcp.ts';
import { callShapesOf } from '../../llm/call-shapes.ts';
import {
  type Decision,
  errorText,
  MAX_CONTENT_CHARACTERS,
  refusedDescription,
  type Tool,
  type ToolContext,
  type ToolOutcome,
} from '../define-tool.ts';
import { defineProfile, type ToolProfile } from '../profile.ts';
import { toolFacts } from '../tool-facts.ts';
import { mcpErrorText } from './mcp-client.ts';
import type { McpConnections } from './mcp-connections.ts';
import { outcomeFromMcpResult } from './mcp-results.ts';
import { mcpServerSecrets } from './mcp-secrets.ts';

/** What a run's MCP tools call through: the servers as the run's settings have them, and the connections. */
export type McpToolRunner = {
  servers: readonly McpServerConfig[];
  connections: McpConnections;
  /** How long one call may take (the run's request timeout). */
  callTimeoutMs: number;
};

/**
 * The tool the model calls as `spec.name`: the server's description and input schema as
 * listed when the conversation started; a call goes to the server as the run's settings
 * have it now. A server removed, switched off or gone answers with an `execution` failure
 * that says so (the tool never vanishes from the list).
 */
export function createMcpTool(spec: McpToolSpec, runner: McpToolRunner): Tool {
  const parameters = spec.inputSchema;
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((field): field is string => typeof field === 'string')
    : [];
  const summary = actionSummary('use_tool', `${spec.toolName} (${spec.serverName})`);
  const prepare = (rawArguments: string): Decision => {
    const fail = (message: string): Decision => ({
      action: {
        tool: spec.name,
        actionType: spec.name,
        description: refusedDescription(spec.name),
        role: null,
        metaKind: null,
        summary,
        arguments: jsonObjectOf(rawArguments),
      },
      ok: false,
      kind: 'validation',
      message,
    });
    let raw: unknown;
    try {
      raw = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
    } catch (error) {
      return fail(
        `The arguments of \`${spec.name}\` are not valid JSON (${errorText(error)}). Send one JSON object that matches the tool's schema.`,
      );
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return fail(`The arguments of \`${spec.name}\` must be a JSON object.`);
    }
    const params = raw as Record<string, unknown>;
    const missing = required.filter((field) => !(field in params));
    if (missing.length > 0) {
      return fail(
        `Invalid arguments for \`${spec.name}\`: missing ${missing.map((field) => `\`${field}\``).join(', ')}. Fix the arguments and call the tool again.`,
      );
    }
    return {
      action: {
        tool: spec.name,
        actionType: spec.name,
        description: `Calling \`${spec.toolName}\` on the MCP server ${spec.serverName}`,
        role: null,
        metaKind: null,
        summary,
        arguments: params,
      },
      ok: true,
      hasSideEffects: true,
      execute: (context) => callMcpTool(spec, params, runner, context),
    };
  };
  return {
    name: spec.name,
    // What an MCP tool does outside this browser is the server's: it counts as acting outside.
    ...toolFacts(spec.name, { label: () => summary, effect: 'acts_outside' }, null),
    description: spec.description || `The tool \`${spec.toolName}\` of the MCP server ${spec.serverName}.`,
    parameters,
    callShapes: callShapesOf(spec.name, parameters, undefined),
    metaKind: null,
    isAvailable: true,
    prepare,
  };
}

async function callMcpTool(
  spec: McpToolSpec,
  params: Record<string, unknown>,
  runner: McpToolRunner,
  context: ToolContext,
): Promise<ToolOutcome> {
  const server = runner.servers.find((candidate) => candidate.id === spec.serverId);
  const meta = { mcp_server: spec.serverName, mcp_tool: spec.toolName };
  const unusable = (why: string): ToolOutcome => ({
    status: 'error',
    kind: 'execution',
    message: `${why} \`${spec.name}\` cannot run. Continue without the tools of this server, or tell the user what could not be done.`,
    meta,
  });
  if (!server) return unusable(`The MCP server “${spec.serverName}” was removed in Settings → MCP, so`);
  if (!server.isEnabled)
    return unusable(`The MCP server “${spec.serverName}” is switched off in Settings → MCP, so`);
  let result: Awaited<ReturnType<typeof callOnServer>>;
  try {
    const answer = await callOnServer(spec, params, runner, server, context.signal);
    // After the call: a refresh during it gave the server new tokens.
    result = mcpServerSecrets(server, runner.connections).redact(answer);
  } catch (error) {
    if (context.signal.aborted)
      return { status: 'error', kind: 'cancelled', message: 'Stopped by the user.' };
    return {
      status: 'error',
      kind: 'execution',
      message: `${mcpServerSecrets(server, runner.connections).redact(mcpErrorText(error, server))} The call of \`${spec.name}\` failed (it may not have run). Until the server is back, continue without its tools, or tell the user what could not be done.`,
      meta,
    };
  }
  if (!('content' in result)) {
    return { status: 'success', content: cut(JSON.stringify(result.toolResult ?? null)), meta };
  }
  try {
    const outcome = await outcomeFromMcpResult(
      result as Parameters<typeof outcomeFromMcpResult>[0],
      spec,
      context,
    );
    return outcome.status === 'success'
      ? { ...outcome, content: cut(outcome.content) }
      : { ...outcome, message: cut(outcome.message) };
  } catch (error) {
    return {
      status: 'error',
      kind: 'execution',
      message: `\`${spec.toolName}\` answered, but its output could not be saved to the workspace: ${errorText(error)}`,
      meta,
    };
  }
}

function callOnServer(
  spec: McpToolSpec,
  params: Record<string, unknown>,
  runner: McpToolRunner,
  server: McpServerConfig,
  signal: AbortSignal,
) {
  return runner.connections.with(
    server,
    (client, linked) =>
      client.callTool({ name: spec.toolName, arguments: params }, undefined, {
        timeout: runner.callTimeoutMs,
        ...(linked ? { signal: linked } : {}),
      }),
    signal,
  );
}

/** Text cut to the longest an envelope keeps, with a note. */
function cut(text: string): string {
  return text.length <= MAX_CONTENT_CHARACTERS
    ? text
    : `${text.slice(0, MAX_CONTENT_CHARACTERS)}\n… [${text.length - MAX_CONTENT_CHARACTERS} more characters cut]`;
}

/**
 * `profile` with the MCP tools after its own (a new profile, its tool list derived
 * again); the profile itself when there are none. A tool whose name the profile already
 * has is left out.
 */
export function withMcpTools(profile: ToolProfile, tools: readonly Tool[]): ToolProfile {
  const fresh = tools.filter((tool) => !profile.findTool(tool.name));
  if (fresh.length === 0) return profile;
  return defineProfile({ ...profile, tools: [...profile.tools, ...fresh] });
}
