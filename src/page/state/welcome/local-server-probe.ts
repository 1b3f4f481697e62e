import type { ServerKind } from '@/shared/protocol/providers.ts';
import {
  LlamaProps,
  LmStudioModels,
  LmStudioModelsV0,
  ModelList,
  OllamaVersion,
} from '@/shared/protocol/server-replies.ts';
import {
  type AddressOutcome,
  type AddressResult,
  type FoundModel,
  LOCAL_SERVER_ADDRESSES,
  type LocalServerAddress,
} from './local-servers.ts';

/** How the search asks: the `fetch` to use, how long each address may take, and a stop. */
export type LocalProbeOptions = {
  fetch: typeof fetch;
  /** Per request (the model list, then the questions that tell the server). */
  timeoutMs: number;
  /** Ends the search at once; a stopped address reports nothing. */
  signal?: AbortSignal;
};

/**
 * A model list as servers send it: Ollama sends `"data": null` while it has no models, so
 * null reads as an empty list.
 */
const ListedModels = ModelList.extend({ data: ModelList.shape.data.nullable() });
type ListedModels = ReturnType<typeof ListedModels.parse>;
type Found = Extract<AddressOutcome, { status: 'found' }>;

/**
 * Asks every address at once (`LOCAL_SERVER_ADDRESSES` unless given) and reports each as it
 * is known, then resolves with all of them in address order. Never rejects for a server's
 * sake; rejects only when `signal` stops the search.
 */
export async function probeLocalServers(
  options: LocalProbeOptions & {
    addresses?: readonly LocalServerAddress[];
    onResult?: (result: AddressResult) => void;
  },
): Promise<AddressResult[]> {
  const addresses = options.addresses ?? LOCAL_SERVER_ADDRESSES;
  return Promise.all(
    addresses.map(async (address) => {
      const result = { address, outcome: await probeAddress(address, options) };
      options.signal?.throwIfAborted();
      options.onResult?.(result);
      return result;
    }),
  );
}

/**
 * Asks one address for its OpenAI-style model list (`GET /v1/models`), the way the agent
 * will call it. When the browser refuses the request, a second `no-cors` request tells a
 * server that answered (an opaque response: the browser kept the reply from this page, CORS)
 * from one that did not (a network error). A list it can read is followed by the questions
 * that tell which server it is (`/props`, `/api/version`, `/api/v1/models`, `/api/v0/models`).
 * Every reply is read through a schema.
 */
export async function probeAddress(
  address: LocalServerAddress,
  options: LocalProbeOptions,
): Promise<AddressOutcome> {
  const listUrl = `${address.origin}/v1/models`;
  let response: Response;
  try {
    response = await options.fetch(listUrl, requestInit(options, 'cors'));
  } catch (error) {
    options.signal?.throwIfAborted();
    if (isTimeout(error)) return { status: 'timeout', seconds: options.timeoutMs / 1000 };
    const isAnswering = await options.fetch(listUrl, requestInit(options, 'no-cors')).then(
      () => true,
      () => false,
    );
    options.signal?.throwIfAborted();
    return isAnswering ? { status: 'cors_refused' } : { status: 'nothing' };
  }
  if (response.status === 401 || response.status === 403) {
    return { status: 'needs_key', httpStatus: response.status };
  }
  if (!response.ok) {
    return { status: 'not_recognised', detail: `/v1/models answered HTTP ${response.status}` };
  }
  const list = ListedModels.safeParse(await response.json().catch(() => undefined));
  if (!list.success) {
    return { status: 'not_recognised', detail: '/v1/models did not answer with an OpenAI-style model list' };
  }
  return identify(address.origin, list.data, options);
}

/** What the server's own answers say it is, its models and the window it runs with. */
async function identify(
  origin: string,
  list: ListedModels,
  options: LocalProbeOptions,
): Promise<AddressOutcome> {
  const read = (path: string) => readJson(`${origin}${path}`, options);
  const [props, ollama, lmStudio, lmStudioV0] = await Promise.all([
    read('/props').then((reply) => LlamaProps.safeParse(reply)),
    read('/api/version').then((reply) => OllamaVersion.safeParse(reply)),
    read('/api/v1/models').then((reply) => LmStudioModels.safeParse(reply)),
    read('/api/v0/models').then((reply) => LmStudioModelsV0.safeParse(reply)),
  ]);
  options.signal?.throwIfAborted();
  const entries = list.data ?? [];
  const listed: FoundModel[] = [...new Set(entries.map((entry) => entry.id))].map((id) => ({
    id,
    isLoaded: null,
    windowTokens: null,
  }));
  const found = (
    server: ServerKind | null,
    fields: Partial<Omit<Found, 'status' | 'server'>> = {},
  ): Found => ({
    status: 'found',
    server,
    version: null,
    models: listed,
    ...fields,
  });

  const isLlama =
    (props.success &&
      (props.data.chat_template_caps !== undefined ||
        props.data.build_info !== undefined ||
        props.data.default_generation_settings !== undefined)) ||
    entries.some((entry) => entry.owned_by === 'llamacpp');
  if (isLlama) {
    // The window the server runs with (-c), else what its list says for each model.
    const running = props.success ? (props.data.default_generation_settings?.n_ctx ?? null) : null;
    const windowOf = (id: string) => running ?? entries.find((entry) => entry.id === id)?.meta?.n_ctx ?? null;
    return found('llama.cpp', {
      version: props.success ? (props.data.build_info ?? null) : null,
      models: listed.map((model) => ({ ...model, windowTokens: windowOf(model.id) })),
    });
  }
  if (ollama.success) return found('Ollama', { version: ollama.data.version });
  if (lmStudio.success) {
    const llms = new Map(
      lmStudio.data.models.filter((model) => model.type !== 'embedding').map((model) => [model.key, model]),
    );
    const isKnown = (id: string) => lmStudio.data.models.some((entry) => entry.key === id);
    const models = listed
      .filter((model) => llms.has(model.id) || !isKnown(model.id))
      .map((model) => {
        const instances = llms.get(model.id)?.loaded_instances;
        return {
          id: model.id,
          isLoaded: instances ? instances.length > 0 : null,
          windowTokens: instances?.[0]?.config.context_length ?? null,
        };
      });
    return found('LM Studio', { models });
  }
  if (lmStudioV0.success) {
    const byId = new Map(lmStudioV0.data.data.map((model) => [model.id, model]));
    const models = listed
      .filter((model) => byId.get(model.id)?.type !== 'embeddings')
      .map((model) => {
        const state = byId.get(model.id)?.state;
        return { ...model, isLoaded: state === undefined ? null : state === 'loaded' };
      });
    return found('LM Studio', { models });
  }
  if (entries.some((entry) => entry.owned_by === 'vllm' || entry.max_model_len !== undefined)) {
    const windowOf = (id: string) => entries.find((entry) => entry.id === id)?.max_model_len ?? null;
    return found('vLLM', { models: listed.map((model) => ({ ...model, windowTokens: windowOf(model.id) })) });
  }
  return found(null);
}

/** A reply's JSON, or undefined when it did not come, was refused, failed or was not JSON. */
async function readJson(url: string, options: LocalProbeOptions): Promise<unknown> {
  try {
    const response = await options.fetch(url, requestInit(options, 'cors'));
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

function requestInit(options: LocalProbeOptions, mode: RequestMode): RequestInit {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  return {
    mode,
    credentials: 'omit',
    cache: 'no-store',
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}
