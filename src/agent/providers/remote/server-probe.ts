import { z } from 'zod';

/** What a server says about itself, where it says it; null where it did not say. */
export type ServerReport = {
  /** Which kind of server answered (for the findings), or null. */
  server: 'llama.cpp' | 'Ollama' | 'vLLM' | null;
  /** Whether the chat template (or model) supports tool calls. */
  supportsTools: boolean | null;
  /** Whether the chat template takes a system message. */
  systemRole: boolean | null;
  windowTokens: number | null;
  vision: boolean | null;
  /** What was found, in words a person can check. */
  findings: string[];
};

const LlamaProps = z.object({
  default_generation_settings: z.object({ n_ctx: z.number().int().positive().optional() }).optional(),
  chat_template_caps: z
    .object({
      supports_tool_calls: z.boolean().optional(),
      supports_tools: z.boolean().optional(),
      supports_system_role: z.boolean().optional(),
    })
    .optional(),
  modalities: z.object({ vision: z.boolean().optional() }).optional(),
});

const OllamaShow = z.object({
  capabilities: z.array(z.string()).optional(),
  parameters: z.string().optional(),
});

const ModelList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      /** llama.cpp's server. */
      meta: z.object({ n_ctx: z.number().int().positive().optional() }).optional(),
      /** vLLM. */
      max_model_len: z.number().int().positive().optional(),
    }),
  ),
});

type ProbeOptions = {
  baseUrl: string;
  model: string;
  apiKey: string;
  fetch: typeof fetch;
  /** Per request; a server that does not answer in time is taken as saying nothing. */
  timeoutMs?: number;
  /** The run's: a stop ends the questions at once. */
  signal?: AbortSignal;
};

/**
 * Asks an OpenAI-compatible server what it supports, where servers tell it: llama.cpp's
 * `GET /props` (template capabilities, the window it runs with, vision), Ollama's
 * `POST /api/show` (capabilities, `num_ctx`), and the model list (`meta.n_ctx` from
 * llama.cpp, `max_model_len` from vLLM). Every reply is read through a schema; a
 * missing endpoint, a refusal or a timeout only means that server said nothing there.
 * Never throws.
 */
export async function probeServer(options: ProbeOptions): Promise<ServerReport> {
  const report: ServerReport = {
    server: null,
    supportsTools: null,
    systemRole: null,
    windowTokens: null,
    vision: null,
    findings: [],
  };
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = base.replace(/\/v1$/, '');
  const get = (url: string, init: RequestInit = {}) => readJson(url, init, options);

  const props = LlamaProps.safeParse(await get(`${origin}/props`));
  if (props.success && props.data.chat_template_caps) {
    const caps = props.data.chat_template_caps;
    report.server = 'llama.cpp';
    report.supportsTools = caps.supports_tool_calls ?? caps.supports_tools ?? null;
    report.systemRole = caps.supports_system_role ?? null;
    report.windowTokens = props.data.default_generation_settings?.n_ctx ?? null;
    report.vision = props.data.modalities?.vision ?? null;
    report.findings.push(
      `llama.cpp server (/props): the chat template ${report.supportsTools === false ? 'has no tool support' : 'supports tools'}${report.systemRole === false ? ' and takes no system message' : ''}${report.windowTokens ? `; window ${report.windowTokens} tokens` : ''}.`,
    );
  } else {
    const show = OllamaShow.safeParse(
      await get(`${origin}/api/show`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: options.model }),
      }),
    );
    if (show.success && show.data.capabilities) {
      const capabilities = show.data.capabilities;
      report.server = 'Ollama';
      report.supportsTools = capabilities.includes('tools');
      report.vision = capabilities.includes('vision');
      const numCtx = (show.data.parameters ?? '')
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .find(([key, value]) => key === 'num_ctx' && /^\d+$/.test(value ?? ''))?.[1];
      if (numCtx) report.windowTokens = Number(numCtx);
      report.findings.push(
        `Ollama (/api/show): ${options.model} ${report.supportsTools ? 'supports tools' : 'has no tool support'}${numCtx ? `; num_ctx ${numCtx}` : ''}.`,
      );
    }
  }

  if (report.windowTokens === null) {
    const list = ModelList.safeParse(await get(`${base}/models`));
    if (list.success) {
      // Only the model asked about, or a server's one model: another model's window does not apply.
      const models = list.data.data;
      const entry =
        models.find((model) => model.id === options.model) ?? (models.length === 1 ? models[0] : undefined);
      const window = entry?.meta?.n_ctx ?? entry?.max_model_len ?? null;
      if (window !== null) {
        report.windowTokens = window;
        if (entry?.max_model_len !== undefined) report.server ??= 'vLLM';
        report.findings.push(`The model list says the window is ${window} tokens.`);
      }
    }
  }
  return report;
}

async function readJson(url: string, init: RequestInit, options: ProbeOptions): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (options.apiKey) headers.set('authorization', `Bearer ${options.apiKey}`);
  try {
    const response = await options.fetch(url, {
      ...init,
      headers,
      signal: AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs ?? 3_000),
        ...(options.signal ? [options.signal] : []),
      ]),
    });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}
