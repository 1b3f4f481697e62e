import type { ServerKind } from '@/shared/protocol/providers.ts';
import {
  entryFor,
  LlamaProps,
  LmStudioModels,
  LmStudioModelsV0,
  ModelList,
  numCtxOf,
  OllamaRunning,
  OllamaShow,
  OllamaVersion,
} from '@/shared/protocol/server-replies.ts';

/** What a server says about itself, where it says it; null where it did not say. */
export type ServerReport = {
  /** Which kind of server answered, found from its answers (never from a preset's name), or null. */
  server: ServerKind | null;
  /** Whether the chat template (or model) supports tool calls. */
  supportsTools: boolean | null;
  /** Whether the chat template takes a system message. */
  systemRole: boolean | null;
  /** The window the server runs the model with (not the most the model could take). */
  windowTokens: number | null;
  vision: boolean | null;
  /** The model ids its OpenAI-style list gives (null: it gave none). */
  models: string[] | null;
  /** What was found, in words a person can check. */
  findings: string[];
};

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

const tokens = (count: number) => `${count.toLocaleString('en-US')} tokens`;

/**
 * Asks an OpenAI-compatible server what it is and what it supports, where servers tell
 * it, all at once: llama.cpp's `GET /props` (template capabilities, the window it runs
 * with, vision), Ollama's `GET /api/version` then `POST /api/show` and `GET /api/ps`
 * (capabilities, `num_ctx`, the window a loaded model runs with), LM Studio's
 * `GET /api/v1/models` (the loaded instance's window; `/api/v0/models` only names it), and
 * the model list (`meta.n_ctx` from llama.cpp, `max_model_len` and `owned_by` from vLLM).
 * Every reply is read through a schema; a missing endpoint, a refusal or a timeout only
 * means that server said nothing there. Never throws.
 */
export async function probeServer(options: ProbeOptions): Promise<ServerReport> {
  const base = options.baseUrl.trim().replace(/\/+$/, '');
  const origin = base.replace(/\/v1$/, '');
  const get = (url: string, init: RequestInit = {}) => readJson(url, init, options);
  const [props, ollama, lmStudio, lmStudioV0, list] = await Promise.all([
    get(`${origin}/props`).then((reply) => LlamaProps.safeParse(reply)),
    get(`${origin}/api/version`).then((reply) => OllamaVersion.safeParse(reply)),
    get(`${origin}/api/v1/models`).then((reply) => LmStudioModels.safeParse(reply)),
    get(`${origin}/api/v0/models`).then((reply) => LmStudioModelsV0.safeParse(reply)),
    get(`${base}/models`).then((reply) => ModelList.safeParse(reply)),
  ]);
  const report: ServerReport = {
    server: null,
    supportsTools: null,
    systemRole: null,
    windowTokens: null,
    vision: null,
    models: list.success ? [...new Set(list.data.data.map((entry) => entry.id))] : null,
    findings: [],
  };
  // llama.cpp also answers some of Ollama's routes: its own /props settles it first.
  if (props.success && (props.data.chat_template_caps || props.data.build_info)) {
    readLlamaProps(report, props.data);
  } else if (ollama.success) {
    await readOllama(report, ollama.data.version, options, origin);
  } else if (lmStudio.success) {
    readLmStudio(report, lmStudio.data, options.model);
  } else if (lmStudioV0.success) {
    report.server = 'LM Studio';
    report.findings.push(
      'LM Studio (/api/v0/models): it does not say the window a model was loaded with (LM Studio 0.4 does).',
    );
  }
  if (list.success) readModelList(report, list.data, options.model);
  if (report.findings.length === 0 && report.models !== null) {
    // A hosted API, or a server of another kind: kept as heard, so it is not asked again every run.
    const count = report.models.length;
    report.findings.push(
      `It lists ${count} model${count === 1 ? '' : 's'} (/models) and says nothing more about itself (no llama.cpp, Ollama, LM Studio or vLLM answers): tool calls start native, and its replies are watched.`,
    );
  }
  return report;
}

function readLlamaProps(report: ServerReport, props: LlamaProps): void {
  const caps = props.chat_template_caps;
  report.server = 'llama.cpp';
  report.supportsTools = caps?.supports_tool_calls ?? caps?.supports_tools ?? null;
  report.systemRole = caps?.supports_system_role ?? null;
  report.windowTokens = props.default_generation_settings?.n_ctx ?? null;
  report.vision = props.modalities?.vision ?? null;
  const template = caps
    ? `the chat template ${report.supportsTools === false ? 'has no tool support' : 'supports tools'}${report.systemRole === false ? ' and takes no system message' : ''}`
    : 'it does not say what its chat template supports';
  const window = report.windowTokens ? `; window ${tokens(report.windowTokens)} (-c)` : '';
  report.findings.push(
    `llama.cpp server${props.build_info ? ` ${props.build_info}` : ''} (/props): ${template}${window}.`,
  );
}

async function readOllama(
  report: ServerReport,
  version: string,
  options: ProbeOptions,
  origin: string,
): Promise<void> {
  report.server = 'Ollama';
  const [show, running] = await Promise.all([
    readJson(
      `${origin}/api/show`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: options.model }),
      },
      options,
    ).then((reply) => OllamaShow.safeParse(reply)),
    readJson(`${origin}/api/ps`, {}, options).then((reply) => OllamaRunning.safeParse(reply)),
  ]);
  const parts = [`Ollama ${version} (/api/version)`];
  if (show.success && show.data.capabilities) {
    report.supportsTools = show.data.capabilities.includes('tools');
    report.vision = show.data.capabilities.includes('vision');
    parts.push(
      `${options.model} ${report.supportsTools ? 'supports tools' : 'has no tool support'} (/api/show)`,
    );
  }
  const loaded = running.success
    ? entryFor(running.data.models, options.model, (entry) => entry.name ?? entry.model ?? '')
    : undefined;
  const numCtx = show.success ? numCtxOf(show.data.parameters) : null;
  if (loaded?.context_length) {
    report.windowTokens = loaded.context_length;
    parts.push(`loaded with a window of ${tokens(loaded.context_length)} (/api/ps)`);
  } else if (numCtx !== null) {
    report.windowTokens = numCtx;
    parts.push(`num_ctx ${numCtx} in its Modelfile`);
  } else {
    parts.push(
      'the window is not known until the model is loaded (Ollama uses OLLAMA_CONTEXT_LENGTH, or num_ctx)',
    );
  }
  report.findings.push(`${parts.join('; ')}.`);
}

function readLmStudio(
  report: ServerReport,
  list: ReturnType<typeof LmStudioModels.parse>,
  model: string,
): void {
  report.server = 'LM Studio';
  const llms = list.models.filter((entry) => entry.type !== 'embedding');
  const entry = entryFor(llms, model, (candidate) => candidate.key);
  const window = entry?.loaded_instances?.[0]?.config.context_length ?? null;
  const toolUse = entry?.capabilities?.trained_for_tool_use;
  report.windowTokens = window;
  report.vision = entry?.capabilities?.vision ?? null;
  const parts = ['LM Studio (/api/v1/models)'];
  if (entry && toolUse !== undefined)
    parts.push(`${entry.key} ${toolUse ? 'was' : 'was not'} trained for tool use`);
  parts.push(
    window !== null
      ? `loaded with a window of ${tokens(window)}`
      : 'the model is not loaded, so its window is not known yet',
  );
  report.findings.push(`${parts.join('; ')}.`);
}

function readModelList(report: ServerReport, list: ModelList, model: string): void {
  const entry = entryFor(list.data, model, (candidate) => candidate.id);
  if (entry?.owned_by === 'vllm' || entry?.max_model_len !== undefined) report.server ??= 'vLLM';
  if (report.windowTokens !== null) return;
  const window = entry?.meta?.n_ctx ?? entry?.max_model_len ?? null;
  if (window === null) return;
  report.windowTokens = window;
  const source = entry?.max_model_len !== undefined ? 'max_model_len' : 'n_ctx';
  report.findings.push(`The model list says the window is ${tokens(window)} (${source}).`);
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
