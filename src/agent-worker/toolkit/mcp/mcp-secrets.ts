import { type McpServerConfig, mcpTokenSecrets } from '@/shared/protocol/mcp.ts';
import { SecretVault } from '../ports/secret-vault.ts';
import type { McpConnections } from './mcp-connections.ts';

/**
 * A server's tokens as it has them now, for redacting what it says (its tool list, its
 * answers, its errors) before anything is kept: the settings' bearer token and sign-in,
 * and any tokens a refresh gave it on these connections — the run's own redaction, built
 * from the settings as the run started, does not know those. A careless or hostile server
 * can quote the token it was sent anywhere: in a tool's description, an answer, an error page.
 */
export function mcpServerSecrets(
  server: McpServerConfig,
  connections: Pick<McpConnections, 'refreshedSecretsOf'>,
): SecretVault {
  const saved = mcpTokenSecrets([server]);
  const known = new Set(Object.values(saved));
  const refreshed = connections
    .refreshedSecretsOf(server.id)
    .filter((secret) => !known.has(secret))
    .map((secret, index) => [`mcp-oauth:${server.name}:refreshed:${index}`, secret]);
  return new SecretVault({}, { ...saved, ...Object.fromEntries(refreshed) });
}
