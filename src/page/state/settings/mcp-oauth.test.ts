import { describe, expect, it } from 'vitest';
import { mcpTokenSecrets } from '@/shared/protocol/mcp.ts';
import type { McpOAuth } from '@/shared/protocol/mcp-oauth.ts';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { validateMcpForm } from './mcp-form.ts';

const signIn = (clientId: string, access: string, savedAt: number): McpOAuth => ({
  clientInformation: { client_id: clientId, client_secret: `secret-${clientId}` },
  tokens: { access_token: access, token_type: 'Bearer', refresh_token: `refresh-${access}` },
  redirectUrl: 'https://app.example/?mcp-oauth-callback=1',
  savedAt,
});

const server = (oauth?: McpOAuth) => ({
  id: 'a',
  name: 'docs',
  url: 'https://mcp.example/mcp',
  transport: 'streamable-http' as const,
  bearerToken: '',
  isEnabled: true,
  ...(oauth ? { oauth } : {}),
});

describe('MCP OAuth sign-ins in the settings', () => {
  it('are secrets: the access and refresh tokens and the client secret are redacted', () => {
    expect(Object.values(mcpTokenSecrets([server(signIn('c1', 'at-1', 1))])).sort()).toEqual(
      ['at-1', 'refresh-at-1', 'secret-c1'].sort(),
    );
  });

  it('keep tokens the worker refreshed while the settings were open; a new sign-in or a sign-out wins', () => {
    const opened = signIn('c1', 'at-1', 1);
    const refreshed = signIn('c1', 'at-2', 2);
    const saved = { ...DEFAULT_SETTINGS, mcpServers: [server(refreshed)] };
    const kept = (draft?: McpOAuth) => {
      const result = validateMcpForm({ servers: [server(draft)] }, saved);
      return result.ok ? result.settings.mcpServers[0]?.oauth : 'invalid';
    };
    expect(kept(opened)).toEqual(refreshed);
    const again = signIn('c2', 'at-3', 3);
    expect(kept(again)).toEqual(again);
    expect(kept(undefined)).toBeUndefined();
  });
});
