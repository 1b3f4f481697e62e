import { z } from 'zod';

/**
 * What an OAuth sign-in to an MCP server gave (the MCP authorization spec, as the SDK's
 * client implements it): the client registered with its authorization server, the tokens,
 * and the redirect URL they were obtained with. Secrets, like a bearer token: kept only in
 * the settings table, sent only to that server and its authorization server, redacted
 * from everything a run writes.
 */
export const McpOAuth = z.object({
  /** The registered client (`client_id`, maybe `client_secret`, and the SDK's `issuer`), kept as the SDK gave it. */
  clientInformation: z.looseObject({ client_id: z.string().min(1), client_secret: z.string().optional() }),
  /** The tokens as the SDK saved them (`access_token`, `refresh_token`, `expires_in`, `issuer`…). */
  tokens: z.looseObject({
    access_token: z.string().min(1),
    token_type: z.string(),
    refresh_token: z.string().optional(),
    expires_in: z.number().optional(),
  }),
  /** The redirect URL the client was registered with (this app's page with `?mcp-oauth-callback=1`). */
  redirectUrl: z.string(),
  /** When the tokens were saved (ms since the epoch): the newer of two copies wins. */
  savedAt: z.number(),
});
export type McpOAuth = z.infer<typeof McpOAuth>;

export {
  MCP_OAUTH_CALLBACK_PARAM,
  MCP_OAUTH_CHANNEL,
  type McpOAuthCallback,
} from './mcp-oauth-callback.ts';

/** The secrets of a sign-in, for redaction: the tokens and the client secret. */
export function mcpOAuthSecrets(oauth: McpOAuth | undefined): string[] {
  if (!oauth) return [];
  return [
    oauth.tokens.access_token,
    oauth.tokens.refresh_token,
    oauth.clientInformation.client_secret,
  ].filter((secret): secret is string => typeof secret === 'string' && secret !== '');
}

/**
 * The sign-in to keep when a saved copy and an edited copy differ: the saved one when it
 * is a newer save of the same registration (the worker refreshed the tokens while the
 * settings were open), else the edited one (a new sign-in, or a sign-out).
 */
export function newerMcpOAuth(
  edited: McpOAuth | undefined,
  saved: McpOAuth | undefined,
): McpOAuth | undefined {
  if (!edited || !saved) return edited;
  const isSameClient = edited.clientInformation.client_id === saved.clientInformation.client_id;
  return isSameClient && saved.savedAt > edited.savedAt ? saved : edited;
}
