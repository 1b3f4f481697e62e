// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { probeAddress, probeLocalServers } from './local-server-probe.ts';
import {
  type AddressResult,
  LOCAL_SERVER_ADDRESSES,
  type LocalServerAddress,
  preferredModel,
} from './local-servers.ts';

/**
 * How one fake address behaves: `answers` maps paths to replies (anything else is a 404);
 * `refuses` answers but without CORS headers (the browser throws for a CORS request and
 * gives an opaque response to a no-cors one); `closed` has nothing listening; `hangs` never
 * answers.
 */
type FakeAddress =
  | { kind: 'answers'; replies: Record<string, { status?: number; json?: unknown; text?: string }> }
  | { kind: 'refuses' }
  | { kind: 'closed' }
  | { kind: 'hangs' };

type Call = { url: string; mode: RequestMode | undefined };

/** A `fetch` over fake addresses, by origin, recording every call. */
function fakeFetch(addresses: Record<string, FakeAddress>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url: url.href, mode: init?.mode });
    const address = addresses[url.origin] ?? { kind: 'closed' };
    if (address.kind === 'closed') throw new TypeError('Failed to fetch');
    if (address.kind === 'hangs') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if (address.kind === 'refuses') {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }
    const reply = address.replies[url.pathname];
    if (!reply) return new Response('{"error":"not found"}', { status: 404 });
    const body = reply.text ?? JSON.stringify(reply.json);
    return new Response(body, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

const LLAMA: LocalServerAddress = { origin: 'http://127.0.0.1:8080', usualServer: 'llama.cpp' };
const OLLAMA: LocalServerAddress = { origin: 'http://127.0.0.1:11434', usualServer: 'Ollama' };
const LM_STUDIO: LocalServerAddress = { origin: 'http://127.0.0.1:1234', usualServer: 'LM Studio' };

/** Trimmed from a real llama-server (build b1-de3ff81) run with `-c 8192 --jinja`. */
const REAL_LLAMA_MODELS = {
  models: [{ name: '/tmp/synth.gguf', model: '/tmp/synth.gguf', capabilities: ['completion'] }],
  object: 'list',
  data: [
    {
      id: '/tmp/synth.gguf',
      aliases: ['/tmp/synth.gguf'],
      object: 'model',
      owned_by: 'llamacpp',
      meta: { n_ctx: 8192, n_ctx_train: 32768 },
    },
  ],
};
const REAL_LLAMA_PROPS = {
  default_generation_settings: { n_ctx: 8192 },
  chat_template_caps: { supports_tool_calls: true, supports_system_role: true },
  modalities: { vision: false },
  build_info: 'b1-de3ff81',
};

const options = (fetchImpl: typeof fetch, timeoutMs = 1_000) => ({ fetch: fetchImpl, timeoutMs });

describe('probeAddress: which server, from its answers', () => {
  it('tells llama.cpp from its /props and model list, with its model, build and window', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: { '/v1/models': { json: REAL_LLAMA_MODELS }, '/props': { json: REAL_LLAMA_PROPS } },
      },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toEqual({
      status: 'found',
      server: 'llama.cpp',
      version: 'b1-de3ff81',
      models: [{ id: '/tmp/synth.gguf', isLoaded: null, windowTokens: 8192 }],
    });
  });

  it('tells llama.cpp by owned_by "llamacpp" when /props says nothing, taking the window from the list', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: { kind: 'answers', replies: { '/v1/models': { json: REAL_LLAMA_MODELS } } },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toMatchObject({
      status: 'found',
      server: 'llama.cpp',
      version: null,
      models: [{ id: '/tmp/synth.gguf', windowTokens: 8192 }],
    });
  });

  it('tells Ollama from /api/version wherever it listens (never by the port), reading "data": null as no models', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: {
          '/v1/models': { json: { object: 'list', data: null } },
          '/api/version': { json: { version: '0.12.3' } },
        },
      },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toEqual({
      status: 'found',
      server: 'Ollama',
      version: '0.12.3',
      models: [],
    });
  });

  it('tells LM Studio from /api/v1/models: embeddings left out, the loaded model and its window known', async () => {
    const { fetch } = fakeFetch({
      [LM_STUDIO.origin]: {
        kind: 'answers',
        replies: {
          '/v1/models': {
            json: {
              data: [
                { id: 'qwen2.5-7b-instruct', owned_by: 'organization_owner' },
                { id: 'gemma-3-270m-it-qat', owned_by: 'organization_owner' },
                { id: 'text-embedding-nomic-embed-text-v1.5', owned_by: 'organization_owner' },
              ],
            },
          },
          '/api/v1/models': {
            json: {
              models: [
                { type: 'llm', key: 'qwen2.5-7b-instruct', loaded_instances: [] },
                {
                  type: 'llm',
                  key: 'gemma-3-270m-it-qat',
                  loaded_instances: [{ id: 'gemma-3-270m-it-qat', config: { context_length: 4096 } }],
                },
                { type: 'embedding', key: 'text-embedding-nomic-embed-text-v1.5', loaded_instances: [] },
              ],
            },
          },
        },
      },
    });
    const outcome = await probeAddress(LM_STUDIO, options(fetch));
    expect(outcome).toEqual({
      status: 'found',
      server: 'LM Studio',
      version: null,
      models: [
        { id: 'qwen2.5-7b-instruct', isLoaded: false, windowTokens: null },
        { id: 'gemma-3-270m-it-qat', isLoaded: true, windowTokens: 4096 },
      ],
    });
    expect(outcome.status === 'found' && preferredModel(outcome.models)).toBe('gemma-3-270m-it-qat');
  });

  it('tells an older LM Studio from /api/v0/models, with each model loaded or not', async () => {
    const { fetch } = fakeFetch({
      [LM_STUDIO.origin]: {
        kind: 'answers',
        replies: {
          '/v1/models': { json: { data: [{ id: 'llama-3.2-1b' }, { id: 'nomic-embed' }] } },
          '/api/v0/models': {
            json: {
              data: [
                { id: 'llama-3.2-1b', type: 'llm', state: 'not-loaded' },
                { id: 'nomic-embed', type: 'embeddings', state: 'loaded' },
              ],
            },
          },
        },
      },
    });
    expect(await probeAddress(LM_STUDIO, options(fetch))).toMatchObject({
      server: 'LM Studio',
      models: [{ id: 'llama-3.2-1b', isLoaded: false, windowTokens: null }],
    });
  });

  it('tells vLLM from its model list (owned_by, max_model_len), with each model’s window', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: {
          '/v1/models': {
            json: { data: [{ id: 'Qwen/Qwen2.5-7B-Instruct', owned_by: 'vllm', max_model_len: 32768 }] },
          },
        },
      },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toMatchObject({
      server: 'vLLM',
      models: [{ id: 'Qwen/Qwen2.5-7B-Instruct', windowTokens: 32768 }],
    });
  });

  it('finds an OpenAI-compatible server that says nothing about itself, as an unnamed one', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: { '/v1/models': { json: { data: [{ id: 'm' }, { id: 'm' }] } } },
      },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toEqual({
      status: 'found',
      server: null,
      version: null,
      models: [{ id: 'm', isLoaded: null, windowTokens: null }],
    });
  });
});

describe('probeAddress: answers it cannot use', () => {
  it('says a server that answers but whose replies the browser refuses is CORS-refused (asked again without CORS)', async () => {
    const { fetch, calls } = fakeFetch({ [OLLAMA.origin]: { kind: 'refuses' } });
    expect(await probeAddress(OLLAMA, options(fetch))).toEqual({ status: 'cors_refused' });
    expect(calls).toEqual([
      { url: `${OLLAMA.origin}/v1/models`, mode: 'cors' },
      { url: `${OLLAMA.origin}/v1/models`, mode: 'no-cors' },
    ]);
  });

  it('says nothing listens when even the no-cors request fails', async () => {
    const { fetch, calls } = fakeFetch({});
    expect(await probeAddress(LM_STUDIO, options(fetch))).toEqual({ status: 'nothing' });
    expect(calls.map((call) => call.mode)).toEqual(['cors', 'no-cors']);
  });

  it('gives up on a server that does not answer in time', async () => {
    const { fetch } = fakeFetch({ [LLAMA.origin]: { kind: 'hangs' } });
    const started = performance.now();
    expect(await probeAddress(LLAMA, options(fetch, 50))).toEqual({ status: 'timeout', seconds: 0.05 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('says a server wants a key when its model list answers 401', async () => {
    const { fetch } = fakeFetch({
      [LM_STUDIO.origin]: {
        kind: 'answers',
        replies: { '/v1/models': { status: 401, json: { error: 'auth' } } },
      },
    });
    expect(await probeAddress(LM_STUDIO, options(fetch))).toEqual({ status: 'needs_key', httpStatus: 401 });
  });

  it.each([
    ['not JSON', { text: '<html>hello</html>' }, 'did not answer with an OpenAI-style model list'],
    ['JSON of another shape', { json: { data: 'models' } }, 'did not answer with an OpenAI-style model list'],
    [
      'ids that are not strings',
      { json: { data: [{ id: 7 }] } },
      'did not answer with an OpenAI-style model list',
    ],
    ['a 404', { status: 404, json: {} }, 'answered HTTP 404'],
  ])('does not take a model list that is %s', async (_case, reply, detail) => {
    const { fetch } = fakeFetch({ [LLAMA.origin]: { kind: 'answers', replies: { '/v1/models': reply } } });
    expect(await probeAddress(LLAMA, options(fetch))).toEqual({
      status: 'not_recognised',
      detail: expect.stringContaining(detail),
    });
  });

  it('does not take malformed identity replies as an identification', async () => {
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: {
          '/v1/models': { json: { data: [{ id: 'm', owned_by: 'someone' }] } },
          '/props': { json: { build_info: 5, chat_template_caps: 'yes' } },
          '/api/version': { json: { version: '' } },
          '/api/v1/models': { text: 'not json' },
          '/api/v0/models': { json: { data: [{ id: 'm' }] } },
        },
      },
    });
    expect(await probeAddress(LLAMA, options(fetch))).toMatchObject({ status: 'found', server: null });
  });
});

describe('probeLocalServers', () => {
  it('asks the three default addresses at once and reports each as it is known', async () => {
    expect(LOCAL_SERVER_ADDRESSES.map((address) => address.origin)).toEqual([
      'http://127.0.0.1:8080',
      'http://127.0.0.1:11434',
      'http://127.0.0.1:1234',
    ]);
    const { fetch } = fakeFetch({
      [LLAMA.origin]: {
        kind: 'answers',
        replies: { '/v1/models': { json: REAL_LLAMA_MODELS }, '/props': { json: REAL_LLAMA_PROPS } },
      },
      [OLLAMA.origin]: { kind: 'refuses' },
      [LM_STUDIO.origin]: { kind: 'hangs' },
    });
    const reported: AddressResult[] = [];
    const started = performance.now();
    const results = await probeLocalServers({
      ...options(fetch, 100),
      onResult: (result) => reported.push(result),
    });
    // In parallel: the hanging one takes its timeout once, not after the others.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(results.map((result) => [result.address.origin, result.outcome.status])).toEqual([
      ['http://127.0.0.1:8080', 'found'],
      ['http://127.0.0.1:11434', 'cors_refused'],
      ['http://127.0.0.1:1234', 'timeout'],
    ]);
    // Reported as known: the slow one last.
    expect(reported.map((result) => result.address.origin).at(-1)).toBe('http://127.0.0.1:1234');
    expect(reported).toHaveLength(3);
  });

  it('stops at once when told to', async () => {
    const { fetch } = fakeFetch({ [LLAMA.origin]: { kind: 'hangs' } });
    const stop = new AbortController();
    const search = probeLocalServers({ ...options(fetch, 10_000), signal: stop.signal, addresses: [LLAMA] });
    stop.abort();
    await expect(search).rejects.toThrow();
  });
});
