import { z } from 'zod';
import type { ProviderSetup } from '@/shared/protocol/providers.ts';

/** What "Test connection" found, in words a person can act on. */
export type ConnectionResult =
  | { ok: true; models: string[]; message: string }
  | {
      ok: false;
      reason: 'cors' | 'unreachable' | 'auth' | 'http' | 'bad_reply' | 'timeout';
      message: string;
    };

const ModelList = z.object({ data: z.array(z.object({ id: z.string() })) });

/**
 * Checks a remote provider from the browser, the way the agent will call it: lists its
 * models at `GET <base>/models`. A request the browser refuses is told apart from a
 * server that is down by a second, no-cors request: if that one gets through, the server
 * is up and refuses this origin (CORS).
 */
export async function testConnection(
  setup: Pick<ProviderSetup, 'baseUrl' | 'apiKey'>,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<ConnectionResult> {
  const base = setup.baseUrl.trim().replace(/\/+$/, '');
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    return { ok: false, reason: 'http', message: `“${base}” is not a URL.` };
  }
  const headers: Record<string, string> = setup.apiKey ? { Authorization: `Bearer ${setup.apiKey}` } : {};
  let response: Response;
  try {
    response = await fetchImpl(`${base}/models`, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return {
        ok: false,
        reason: 'timeout',
        message: `${origin} did not answer within ${timeoutMs / 1000} s.`,
      };
    }
    const isReachable = await fetchImpl(`${base}/models`, {
      mode: 'no-cors',
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(() => true)
      .catch(() => false);
    return isReachable
      ? {
          ok: false,
          reason: 'cors',
          message: `${origin} is up but refuses requests from this app (CORS). The server must allow the origin ${globalThis.location?.origin ?? 'of this app'} — for a local server, see the preset's note.`,
        }
      : {
          ok: false,
          reason: 'unreachable',
          message: `Could not reach ${origin}. Is the server running, and is the address right?`,
        };
  }
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      reason: 'auth',
      message: `${origin} refused the API key (HTTP ${response.status}). Check the key.`,
    };
  }
  if (response.status === 404) {
    return {
      ok: true,
      models: [],
      message: `Connected to ${origin}; it does not list its models, so type the model name.`,
    };
  }
  if (!response.ok) {
    return { ok: false, reason: 'http', message: `${origin} answered HTTP ${response.status}.` };
  }
  const parsed = ModelList.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return {
      ok: false,
      reason: 'bad_reply',
      message: `${origin} answered, but not with an OpenAI-style model list. Is the base URL the API's (often ending in /v1)?`,
    };
  }
  const models = [...new Set(parsed.data.data.map((model) => model.id))].sort();
  return {
    ok: true,
    models,
    message: `Connected to ${origin}: ${models.length} model${models.length === 1 ? '' : 's'}.`,
  };
}
