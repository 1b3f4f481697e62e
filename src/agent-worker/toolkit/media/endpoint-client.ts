import type { z } from 'zod';
import { MediaError } from '@/agent-worker/toolkit/ports/media-port.ts';
import type { SecretsPort } from '@/agent-worker/toolkit/ports/secrets-port.ts';
import {
  type MediaEndpoint,
  type MediaKind,
  mediaKeyName,
  mediaSettingName,
} from '@/shared/protocol/media/media-settings.ts';
import {
  NetworkError,
  type NetworkPort,
  type NetworkResponse,
} from '@/shared/protocol/ports/network-port.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import { createFetchNetwork } from '../ports/fetch-network.ts';
import { serverMessage } from './server-message.ts';

/** Image generation is slow (a minute or more is common); replies carry base64 images. */
export const MEDIA_LIMITS = { timeoutMs: 180_000, maxBytes: 40 * 1024 * 1024, maxRedirects: 3 };

/** What a request carries: JSON, or bytes of a given type (a multipart form). */
export type MediaBody = { json: unknown } | { bytes: Uint8Array; contentType: string };

/** A 4xx reply: `MediaError` `refused`, with the status and the server's own words kept apart for retries. */
export class MediaRefusal extends MediaError {
  constructor(
    message: string,
    readonly status: number,
    readonly serverText: string,
  ) {
    super('refused', message);
  }
}

/** One kind's endpoint, ready to be asked: its network, its key, and how it is named in messages. */
export type EndpointClient = {
  kind: MediaKind;
  endpoint: MediaEndpoint;
  /** The endpoint's origin (`https://api.openai.com`), recorded in the meta. */
  origin: string;
  /** Its host (`api.openai.com`), named in progress and errors. */
  host: string;
  /** POSTs `body` to `{baseUrl}/{operation}`; resolves with a 2xx reply, rejects with a `MediaError`. */
  post(operation: string, body: MediaBody, signal?: AbortSignal): Promise<NetworkResponse>;
  /** GETs a media URL a reply gave (no key sent); rejects with a `MediaError`. */
  download(url: string, signal?: AbortSignal): Promise<NetworkResponse>;
  status(text: string): void;
};

/**
 * The client of `kind`'s endpoint. Requests go through a network allowed only the
 * endpoint's base URL, with `Content-Type` and (when a key is saved) `Authorization` as
 * their only headers: some hosts' CORS preflights allow nothing else.
 */
export async function endpointClient(options: {
  kind: MediaKind;
  endpoint: MediaEndpoint;
  secrets: SecretsPort;
  fetch?: typeof fetch;
  progress?: ProgressPort;
}): Promise<EndpointClient> {
  const { kind, endpoint } = options;
  const key = await options.secrets.get(mediaKeyName(kind));
  const base = new URL(endpoint.baseUrl);
  const setIn = mediaSettingName(kind);
  const network = createFetchNetwork({
    policy: { allowedUrlPrefixes: [endpoint.baseUrl], allowedMethods: ['POST'], setIn },
    limits: MEDIA_LIMITS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const hide = (text: string) => (key ? text.split(key).join('[key]') : text);
  const send = async (
    port: NetworkPort,
    request: Parameters<NetworkPort['fetch']>[0],
  ): Promise<NetworkResponse> => {
    let response: NetworkResponse;
    try {
      response = await port.fetch(request);
    } catch (error) {
      throw networkFailure(error, base.host, hide);
    }
    if (response.status >= 200 && response.status <= 299) return response;
    const said = hide(serverMessage(response.body));
    const saying = said ? `: ${said}` : '.';
    if (response.status >= 400 && response.status <= 499) {
      const noKey =
        (response.status === 401 || response.status === 403) && !key
          ? ` No key is saved for it; add one in ${setIn}.`
          : '';
      throw new MediaRefusal(
        `${base.host} refused the request (HTTP ${response.status})${saying}${noKey}`,
        response.status,
        said,
      );
    }
    const kindOfFailure = response.status >= 500 ? 'unreachable' : 'bad_reply';
    throw new MediaError(kindOfFailure, `${base.host} failed (HTTP ${response.status})${saying}`);
  };
  return {
    kind,
    endpoint,
    origin: base.origin,
    host: base.host,
    post: (operation, body, signal) =>
      send(network, {
        url: `${endpoint.baseUrl.replace(/\/+$/, '')}/${operation}`,
        method: 'POST',
        headers: {
          'Content-Type': 'json' in body ? 'application/json' : body.contentType,
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
        },
        body: 'json' in body ? JSON.stringify(body.json) : body.bytes,
        ...(signal ? { signal } : {}),
      }),
    download: (url, signal) => {
      // The reply named this one address: it alone may be read, without the key.
      const port = createFetchNetwork({
        policy: { allowedUrlPrefixes: [url.split(/[?#]/)[0] ?? url], allowedMethods: ['GET'], setIn },
        limits: MEDIA_LIMITS,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return send(port, { url, method: 'GET', ...(signal ? { signal } : {}) });
    },
    status: (text) => options.progress?.status({ text }),
  };
}

/** A network failure as a `MediaError`: a reply too large is a bad reply, anything else unreachable. */
function networkFailure(error: unknown, host: string, hide: (text: string) => string): MediaError {
  if (!(error instanceof NetworkError)) {
    return new MediaError('unreachable', `${host} could not be asked: ${hide(String(error))}`);
  }
  const kind = error.kind === 'too_large' ? 'bad_reply' : 'unreachable';
  return new MediaError(kind, hide(error.message));
}

/** The JSON of a 2xx reply validated with `schema`; a `bad_reply` `MediaError` otherwise. */
export function readJson<Schema extends z.ZodType>(
  client: EndpointClient,
  response: NetworkResponse,
  schema: Schema,
): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(response.body));
  } catch {
    throw new MediaError('bad_reply', `${client.host} sent a reply that is not JSON.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the reply';
    throw new MediaError(
      'bad_reply',
      `${client.host} sent a reply of an unexpected shape (${where}: ${issue?.message ?? 'invalid'}).`,
    );
  }
  return parsed.data;
}
