import {
  MCP_OAUTH_CALLBACK_PARAM,
  MCP_OAUTH_CHANNEL,
  type McpOAuthCallback,
} from '@/shared/protocol/mcp-oauth-callback.ts';

/**
 * When this page is the end of an MCP server's OAuth sign-in (`?mcp-oauth-callback=1`),
 * hands the code and state to the settings page that opened the sign-in (to `opener` at
 * this origin only, and on a same-origin channel, since COOP cuts the opener off), says so,
 * closes the window and returns true: the app is not started here. The settings page
 * checks the state. Otherwise returns false.
 */
export function relayMcpOAuthCallback(): boolean {
  const params = new URLSearchParams(location.search);
  if (params.get(MCP_OAUTH_CALLBACK_PARAM) !== '1') return false;
  const report: McpOAuthCallback = {
    type: 'mcp-oauth-callback',
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
  };
  const opener = window.opener as Window | null;
  if (opener && opener !== window) opener.postMessage(report, location.origin);
  const channel = new BroadcastChannel(MCP_OAUTH_CHANNEL);
  channel.postMessage(report);
  channel.close();
  document.title = 'Sandpiper: signed in';
  document.body.textContent = 'Back to Sandpiper: you can close this window.';
  window.close();
  return true;
}
