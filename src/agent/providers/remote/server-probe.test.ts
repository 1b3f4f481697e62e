import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, profileFromPreset } from '../../../protocol/providers.ts';
import { capabilitiesFromReport, shouldProbe, underMode, withFinding } from './capabilities.ts';
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

describe('probeServer', () => {
  it('reads llama.cpp’s /props: template capabilities, the window it runs with, vision', async () => {
    expect(await probe({ 'GET /props': { body: LLAMA_PROPS } })).toEqual({
      server: 'llama.cpp',
      supportsTools: false,
      systemRole: false,
      windowTokens: 4096,
      vision: false,
      findings: [
        'llama.cpp server (/props): the chat template has no tool support and takes no system message; window 4096 tokens.',
      ],
    });
  });

  it('reads Ollama’s /api/show: capabilities and num_ctx', async () => {
    const report = await probe({
      'POST /api/show': {
        body: {
          capabilities: ['completion', 'tools', 'vision'],
          parameters: 'temperature 0.7\nnum_ctx 8192\nstop "<|im_end|>"',
          model_info: { 'qwen2.context_length': 32768 },
        },
      },
    });
    expect(report).toMatchObject({ server: 'Ollama', supportsTools: true, vision: true, windowTokens: 8192 });
  });

  it('reads the window from the model list: llama.cpp’s meta.n_ctx, vLLM’s max_model_len', async () => {
    const vllm = await probe(
      {
        'GET /v1/models': {
          body: { object: 'list', data: [{ id: 'Qwen/Qwen2.5-7B', max_model_len: 32768 }] },
        },
      },
      'Qwen/Qwen2.5-7B',
    );
    expect(vllm).toMatchObject({ server: 'vLLM', windowTokens: 32768, supportsTools: null });
    const llama = await probe({
      'GET /v1/models': { body: { data: [{ id: 'x', meta: { n_ctx: 16384, n_ctx_train: 32768 } }] } },
    });
    expect(llama.windowTokens).toBe(16384);
  });

  it('takes a server that says nothing, refuses or answers garbage as saying nothing', async () => {
    const silent = await probe({
      'GET /props': { status: 500, body: {} },
      'POST /api/show': { body: { capabilities: 'all of them' } },
      'GET /v1/models': { body: '<html>' },
    });
    expect(silent).toEqual({
      server: null,
      supportsTools: null,
      systemRole: null,
      windowTokens: null,
      vision: null,
      findings: [],
    });
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
  const llamacpp = profileFromPreset(PROVIDER_PRESETS.find((preset) => preset.id === 'llamacpp')!, 'l');
  const openai = profileFromPreset(PROVIDER_PRESETS[0]!, 'o');

  it('asks local and custom servers, and auto ones, when nothing fresh is known', () => {
    expect(shouldProbe(llamacpp, null, true, 0)).toBe(true);
    expect(shouldProbe(openai, null, false, 0)).toBe(false);
    const said = { server: null, supportsTools: true, systemRole: true, windowTokens: 8192, vision: null };
    const known = capabilitiesFromReport(llamacpp, null, { ...said, findings: ['said'] }, 1_000);
    expect(shouldProbe(llamacpp, known, true, 2_000)).toBe(false);
    expect(shouldProbe(llamacpp, known, true, 1_000 + 11 * 60_000)).toBe(true);
  });

  it('starts a template without tool support constrained in auto, and keeps what replies taught', async () => {
    const report = await probe({ 'GET /props': { body: LLAMA_PROPS } });
    expect(capabilitiesFromReport(llamacpp, null, report, 5)).toMatchObject({
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
      findings: [report.findings[0], 'ignored'],
    });
  });

  it('learns nothing from a server that said nothing, and lets the person’s explicit mode win', () => {
    const silent = { server: null, supportsTools: null, systemRole: null, windowTokens: null, vision: null };
    expect(capabilitiesFromReport(llamacpp, null, { ...silent, findings: [] }, 1)).toBeNull();
    const learned = capabilitiesFromReport(
      llamacpp,
      null,
      { ...silent, supportsTools: false, findings: ['no tools'] },
      1,
    )!;
    expect(learned.toolCalls).toBe('constrained');
    expect(underMode(learned, 'native')).toMatchObject({ toolCalls: 'native', forcing: 'by_name' });
    expect(underMode(learned, 'auto')).toBe(learned);
  });
});
