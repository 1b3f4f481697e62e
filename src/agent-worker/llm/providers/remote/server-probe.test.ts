import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, setupFromPreset } from '@/shared/protocol/providers.ts';
import {
  afterReplyLearned,
  capabilitiesFromReport,
  recheckedFor,
  shouldProbe,
  underMode,
  withFinding,
} from './capabilities.ts';
import { probeServer } from './server-probe.ts';

type Route = { status?: number; body: unknown };

/** A fetch answering the given `METHOD path` routes with JSON (404 elsewhere), recording what was asked. */
function fakeServer(routes: Record<string, Route>) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    asked.push(key);
    const route = routes[key];
    if (!route) return new Response('not found', { status: 404 });
    return Response.json(route.body, { status: route.status ?? 200 });
  };
  return { fetch, asked };
}

const probe = (routes: Record<string, Route>, model = 'qwen2.5:7b') =>
  probeServer({ baseUrl: 'http://localhost:8080/v1/', model, apiKey: '', fetch: fakeServer(routes).fetch });

/** Shaped like llama.cpp's `GET /props` (fields Sandpiper reads, from a real server of build b1-de3ff81). */
const LLAMA_PROPS = {
  default_generation_settings: { n_ctx: 4096, params: { temperature: 0.8 } },
  total_slots: 1,
  modalities: { vision: false, audio: false },
  chat_template_caps: { supports_tool_calls: false, supports_tools: false, supports_system_role: false },
  build_info: 'b1-de3ff81',
};

const SILENT = { server: null, supportsTools: null, systemRole: null, windowTokens: null, vision: null };

describe('probeServer', () => {
  it('reads llama.cpp’s /props: template capabilities, the window it runs with, vision', async () => {
    expect(await probe({ 'GET /props': { body: LLAMA_PROPS } })).toEqual({
      server: 'llama.cpp',
      supportsTools: false,
      systemRole: false,
      windowTokens: 4096,
      vision: false,
      models: null,
      findings: [
        'llama.cpp server b1-de3ff81 (/props): the chat template has no tool support and takes no system message; window 4,096 tokens (-c).',
      ],
    });
  });

  it('tells Ollama by /api/version, then reads /api/show (capabilities) and /api/ps (the loaded window)', async () => {
    const routes = {
      'GET /api/version': { body: { version: '0.12.3' } },
      'POST /api/show': {
        body: {
          capabilities: ['completion', 'tools', 'vision'],
          parameters: 'temperature 0.7\nnum_ctx 8192\nstop "<|im_end|>"',
        },
      },
      'GET /api/ps': {
        body: { models: [{ name: 'qwen2.5:7b', model: 'qwen2.5:7b', context_length: 4096 }] },
      },
    };
    const report = await probe(routes);
    expect(report).toMatchObject({ server: 'Ollama', supportsTools: true, vision: true, windowTokens: 4096 });
    expect(report.findings[0]).toMatch(
      /^Ollama 0\.12\.3 .*loaded with a window of 4,096 tokens \(\/api\/ps\)/,
    );
    // Not loaded: the Modelfile's num_ctx; neither: the window stays unknown, and says why.
    const { 'GET /api/ps': _loaded, ...unloaded } = routes;
    expect((await probe(unloaded)).windowTokens).toBe(8192);
    const bare = await probe({ 'GET /api/version': { body: { version: '0.12.3' } } });
    expect(bare).toMatchObject({ server: 'Ollama', windowTokens: null });
    expect(bare.findings[0]).toMatch(/OLLAMA_CONTEXT_LENGTH/);
  });

  it('tells LM Studio by /api/v1/models and reads the loaded instance’s window', async () => {
    const report = await probe(
      {
        'GET /api/v1/models': {
          body: {
            models: [
              {
                type: 'llm',
                key: 'qwen2.5-7b-instruct',
                loaded_instances: [{ id: 'qwen2.5-7b-instruct', config: { context_length: 8192 } }],
                max_context_length: 32768,
                capabilities: { vision: false, trained_for_tool_use: true },
              },
              { type: 'embedding', key: 'nomic', loaded_instances: [], max_context_length: 2048 },
            ],
          },
        },
      },
      'qwen2.5-7b-instruct',
    );
    expect(report).toMatchObject({ server: 'LM Studio', windowTokens: 8192, vision: false });
    expect(report.findings[0]).toMatch(/trained for tool use; loaded with a window of 8,192 tokens/);
  });

  it('reads the window from the model list: llama.cpp’s meta.n_ctx, vLLM’s max_model_len (and owned_by)', async () => {
    const vllm = await probe(
      {
        'GET /v1/models': {
          body: {
            object: 'list',
            data: [{ id: 'Qwen/Qwen2.5-7B', owned_by: 'vllm', max_model_len: 32768 }],
          },
        },
      },
      'Qwen/Qwen2.5-7B',
    );
    expect(vllm).toMatchObject({
      server: 'vLLM',
      windowTokens: 32768,
      supportsTools: null,
      models: ['Qwen/Qwen2.5-7B'],
    });
    const llama = await probe({
      'GET /v1/models': { body: { data: [{ id: 'x', meta: { n_ctx: 16384, n_ctx_train: 32768 } }] } },
    });
    expect(llama.windowTokens).toBe(16384);
  });

  it('a hosted API: no server kind, no window, only its model list', async () => {
    const hosted = await probe({
      'GET /v1/models': { body: { data: [{ id: 'gpt-4o-mini', owned_by: 'system' }] } },
    });
    expect(hosted).toEqual({
      ...SILENT,
      models: ['gpt-4o-mini'],
      findings: [
        'It lists 1 model (/models) and says nothing more about itself (no llama.cpp, Ollama, LM Studio or vLLM answers): tool calls start native, and its replies are watched.',
      ],
    });
    // Kept as heard: the next run does not ask again within ten minutes.
    const openai = setupFromPreset(PROVIDER_PRESETS[0]!, 'o');
    const kept = capabilitiesFromReport(openai, null, hosted, 1_000);
    expect(kept).toMatchObject({ toolCalls: 'native', server: null, windowTokens: null, learnedAt: 1_000 });
    expect(shouldProbe(openai, kept, 2_000)).toBe(false);
  });

  it('takes a server that says nothing, refuses or answers garbage as saying nothing', async () => {
    const silent = await probe({
      'GET /props': { status: 500, body: {} },
      'GET /api/version': { body: { version: 3 } },
      'GET /v1/models': { body: '<html>' },
    });
    expect(silent).toEqual({ ...SILENT, models: null, findings: [] });
    const unreachable = await probeServer({
      baseUrl: 'http://localhost:1/v1',
      model: 'm',
      apiKey: '',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(unreachable.findings).toEqual([]);
  });
});

describe('capabilities', () => {
  const llamacpp = setupFromPreset(PROVIDER_PRESETS.find((preset) => preset.id === 'llamacpp')!, 'l');
  const openai = setupFromPreset(PROVIDER_PRESETS[0]!, 'o');
  const said = { ...SILENT, supportsTools: true, systemRole: true, windowTokens: 8192, models: null };

  it('asks every remote server, whatever its preset, when nothing fresh is known', () => {
    expect(openai.toolCalls).toBe('auto');
    expect(shouldProbe(llamacpp, null, 0)).toBe(true);
    expect(shouldProbe(openai, null, 0)).toBe(true);
    const known = capabilitiesFromReport(openai, null, { ...said, findings: ['said'] }, 1_000);
    expect(shouldProbe(openai, known, 2_000)).toBe(false);
    expect(shouldProbe(openai, known, 1_000 + 11 * 60_000)).toBe(true);
    expect(shouldProbe({ ...openai, kind: 'webllm' }, null, 0)).toBe(false);
  });

  it('starts a template without tool support constrained in auto, and keeps what replies taught', async () => {
    const report = await probe({ 'GET /props': { body: LLAMA_PROPS } });
    expect(capabilitiesFromReport(llamacpp, null, report, 5)).toMatchObject({
      server: 'llama.cpp',
      toolCalls: 'constrained',
      forcing: 'by_grammar',
      windowTokens: 4096,
      systemRole: false,
      learnedAt: 5,
    });
    const native = capabilitiesFromReport({ ...llamacpp, toolCalls: 'native' }, null, report, 5)!;
    expect(native).toMatchObject({ toolCalls: 'native', forcing: 'by_name' });
    const taught = withFinding(native, { toolCalls: 'constrained', forcing: 'by_grammar' }, 'ignored', 6);
    expect(capabilitiesFromReport(llamacpp, taught, null, 7)).toMatchObject({
      toolCalls: 'constrained',
      findings: [
        { text: report.findings[0], at: 5 },
        { text: 'ignored', at: 6 },
      ],
    });
  });

  it('dates the bare findings of older records with their learnedAt', () => {
    const old = {
      ...capabilitiesFromReport(llamacpp, null, { ...said, findings: ['x'] }, 1)!,
      findings: ['old'],
    };
    expect(withFinding(old, {}, 'new', 9).findings).toEqual([
      { text: 'old', at: 1 },
      { text: 'new', at: 9 },
    ]);
  });

  it('learns nothing from a server that said nothing, and lets the person’s explicit mode win', () => {
    expect(capabilitiesFromReport(llamacpp, null, { ...SILENT, models: null, findings: [] }, 1)).toBeNull();
    const learned = capabilitiesFromReport(
      llamacpp,
      null,
      { ...SILENT, models: null, supportsTools: false, findings: ['no tools'] },
      1,
    )!;
    expect(learned.toolCalls).toBe('constrained');
    expect(underMode(learned, 'native')).toMatchObject({ toolCalls: 'native', forcing: 'by_name' });
    expect(underMode(learned, 'auto')).toBe(learned);
  });

  it('a switch one conversation’s replies made is tried natively again in the next, and kept once confirmed', () => {
    const start = capabilitiesFromReport(openai, null, { ...said, findings: ['said'] }, 1)!;
    const switched = withFinding(start, { toolCalls: 'constrained', forcing: 'by_grammar' }, 'ignored', 2);
    // Learned in conversation A: marked for a re-check.
    const kept = afterReplyLearned(switched, start, 'A', 2);
    expect(kept.recheck).toEqual({ conversationId: 'A' });
    // A again: no re-check; B: native once, marked as B's re-check.
    expect(recheckedFor(kept, 'auto', 'A', 3)).toBeNull();
    expect(recheckedFor(kept, 'native', 'B', 3)).toBeNull();
    const retried = recheckedFor(kept, 'auto', 'B', 3)!;
    expect(retried).toMatchObject({
      toolCalls: 'native',
      forcing: 'by_name',
      recheck: { conversationId: 'B' },
    });
    // B's replies switch it again: confirmed, kept for good (until forgotten).
    const again = withFinding(retried, { toolCalls: 'constrained', forcing: 'by_grammar' }, 'ignored', 4);
    const confirmed = afterReplyLearned(again, retried, 'B', 4);
    expect(confirmed).toMatchObject({ toolCalls: 'constrained', recheck: null });
    expect(recheckedFor(confirmed, 'auto', 'C', 5)).toBeNull();
    // B ran natively without a switch: C starts native with nothing left to re-check.
    expect(recheckedFor(retried, 'auto', 'C', 5)).toMatchObject({ toolCalls: 'native', recheck: null });
  });

  it('a server that now says it supports tools undoes only a switch made on its own word', async () => {
    const noTools = await probe({ 'GET /props': { body: LLAMA_PROPS } });
    const withTools = await probe({
      'GET /props': { body: { ...LLAMA_PROPS, chat_template_caps: { supports_tool_calls: true } } },
    });
    const byServer = capabilitiesFromReport(llamacpp, null, noTools, 1)!;
    expect(byServer).toMatchObject({ toolCalls: 'constrained', constrainedBy: 'server' });
    expect(capabilitiesFromReport(llamacpp, byServer, withTools, 2)).toMatchObject({
      toolCalls: 'native',
      forcing: 'by_name',
      constrainedBy: null,
    });
    // Constrained by replies (the template has tools, forcing does not hold): kept.
    const start = capabilitiesFromReport(llamacpp, null, withTools, 1)!;
    const switched = withFinding(start, { toolCalls: 'constrained', forcing: 'by_grammar' }, 'ignored', 2);
    const byReplies = afterReplyLearned(switched, start, 'A', 2);
    expect(capabilitiesFromReport(llamacpp, byReplies, withTools, 3)).toMatchObject({
      toolCalls: 'constrained',
      constrainedBy: 'replies',
    });
  });

  it('a server that says nothing this time is asked again next run, what was known kept as it was', () => {
    const known = capabilitiesFromReport(llamacpp, null, { ...said, findings: ['said'] }, 1_000)!;
    const down = capabilitiesFromReport(llamacpp, known, { ...SILENT, models: null, findings: [] }, 5_000)!;
    expect(down).toMatchObject({ windowTokens: 8192, learnedAt: 1_000 });
    expect(shouldProbe(llamacpp, down, 1_000 + 11 * 60_000)).toBe(true);
  });

  it('a template the server says has no tools needs no re-check', async () => {
    const report = await probe({ 'GET /props': { body: LLAMA_PROPS } });
    const known = { ...capabilitiesFromReport(llamacpp, null, report, 1)!, recheck: { conversationId: 'A' } };
    expect(capabilitiesFromReport(llamacpp, known, report, 2)?.recheck).toBeNull();
  });
});
