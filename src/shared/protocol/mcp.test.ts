import { describe, expect, it } from 'vitest';
import { MCP_TOOL_NAME_MAX, mcpTokenSecrets, mcpToolName, uniqueMcpToolNames } from './mcp.ts';

describe('MCP tool names (seed 002: mcp_{server}_{tool}, sanitised, 64 characters at most)', () => {
  it('joins the server and tool names', () => {
    expect(mcpToolName('fixture', 'add')).toBe('mcp_fixture_add');
    expect(mcpToolName('git-hub', 'list_issues')).toBe('mcp_git-hub_list_issues');
  });

  it('turns other characters into one underscore and trims underscores', () => {
    expect(mcpToolName('My Server', 'shout out!')).toBe('mcp_My_Server_shout_out');
    expect(mcpToolName('files', 'fs.read/file')).toBe('mcp_files_fs_read_file');
    expect(mcpToolName('__x__', '__y__')).toBe('mcp_x_y');
    expect(mcpToolName('météo', 'prévision')).toBe('mcp_m_t_o_pr_vision');
  });

  it('cuts at 64 characters, and makes names unique with a suffix', () => {
    const long = mcpToolName('server', 'a'.repeat(100));
    expect(long).toHaveLength(MCP_TOOL_NAME_MAX);
    expect(long.startsWith('mcp_server_aaa')).toBe(true);
    const [first, second, third] = uniqueMcpToolNames([long, long, 'mcp_s_x'], new Set(['mcp_s_x']));
    expect(first).toBe(long);
    expect(second).toHaveLength(MCP_TOOL_NAME_MAX);
    expect(second?.endsWith('_2')).toBe(true);
    expect(third).toBe('mcp_s_x_2');
  });

  it('names tokens as secrets for redaction, skipping empty ones', () => {
    const server = {
      id: 'a',
      url: 'https://x.test/mcp',
      transport: 'streamable-http' as const,
      isEnabled: true,
    };
    expect(
      mcpTokenSecrets([
        { ...server, name: 'one', bearerToken: 't1' },
        { ...server, name: 'two', bearerToken: '' },
      ]),
    ).toEqual({ 'mcp:one': 't1' });
  });
});
