import { describe, expect, it } from 'vitest';
import { mcpStatusLine, statusOfTest, timeAgo } from './mcp-status-lines.ts';

const MINUTE = 60_000;
const url = 'https://tools.example/mcp';

describe('an MCP server’s last status', () => {
  it('says how long ago in minutes, hours or days', () => {
    expect(timeAgo(1000, 1000 + 30_000)).toBe('just now');
    expect(timeAgo(0, 3 * MINUTE)).toBe('3 min ago');
    expect(timeAgo(0, 59 * MINUTE)).toBe('59 min ago');
    expect(timeAgo(0, 61 * MINUTE)).toBe('1 h ago');
    expect(timeAgo(0, 25 * 60 * MINUTE)).toBe('1 day ago');
    expect(timeAgo(0, 72 * 60 * MINUTE)).toBe('3 days ago');
    expect(timeAgo(5 * MINUTE, 0)).toBe('just now');
  });

  it('records a test: its tools, or why it failed', () => {
    const tools = [{ name: 'mcp_a_b', toolName: 'b', description: '' }];
    expect(statusOfTest({ ok: true, serverName: 'a', tools }, url, 7)).toEqual({
      ok: true,
      toolCount: 1,
      url,
      at: 7,
      source: 'test',
    });
    expect(statusOfTest({ ok: false, reason: 'unreachable', message: 'Down.' }, url, 7)).toEqual({
      ok: false,
      message: 'Down.',
      url,
      at: 7,
      source: 'test',
    });
  });

  it('reads as who looked, what they found and when; nothing for another address', () => {
    expect(mcpStatusLine({ ok: true, toolCount: 12, url, at: 0, source: 'test' }, url, 3 * MINUTE)).toEqual({
      tone: 'success',
      heading: 'Last test',
      text: 'Connected · 12 tools · 3 min ago',
      at: 0,
    });
    expect(
      mcpStatusLine(
        { ok: false, message: 'Could not reach it.', url, at: 0, source: 'conversation' },
        ` ${url} `,
        60 * MINUTE,
      ),
    ).toEqual({
      tone: 'error',
      heading: 'Last conversation start',
      text: 'Unreachable: Could not reach it. · 1 h ago',
      at: 0,
    });
    expect(mcpStatusLine({ ok: true, toolCount: 1, url, at: 0, source: 'test' }, url, 0)?.text).toBe(
      'Connected · 1 tool · just now',
    );
    expect(
      mcpStatusLine({ ok: true, toolCount: 1, url, at: 0, source: 'test' }, 'https://other/mcp', 0),
    ).toBeNull();
    expect(mcpStatusLine(undefined, url, 0)).toBeNull();
  });
});
