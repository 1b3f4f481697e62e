import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listMcpTools } from '../../src/agent-worker/toolkit/mcp/mcp-catalog.ts';
import { McpConnections } from '../../src/agent-worker/toolkit/mcp/mcp-connections.ts';
import { testMcpServer } from '../../src/page/state/settings/mcp-connection.ts';
import type { McpServerConfig } from '../../src/shared/protocol/mcp.ts';
import type { McpOAuth } from '../../src/shared/protocol/mcp-oauth.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { startMcpFixtureServer } from '../fixtures/mcp/mcp-fixture-server.ts';
import { type McpOAuthFixture, startMcpOAuthFixtureServer } from '../fixtures/mcp/mcp-oauth-fixture.ts';
import { notebookProfile } from '../fixtures/notebook-profile.ts';
import { call } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

const REDIRECT = 'http://localhost:4173/?mcp-oauth-callback=1';

let harness: Harness | undefined;
let fixture: McpOAuthFixture | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  await fixture?.close();
  harness = undefined;
  fixture = undefined;
});

/**
 * Signs in the way Settings → MCP does, with the SDK's `auth()` (discovery, registration,
 * PKCE), the sign-in window played by following `/authorize`'s redirect by hand.
 */
async function signIn(serverUrl: string): Promise<McpOAuth> {
  let clientInformation: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  let authorizationUrl: URL | undefined;
  const provider: OAuthClientProvider = {
    redirectUrl: REDIRECT,
    clientMetadata: {
      client_name: 'Sandpiper',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
    },
    state: () => 'state-1',
    clientInformation: () => clientInformation,
    saveClientInformation: (information) => {
      clientInformation = information;
    },
    tokens: () => tokens,
    saveTokens: (next) => {
      tokens = next;
    },
    saveCodeVerifier: (next) => {
      verifier = next;
    },
    codeVerifier: () => verifier,
    redirectToAuthorization: (url) => {
      authorizationUrl = url;
    },
  };
  expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
  const approved = await fetch(authorizationUrl as URL, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe('state-1');
  expect(back.searchParams.get('mcp-oauth-callback')).toBe('1');
  const code = back.searchParams.get('code') ?? '';
  expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');
  return {
    clientInformation: clientInformation as McpOAuth['clientInformation'],
    tokens: tokens as McpOAuth['tokens'],
    redirectUrl: REDIRECT,
    savedAt: 1,
  };
}

function server(url: string, oauth: McpOAuth): McpServerConfig {
  return {
    id: 'fx',
    name: 'fixture',
    url,
    transport: 'streamable-http',
    bearerToken: '',
    isEnabled: true,
    oauth,
  };
}

async function runAdd(h: Harness): Promise<string[]> {
  h.server.setScript([
    call('jot', { line: 'Add' }),
    call('mcp_fixture_add', { a: 2, b: 3 }),
    call('terminate', { status: 'success' }),
  ]);
  const id = await h.runtime.startConversation('Add 2 and 3', { profileId: 'notebook' });
  await h.runtime.idle(id);
  const completions = await h.completions(id);
  const events = JSON.stringify(await h.events(id));
  for (const token of [...(fixture?.accessTokens ?? []), ...(fixture?.refreshTokens ?? [])]) {
    expect(events.includes(token)).toBe(false);
  }
  return completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}:${envelope.content}`);
}

describe('MCP servers signed in with OAuth', () => {
  it('sends the signed-in access token, and no bearer token of its own', async () => {
    fixture = await startMcpOAuthFixtureServer();
    const oauth = await signIn(fixture.url);
    expect(fixture.log).toEqual(['register', 'authorize', 'token:authorization_code']);
    harness = await createHarness(
      { mcpServers: [server(fixture.url, oauth)] },
      {},
      { profiles: [notebookProfile] },
    );
    expect(await runAdd(harness)).toContain('mcp_fixture_add:success:2 + 3 = 5');
    expect(fixture.calls).toEqual(['add']);
    expect(fixture.authorizations.every((header) => header === `Bearer ${oauth.tokens.access_token}`)).toBe(
      true,
    );
  });

  it('refreshes an expired access token with the refresh token and keeps the new tokens in the settings', async () => {
    fixture = await startMcpOAuthFixtureServer();
    const oauth = await signIn(fixture.url);
    fixture.expireAccessTokens();
    harness = await createHarness(
      { mcpServers: [server(fixture.url, oauth)] },
      {},
      { profiles: [notebookProfile] },
    );
    expect(await runAdd(harness)).toContain('mcp_fixture_add:success:2 + 3 = 5');
    expect(fixture.log).toContain('token:refresh_token');
    const [, access] = fixture.accessTokens;
    const [, refresh] = fixture.refreshTokens;
    expect(fixture.authorizations.at(-1)).toBe(`Bearer ${access}`);
    const saved = (await new SettingsRepository(harness.database).getAgentSettings()).mcpServers[0]?.oauth;
    expect(saved?.tokens.access_token).toBe(access);
    expect(saved?.tokens.refresh_token).toBe(refresh);
    expect(saved?.clientInformation.client_id).toBe(oauth.clientInformation.client_id);
    expect(saved?.savedAt).toBeGreaterThan(oauth.savedAt);
  });

  it('refreshes again at each later expiry on the same connection, keeping each new sign-in', async () => {
    fixture = await startMcpOAuthFixtureServer();
    const oauth = await signIn(fixture.url);
    const kept: McpOAuth[] = [];
    const connections = new McpConnections({ saveOAuth: async (_id, next) => void kept.push(next) });
    const target = server(fixture.url, oauth);
    const add = () =>
      connections.with(target, (client) => client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }));
    await add();
    for (let round = 1; round <= 2; round += 1) {
      fixture.expireAccessTokens();
      expect((await add()).content).toEqual([{ type: 'text', text: '1 + 2 = 3' }]);
    }
    expect(fixture.log.filter((entry) => entry === 'token:refresh_token')).toHaveLength(2);
    expect(kept.at(-1)?.tokens.access_token).toBe(fixture.accessTokens.at(-1));
    await connections.closeAll();
  });

  it('asks the person to sign in again when the sign-in was revoked', async () => {
    fixture = await startMcpOAuthFixtureServer();
    const oauth = await signIn(fixture.url);
    fixture.revokeAll();
    const connections = new McpConnections();
    const catalog = await listMcpTools([server(fixture.url, oauth)], connections);
    expect(catalog.tools).toEqual([]);
    expect(catalog.failures).toEqual([
      'The sign-in to the MCP server “fixture” has expired or was revoked. Sign in again: Settings → MCP → “Sign in” for “fixture”.',
    ]);
    expect(fixture.log).toContain('token:refresh_token refused');
    await connections.closeAll();
  });
});

describe('Settings → MCP’s test of a server', () => {
  it('offers a sign-in where the server offers OAuth, and tests with the signed-in token', async () => {
    fixture = await startMcpOAuthFixtureServer();
    const plain = {
      name: 'fixture',
      url: fixture.url,
      transport: 'streamable-http' as const,
      bearerToken: '',
    };
    expect(await testMcpServer(plain)).toMatchObject({ ok: false, reason: 'oauth' });
    const oauth = await signIn(fixture.url);
    expect(await testMcpServer({ ...plain, oauth })).toMatchObject({
      ok: true,
      serverName: 'sandpiper-fixture',
    });
    fixture.revokeAll();
    expect(await testMcpServer({ ...plain, oauth })).toMatchObject({
      ok: false,
      reason: 'oauth',
      message: expect.stringContaining('Sign in again'),
    });
  });

  it('says a bearer-token server refused the token, without sending it to any metadata address', async () => {
    const server = await startMcpFixtureServer({ token: 'right' });
    try {
      const result = await testMcpServer({
        name: 'f',
        url: server.url,
        transport: 'streamable-http',
        bearerToken: 'wrong',
      });
      expect(result).toMatchObject({ ok: false, reason: 'auth' });
      expect(server.authorizations.length).toBeGreaterThan(0);
      expect(server.authorizations.every((header) => header === 'Bearer wrong')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
