import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { listMcpTools } from '../../src/agent-worker/toolkit/mcp/mcp-catalog.ts';
import { McpConnections } from '../../src/agent-worker/toolkit/mcp/mcp-connections.ts';
import { mcpToolsForRun } from '../../src/agent-worker/toolkit/mcp/mcp-run.ts';
import { redactedSecret } from '../../src/agent-worker/toolkit/ports/secrets-port.ts';
import type { Conversation } from '../../src/shared/protocol/conversation.ts';
import type { McpServerConfig, McpToolSpec } from '../../src/shared/protocol/mcp.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { type McpFixtureServer, startMcpFixtureServer } from '../fixtures/mcp/mcp-fixture-server.ts';
import { notebookProfile } from '../fixtures/notebook-profile.ts';
import { call } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

const TOKEN = 'mcp-token/9f8e7d+secret';
const leaks = (text: string) => text.includes(TOKEN) || text.includes(encodeURIComponent(TOKEN));

let harness: Harness | undefined;
let fixture: McpFixtureServer | undefined;
const logged: string[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  logged.length = 0;
  await harness?.close();
  await fixture?.close();
  harness = undefined;
  fixture = undefined;
});

function server(url: string, overrides: Partial<McpServerConfig> = {}): McpServerConfig {
  return {
    id: 'fx',
    name: 'fixture',
    url,
    transport: 'streamable-http',
    bearerToken: TOKEN,
    isEnabled: true,
    ...overrides,
  };
}

function captureConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...parts: unknown[]) => {
      logged.push(
        parts
          .map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part)))
          .join(' '),
      );
    });
  }
}

/** The tool names of each model request, in order. */
function toolNamesOfRequests(h: Harness): string[][] {
  return h.server.requests.map((request) =>
    ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map(
      (tool) => tool.function.name,
    ),
  );
}

describe('MCP servers in a conversation', () => {
  it('says in the conversation, naming it, when a server switched on cannot be reached as it starts', async () => {
    captureConsole();
    harness = await createHarness(
      { mcpServers: [server('http://127.0.0.1:9/mcp')] },
      {},
      { profiles: [notebookProfile] },
    );
    harness.server.setScript([call('terminate', { status: 'success' })]);
    const id = await harness.runtime.startConversation('Add 2 and 3', { profileId: 'notebook' });
    await harness.runtime.idle(id);
    const notices = async () =>
      ((await harness!.runtime.readConversation(id))?.events ?? []).flatMap(({ body }) =>
        body.type === 'notice' && body.kind === 'mcp_unavailable' ? [body.text] : [],
      );
    expect(await notices()).toEqual([
      expect.stringMatching(/“fixture”.*This conversation has no tools from it; check Settings → MCP\.$/),
    ]);
    expect(toolNamesOfRequests(harness)[0]).toEqual(['jot', 'ask_human', 'terminate', 'lookup']);
    // Settings → MCP shows it as the server's last status, found as the conversation started.
    const statuses = await new SettingsRepository(harness.database).getMcpStatuses();
    expect(Object.values(statuses)).toEqual([
      {
        ok: false,
        message: expect.stringContaining('“fixture”'),
        url: 'http://127.0.0.1:9/mcp',
        at: expect.any(Number),
        source: 'conversation',
      },
    ]);
    // Said once: the conversation's tools were fixed when it started.
    harness.server.setScript([call('terminate', { status: 'success' })]);
    await harness.runtime.sendMessage(id, 'Again');
    await harness.runtime.idle(id);
    expect(await notices()).toHaveLength(1);
  });

  it('lists, names and calls the tools with the token, saves images and resources, and leaks no token', async () => {
    captureConsole();
    fixture = await startMcpFixtureServer({ token: TOKEN });
    harness = await createHarness({ mcpServers: [server(fixture.url)] }, {}, { profiles: [notebookProfile] });
    harness.server.setScript([
      call('jot', { line: 'Use the fixture' }),
      call('mcp_fixture_add', { a: 2, b: 3 }),
      call('mcp_fixture_image', {}),
      call('mcp_fixture_readme', {}),
      call('mcp_fixture_shout_out', { text: 'hi' }),
      call('mcp_fixture_fail', {}),
      call('terminate', { status: 'success' }),
    ]);
    const id = await harness.runtime.startConversation('Add 2 and 3', { profileId: 'notebook' });
    await harness.runtime.idle(id);

    const names = toolNamesOfRequests(harness);
    expect(names[0]).toEqual([
      'jot',
      'ask_human',
      'terminate',
      'lookup',
      'mcp_fixture_add',
      'mcp_fixture_echo',
      'mcp_fixture_image',
      'mcp_fixture_readme',
      'mcp_fixture_fail',
      'mcp_fixture_shout_out',
    ]);
    expect(Object.values(await new SettingsRepository(harness.database).getMcpStatuses())).toEqual([
      { ok: true, toolCount: 6, url: fixture.url, at: expect.any(Number), source: 'conversation' },
    ]);
    expect(new Set(names.map((list) => list.join()))).toHaveProperty('size', 1);
    const firstBody = harness.server.requests[0]?.body as { tools: { function: Record<string, unknown> }[] };
    const tools = firstBody.tools;
    expect(tools.find((tool) => tool.function.name === 'mcp_fixture_add')?.function).toMatchObject({
      description: 'Adds two numbers and returns the sum as text.',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    });

    const completions = await harness.completions(id);
    expect(completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'jot:success',
      'mcp_fixture_add:success',
      'mcp_fixture_image:success',
      'mcp_fixture_readme:success',
      'mcp_fixture_shout_out:success',
      'mcp_fixture_fail:error',
      'terminate:success',
    ]);
    expect(completions[1]?.content).toBe('2 + 3 = 5');
    expect(completions[1]?.meta).toMatchObject({ mcp_server: 'fixture', mcp_tool: 'add' });
    const imagePath = (completions[2]?.meta.images as string[] | undefined)?.[0] ?? '';
    expect(imagePath).toMatch(/^\/home\/ubuntu\/mcp\/fixture\/image-[\w-]+-2\.png$/);
    expect(completions[2]?.content).toContain(`saved to ${imagePath}`);
    expect(completions[3]?.content).toContain('# Fixture');
    expect(completions[4]?.content).toBe('HI');
    expect(completions[5]?.meta.error?.message).toBe('The fixture failed on purpose.');
    const files = await harness.database.files.where('conversationId').equals(id).toArray();
    const paths = files.map((row) => (row as { path: string }).path);
    expect(paths).toContain(imagePath.replace('/home/ubuntu/', ''));
    expect(paths.some((path) => path.endsWith('README.md'))).toBe(true);

    expect(fixture.calls).toEqual(['add', 'image', 'readme', 'shout out!', 'fail']);
    expect(fixture.authorizations.length).toBeGreaterThan(5);
    expect(fixture.authorizations.every((header) => header === `Bearer ${TOKEN}`)).toBe(true);

    // The token appears nowhere the run writes or announces, nor in a bundle.
    const events = await harness.events(id);
    expect(leaks(JSON.stringify(events))).toBe(false);
    expect(leaks(JSON.stringify(harness.published))).toBe(false);
    expect(leaks(JSON.stringify(harness.server.requests.map((request) => request.body)))).toBe(false);
    expect(leaks(logged.join('\n'))).toBe(false);
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: () => undefined,
      newId: () => 'copy',
      now: () => 1,
      appVersion: '0.1.0',
    });
    const bundle = unzipSync((await archive.exportConversation(id)).bytes);
    expect(Object.values(bundle).some((bytes) => leaks(strFromU8(bytes)))).toBe(false);
    expect(redactedSecret('mcp:fixture')).toContain('mcp:fixture');
  });

  it('answers with an error the model can act on when the server goes away mid-run, and keeps its tools', async () => {
    fixture = await startMcpFixtureServer({ disconnectAfterCalls: 1 });
    harness = await createHarness(
      { mcpServers: [server(fixture.url, { bearerToken: '' })] },
      {},
      { profiles: [notebookProfile] },
    );
    harness.server.setScript([
      call('jot', { line: 'Add twice' }),
      call('mcp_fixture_add', { a: 1, b: 1 }),
      call('mcp_fixture_add', { a: 2, b: 2 }),
      call('terminate', { status: 'failure' }),
    ]);
    const id = await harness.runtime.startConversation('Add twice', { profileId: 'notebook' });
    await harness.runtime.idle(id);

    const completions = await harness.completions(id);
    expect(completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'jot:success',
      'mcp_fixture_add:success',
      'mcp_fixture_add:error',
      'terminate:success',
    ]);
    const failure = completions[2]?.meta.error;
    expect(failure?.kind).toBe('execution');
    expect(failure?.message).toMatch(
      /Could not reach the MCP server “fixture” \(http:\/\/127\.0\.0\.1:\d+\)/,
    );
    expect(failure?.message).toContain('continue without its tools, or tell the user');
    // The model read that error, and the tool list stayed the same.
    expect(JSON.stringify(harness.server.requests.at(-1)?.body)).toContain('Could not reach the MCP server');
    expect(new Set(toolNamesOfRequests(harness).map((list) => list.join()))).toHaveProperty('size', 1);
  });

  it('keeps the tools a conversation started with; a server switched off later answers that it is off', async () => {
    fixture = await startMcpFixtureServer();
    harness = await createHarness(
      { mcpServers: [server(fixture.url, { bearerToken: '' })] },
      {},
      { profiles: [notebookProfile] },
    );
    harness.server.setScript([call('jot', { line: 'Echo' }), call('terminate', { status: 'success' })]);
    const id = await harness.runtime.startConversation('Echo', { profileId: 'notebook' });
    await harness.runtime.idle(id);
    const settings = new SettingsRepository(harness.database);
    const saved = await settings.getAgentSettings();
    await settings.putAgentSettings({
      ...saved,
      mcpServers: saved.mcpServers.map((entry) => ({ ...entry, isEnabled: false })),
    });
    harness.server.setScript([
      call('jot', { line: 'Echo x' }),
      call('mcp_fixture_echo', { text: 'x' }),
      call('terminate', { status: 'success' }),
    ]);
    await harness.runtime.sendMessage(id, 'Echo x');
    await harness.runtime.idle(id);
    expect(toolNamesOfRequests(harness)[0]).toContain('mcp_fixture_echo');
    const completions = await harness.completions(id);
    expect(completions.at(-2)?.meta.error?.message).toBe(
      'The MCP server “fixture” is switched off in Settings → MCP, so `mcp_fixture_echo` cannot run. Continue without the tools of this server, or tell the user what could not be done.',
    );
    expect(fixture.calls).toEqual([]);
  });
});

describe('listing MCP servers', () => {
  it('talks to older servers over HTTP+SSE', async () => {
    fixture = await startMcpFixtureServer({ token: TOKEN });
    const connections = new McpConnections();
    const sse = server(fixture.sseUrl, { transport: 'sse' });
    const catalog = await listMcpTools([sse], connections);
    expect(catalog.failures).toEqual([]);
    expect(catalog.tools.map((tool) => tool.name)).toContain('mcp_fixture_echo');
    const echoed = await connections.with(sse, (client) =>
      client.callTool({ name: 'echo', arguments: { text: 'over SSE' } }),
    );
    expect(echoed.content).toEqual([{ type: 'text', text: 'over SSE' }]);
    expect(fixture.authorizations.every((header) => header === `Bearer ${TOKEN}`)).toBe(true);
    await connections.closeAll();
  });

  it('says which server refused the token, which is no MCP server, and skips switched-off ones', async () => {
    fixture = await startMcpFixtureServer({ token: TOKEN });
    const connections = new McpConnections();
    const catalog = await listMcpTools(
      [
        server(fixture.url, { bearerToken: 'wrong' }),
        server(fixture.url.replace('/mcp', '/nothing'), { id: 'b', name: 'elsewhere' }),
        server(fixture.url, { id: 'c', name: 'off', isEnabled: false }),
      ],
      connections,
    );
    expect(catalog.tools).toEqual([]);
    expect(catalog.failures).toEqual([
      expect.stringMatching(/“fixture”.*refused the request \(401: not authorised\).*bearer token/),
      expect.stringMatching(/“elsewhere”.*HTTP 404: the URL does not look like an MCP endpoint/),
    ]);
    expect(DEFAULT_SETTINGS.mcpServers).toEqual([]);
    await connections.closeAll();
  });
});

describe('the MCP tools a conversation starts with', () => {
  it('are listed at its first run and kept; a sub-agent gets its parent’s; an older conversation gets none', async () => {
    fixture = await startMcpFixtureServer();
    const connections = new McpConnections();
    const kept = new Map<string, McpToolSpec[]>();
    const rows = new Map<string, Conversation>();
    const conversations = {
      get: async (id: string) => rows.get(id) ?? null,
      setMcpTools: async (id: string, tools: McpToolSpec[]) => void kept.set(id, tools),
    };
    const settings = { ...DEFAULT_SETTINGS, mcpServers: [server(fixture.url, { bearerToken: '' })] };
    const base: Conversation = {
      id: 'p',
      title: '',
      status: 'running',
      createdAt: 0,
      updatedAt: 0,
      profileId: 'manus',
    };
    const signal = new AbortController().signal;
    const run = (conversation: Conversation) =>
      mcpToolsForRun({ conversation, settings, conversations, connections, signal });

    const first = await run(base);
    expect(first.map((tool) => tool.name)).toContain('mcp_fixture_add');
    rows.set('p', { ...base, mcpTools: kept.get('p') ?? [] });
    const child = await run({ ...base, id: 'c', parent: { conversationId: 'p', actionUuid: 'u' } });
    expect(child.map((tool) => tool.name)).toEqual(first.map((tool) => tool.name));
    expect(await run({ ...base, id: 'old', toolDescriptions: 'full' })).toEqual([]);
    expect(kept.get('old')).toEqual([]);
    await connections.closeAll();
  });
});
