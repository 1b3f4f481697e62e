import { z } from 'zod';

/** Who found a server's last status: Settings' Test connection, or a conversation as it started. */
export const McpStatusSource = z.enum(['test', 'conversation']);
export type McpStatusSource = z.infer<typeof McpStatusSource>;

/**
 * What the last attempt to list an MCP server's tools found: connected with so many tools,
 * or not, and why (a sentence with no token in it). `url` is the address it was for (a
 * status for an address since changed is not shown); `at` is when (epoch ms).
 */
export const McpServerStatus = z.union([
  z.object({
    ok: z.literal(true),
    toolCount: z.number().int().nonnegative(),
    url: z.string(),
    at: z.number(),
    source: McpStatusSource,
  }),
  z.object({
    ok: z.literal(false),
    message: z.string(),
    url: z.string(),
    at: z.number(),
    source: McpStatusSource,
  }),
]);
export type McpServerStatus = z.infer<typeof McpServerStatus>;

/** The newer of two statuses of a server (either may be missing). */
export function newerMcpStatus(
  first: McpServerStatus | undefined,
  second: McpServerStatus | undefined,
): McpServerStatus | undefined {
  if (!first) return second;
  if (!second) return first;
  return second.at > first.at ? second : first;
}
