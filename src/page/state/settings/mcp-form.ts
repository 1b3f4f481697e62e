import { type McpServerConfig, type McpTransport, mcpToolName } from '@/shared/protocol/mcp.ts';
import { newerMcpOAuth } from '@/shared/protocol/mcp-oauth.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';

/** One server as Settings → MCP edits it (saved only when the dialog is saved). */
export type McpServerDraft = McpServerConfig;

/** Settings → MCP's form: the servers, in order. */
export type McpForm = { servers: McpServerDraft[] };

/** A field of a server the form can report as invalid. */
export type McpFormField = 'name' | 'url';

/** The id of a server field's input (for focusing the one that is wrong). */
export function mcpFieldId(
  serverId: string,
  field: McpFormField | 'transport' | 'bearerToken' | 'isEnabled',
): string {
  return `mcp-${serverId}-${field}`;
}

export function mcpFormFromSettings(settings: AgentSettings): McpForm {
  return { servers: settings.mcpServers.map((server) => ({ ...server })) };
}

/** A new server from what the "Add a server" fields hold, switched on; its name from the URL's host when left empty. */
export function newMcpServer(
  fields: { url: string; name: string; transport: McpTransport; bearerToken: string },
  id: string,
  taken: readonly McpServerDraft[],
): McpServerDraft {
  const url = fields.url.trim();
  let name = fields.name.trim();
  if (name === '') {
    try {
      name = new URL(url).hostname.split('.').filter((part) => part !== 'www' && part !== 'mcp')[0] ?? '';
    } catch {
      name = '';
    }
    name = name.replace(/[^a-zA-Z0-9_-]/g, '_') || 'server';
    const base = name;
    for (let suffix = 2; taken.some((server) => server.name === name); suffix += 1) name = `${base}${suffix}`;
  }
  return {
    id,
    name,
    url,
    transport: fields.transport,
    bearerToken: fields.bearerToken.trim(),
    isEnabled: true,
  };
}

/** The form with one server changed. */
export function withMcpServer(form: McpForm, id: string, patch: Partial<McpServerDraft>): McpForm {
  return { servers: form.servers.map((server) => (server.id === id ? { ...server, ...patch } : server)) };
}

/** The form without a server. */
export function withoutMcpServer(form: McpForm, id: string): McpForm {
  return { servers: form.servers.filter((server) => server.id !== id) };
}

/** One field of one server that is wrong, and why. */
export type McpProblem = { serverId: string; field: McpFormField; message: string };

/** The settings to save, or every problem (the first also as `serverId`, `field` and `message`). */
export type McpFormResult =
  | { ok: true; settings: AgentSettings }
  | { ok: false; serverId: string; field: McpFormField; message: string; problems: McpProblem[] };

/**
 * The settings with the form's servers, or every wrong field: a name is needed, at most
 * 40 characters, and must name the tools differently from every other server's
 * (`mcp_{name}_…`); a URL must be an http(s) address.
 */
export function validateMcpForm(form: McpForm, settings: AgentSettings): McpFormResult {
  const servers: McpServerConfig[] = [];
  const problems: McpProblem[] = [];
  const prefixes = new Map<string, string>();
  for (const draft of form.servers) {
    const name = draft.name.trim();
    const url = draft.url.trim();
    const fail = (field: McpFormField, message: string) =>
      problems.push({ serverId: draft.id, field, message });
    const count = problems.length;
    const prefix = mcpToolName(name, '').toLowerCase();
    const other = prefixes.get(prefix);
    if (name === '') fail('name', 'Each MCP server needs a name (its tools are called mcp_<name>_<tool>).');
    else if (name.length > 40) fail('name', `The MCP server name “${name}” is longer than 40 characters.`);
    else if (other !== undefined) {
      fail(
        'name',
        `The MCP servers “${other}” and “${name}” would give their tools the same names: rename one.`,
      );
    } else prefixes.set(prefix, name);
    if (!isHttpUrl(url)) {
      fail(
        'url',
        `The address of the MCP server “${name || 'without a name'}” must be an http:// or https:// URL, such as https://example.com/mcp.`,
      );
    }
    if (problems.length > count) continue;
    // Tokens the worker refreshed while the settings were open are newer than the form's.
    const oauth = newerMcpOAuth(
      draft.oauth,
      settings.mcpServers.find((saved) => saved.id === draft.id)?.oauth,
    );
    const { oauth: _edited, ...rest } = draft;
    servers.push({ ...rest, name, url, bearerToken: draft.bearerToken.trim(), ...(oauth ? { oauth } : {}) });
  }
  const [first] = problems;
  if (first) return { ok: false, ...first, problems };
  return { ok: true, settings: { ...settings, mcpServers: servers } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
