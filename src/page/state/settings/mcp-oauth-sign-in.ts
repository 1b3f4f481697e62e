import {
  auth,
  discoverOAuthServerInfo,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpServerConfig } from '@/shared/protocol/mcp.ts';
import {
  MCP_OAUTH_CALLBACK_PARAM,
  MCP_OAUTH_CHANNEL,
  type McpOAuth,
  type McpOAuthCallback,
} from '@/shared/protocol/mcp-oauth.ts';

/** How long the sign-in window may take before signing in counts as abandoned. */
export const MCP_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** True when the server at `url` offers OAuth (it publishes authorization server metadata). */
export async function offersOAuth(url: URL, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const info = await discoverOAuthServerInfo(url, { fetchFn: fetchImpl });
    return info.authorizationServerMetadata !== undefined;
  } catch {
    return false;
  }
}

/** This app's page as the OAuth redirect target (`…?mcp-oauth-callback=1`; conversations are in the hash). */
export function mcpOAuthRedirectUrl(page: Pick<Location, 'origin' | 'pathname'> = location): string {
  const url = new URL(page.pathname, page.origin);
  url.searchParams.set(MCP_OAUTH_CALLBACK_PARAM, '1');
  return url.href;
}

/**
 * Signs in to an MCP server with OAuth, the SDK doing the work (metadata discovery,
 * dynamic client registration, PKCE, the code exchange): `popup`, a window the click
 * opened, is sent to the authorization URL; the sign-in window comes back to this app's
 * page, which reports the code and state (see `relayMcpOAuthCallback`); a report whose
 * state is not the one sent here is ignored. Resolves with what to keep in the server's
 * settings; rejects with a sentence a person can act on.
 */
export async function signInToMcpServer(
  server: Pick<McpServerConfig, 'url' | 'oauth'>,
  popup: Window,
  options: { fetch?: typeof fetch; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<McpOAuth> {
  const serverUrl = new URL(server.url.trim());
  const redirectUrl = mcpOAuthRedirectUrl();
  const state = crypto.randomUUID();
  const reuse = server.oauth?.redirectUrl === redirectUrl ? server.oauth.clientInformation : undefined;
  let clientInformation = reuse as OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  const metadata: OAuthClientMetadata = {
    client_name: 'Sandpiper',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  const provider: OAuthClientProvider = {
    redirectUrl,
    clientMetadata: metadata,
    state: () => state,
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
    invalidateCredentials: (scope) => {
      if (scope === 'all' || scope === 'client') clientInformation = undefined;
      if (scope === 'all' || scope === 'tokens') tokens = undefined;
    },
    redirectToAuthorization: (authorizationUrl) => {
      // A sign-in given up (or started again in the same window) leaves the window alone.
      options.signal?.throwIfAborted();
      popup.location.href = authorizationUrl.href;
    },
  };
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const callback = waitForCallback(state, options.timeoutMs ?? MCP_SIGN_IN_TIMEOUT_MS, options.signal);
  try {
    const started = await auth(provider, { serverUrl, fetchFn });
    options.signal?.throwIfAborted();
    if (started === 'REDIRECT') {
      const { code } = await callback.result;
      await auth(provider, { serverUrl, authorizationCode: code, fetchFn });
      options.signal?.throwIfAborted();
    }
  } catch (error) {
    throw new Error(signInFailure(error, serverUrl));
  } finally {
    callback.stop();
  }
  if (!tokens || !clientInformation) throw new Error(`${serverUrl.origin} gave no tokens.`);
  return {
    clientInformation: { ...clientInformation },
    tokens: { ...tokens },
    redirectUrl,
    savedAt: Date.now(),
  };
}

/** Waits for the sign-in window's report with `state` (by message from it, or on the channel). */
function waitForCallback(state: string, timeoutMs: number, signal?: AbortSignal) {
  const channel = new BroadcastChannel(MCP_OAUTH_CHANNEL);
  let stop: () => void = () => undefined;
  const result = new Promise<{ code: string }>((resolve, reject) => {
    const onReport = (data: unknown) => {
      const report = data as Partial<McpOAuthCallback> | null;
      if (report?.type !== 'mcp-oauth-callback' || report.state !== state) return;
      if (report.error || !report.code) reject(new Error(`the server refused: ${report.error ?? 'no code'}`));
      else resolve({ code: report.code });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === location.origin) onReport(event.data);
    };
    const onChannel = (event: MessageEvent) => onReport(event.data);
    const onAbort = () => reject(new Error('signing in was cancelled'));
    const timer = setTimeout(() => reject(new Error('the sign-in window did not finish in time')), timeoutMs);
    window.addEventListener('message', onMessage);
    channel.addEventListener('message', onChannel);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    stop = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      channel.removeEventListener('message', onChannel);
      signal?.removeEventListener('abort', onAbort);
      channel.close();
    };
  });
  result.catch(() => undefined);
  return { result, stop: () => stop() };
}

function signInFailure(error: unknown, serverUrl: URL): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Signing in to ${serverUrl.origin} failed: ${message}`;
}
