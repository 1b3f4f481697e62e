import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpServerConfig } from '@/shared/protocol/mcp.ts';
import type { McpOAuth } from '@/shared/protocol/mcp-oauth.ts';

/** Saves a server's sign-in after the SDK refreshed its tokens (the worker writes it back to the settings). */
export type SaveMcpOAuth = (serverId: string, oauth: McpOAuth) => Promise<void>;

/** Thrown when a server's sign-in can no longer be used (revoked, or refreshing failed): only the person can sign in again. */
export class McpSignInRequiredError extends Error {
  override readonly name = 'McpSignInRequiredError';
}

/**
 * The SDK's `OAuthClientProvider` for a run, over a server's saved sign-in: it hands the
 * transport the saved tokens; when the server answers 401 the SDK refreshes them with the
 * refresh token and `saveTokens` keeps the new ones (in memory and through `save`). It
 * cannot open a sign-in window: where the SDK would start a new authorization,
 * `redirectToAuthorization` throws `McpSignInRequiredError`.
 */
export function workerOAuthProvider(
  server: Pick<McpServerConfig, 'id' | 'name'> & { oauth: McpOAuth },
  save?: SaveMcpOAuth,
  now: () => number = Date.now,
): OAuthClientProvider {
  let current: McpOAuth = server.oauth;
  let tokens: OAuthTokens | undefined = current.tokens as OAuthTokens;
  const metadata: OAuthClientMetadata = {
    client_name: 'Sandpiper',
    redirect_uris: [current.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: current.clientInformation.client_secret ? 'client_secret_post' : 'none',
  };
  const persist = async (next: McpOAuth) => {
    current = next;
    await save?.(server.id, next);
  };
  return {
    get redirectUrl() {
      return current.redirectUrl;
    },
    get clientMetadata() {
      return metadata;
    },
    clientInformation: () => current.clientInformation as OAuthClientInformationMixed,
    saveClientInformation: async (clientInformation) => {
      await persist({ ...current, clientInformation: { ...clientInformation }, savedAt: now() });
    },
    tokens: () => tokens,
    saveTokens: async (next) => {
      tokens = next;
      await persist({ ...current, tokens: { ...next }, savedAt: now() });
    },
    invalidateCredentials: (scope) => {
      if (scope === 'all' || scope === 'tokens') tokens = undefined;
    },
    saveCodeVerifier: () => undefined,
    codeVerifier: () => {
      throw new McpSignInRequiredError(signInAgainText(server.name));
    },
    redirectToAuthorization: () => {
      throw new McpSignInRequiredError(signInAgainText(server.name));
    },
  };
}

/** What a run says when a server's sign-in no longer works. */
export function signInAgainText(serverName: string): string {
  return `The sign-in to the MCP server “${serverName}” has expired or was revoked. Sign in again: Settings → MCP → “Sign in” for “${serverName}”.`;
}
