import type { McpServerStatus } from '@/shared/protocol/mcp-status.ts';
import type { McpTestResult } from './mcp-connection.ts';

/** "just now", "3 min ago", "2 h ago", "4 days ago": how long before `now` the time `at` was. */
export function timeAgo(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** What Settings' Test connection found, as the server's last status. */
export function statusOfTest(result: McpTestResult, url: string, at: number): McpServerStatus {
  return result.ok
    ? { ok: true, toolCount: result.tools.length, url, at, source: 'test' }
    : { ok: false, message: result.message, url, at, source: 'test' };
}

/** A server's last status in words: who looked, what they found, and when. */
export type McpStatusLine = { tone: 'success' | 'error'; heading: string; text: string; at: number };

/**
 * A server's last status as Settings → MCP shows it: "Last test" or "Last conversation
 * start", then "Connected · 12 tools · 3 min ago" or "Unreachable: <why> · 1 h ago". Null
 * when there is none, or it was for another address than `url` (it says nothing of this one).
 */
export function mcpStatusLine(
  status: McpServerStatus | undefined,
  url: string,
  now: number,
): McpStatusLine | null {
  if (!status || status.url.trim() !== url.trim()) return null;
  const heading = status.source === 'test' ? 'Last test' : 'Last conversation start';
  const when = timeAgo(status.at, now);
  if (status.ok) {
    const tools = status.toolCount === 1 ? '1 tool' : `${status.toolCount} tools`;
    return { tone: 'success', heading, text: `Connected · ${tools} · ${when}`, at: status.at };
  }
  return { tone: 'error', heading, text: `Unreachable: ${status.message} · ${when}`, at: status.at };
}
