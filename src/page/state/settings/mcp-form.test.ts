import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { newMcpServer, validateMcpForm, withMcpServer, withoutMcpServer } from './mcp-form.ts';

const fields = {
  url: 'https://tools.example.com/mcp',
  name: '',
  transport: 'streamable-http' as const,
  bearerToken: ' t ',
};

describe('Settings → MCP form', () => {
  it('adds a server switched on, named from its host when no name is given', () => {
    const server = newMcpServer(fields, 'id1', []);
    expect(server).toEqual({
      id: 'id1',
      name: 'tools',
      url: 'https://tools.example.com/mcp',
      transport: 'streamable-http',
      bearerToken: 't',
      isEnabled: true,
    });
    expect(newMcpServer(fields, 'id2', [server]).name).toBe('tools2');
    expect(newMcpServer({ ...fields, name: ' fixture ' }, 'id3', []).name).toBe('fixture');
  });

  it('saves the servers, switched and removed', () => {
    const one = newMcpServer(fields, 'a', []);
    const two = newMcpServer({ ...fields, name: 'other' }, 'b', [one]);
    const form = withoutMcpServer(withMcpServer({ servers: [one, two] }, 'a', { isEnabled: false }), 'b');
    const result = validateMcpForm(form, DEFAULT_SETTINGS);
    expect(result.ok && result.settings.mcpServers).toEqual([{ ...one, isEnabled: false }]);
  });

  it('names the wrong field: no name, names that give the same tool names, a URL that is not http(s)', () => {
    const one = newMcpServer({ ...fields, name: 'My server' }, 'a', []);
    expect(validateMcpForm({ servers: [{ ...one, name: ' ' }] }, DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      serverId: 'a',
      field: 'name',
    });
    const clash = validateMcpForm(
      { servers: [one, { ...one, id: 'b', name: 'my_server' }] },
      DEFAULT_SETTINGS,
    );
    expect(clash).toMatchObject({ ok: false, serverId: 'b', field: 'name' });
    expect(!clash.ok && clash.message).toContain('same names');
    expect(validateMcpForm({ servers: [{ ...one, url: 'ftp://x' }] }, DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      field: 'url',
    });
    // Every wrong field of every server is named.
    const all = validateMcpForm(
      {
        servers: [
          { ...one, name: '', url: 'nowhere' },
          { ...one, id: 'b', url: 'ftp://x' },
        ],
      },
      DEFAULT_SETTINGS,
    );
    expect(all.ok ? [] : all.problems.map((problem) => [problem.serverId, problem.field])).toEqual([
      ['a', 'name'],
      ['a', 'url'],
      ['b', 'url'],
    ]);
  });
});
