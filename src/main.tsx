import './ui/shared/zod-without-eval.ts';
import { render } from 'solid-js/web';
import { App } from './ui/app/app.tsx';
import { relayMcpOAuthCallback } from './ui/app/mcp-oauth-callback.ts';
import './ui/shared/base.css';
import './ui/shared/markdown.css';
import './ui/sidebar/sidebar.css';
import './ui/app/layout.css';
import './ui/thread/thread.css';
import './ui/thread/cards.css';
import './ui/thread/composer.css';
import './ui/plan/plan.css';
import './ui/computer/details.css';
import './ui/app/overlays.css';

// The end of an MCP server's OAuth sign-in (a window of its own) reports back and closes.
if (!relayMcpOAuthCallback()) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  render(() => <App />, root);
}
