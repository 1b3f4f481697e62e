/*
 * The OAuth redirect's contract, without zod: the page imports this at start (to tell
 * whether it is a sign-in window), and a module that builds schemas at load would run
 * before zod is told not to compile with eval (see src/page/ui/shared/zod-without-eval.ts).
 */

/** The query parameter that marks this app's page as the OAuth redirect target. */
export const MCP_OAUTH_CALLBACK_PARAM = 'mcp-oauth-callback';

/** The BroadcastChannel the sign-in window reports on (its opener is cut off by COOP). */
export const MCP_OAUTH_CHANNEL = 'sandpiper-mcp-oauth';

/** What the sign-in window reports to the settings page. */
export type McpOAuthCallback = {
  type: 'mcp-oauth-callback';
  code: string | null;
  state: string | null;
  error: string | null;
};
