import { render } from 'solid-js/web';
import { App } from './app.tsx';
import { relayMcpOAuthCallback } from './mcp-oauth-relay.ts';
import { takeOverShell } from './shell-handover.ts';

/** Starts the app, unless this window is the end of an MCP server's OAuth sign-in (it reports back and closes). */
export function boot(): void {
  if (relayMcpOAuthCallback()) return;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  const shell = takeOverShell(root);
  render(() => <App shell={shell} />, root);
}
