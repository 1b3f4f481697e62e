import { z } from 'zod';

/** How a provider is reached: an OpenAI-compatible HTTP API, or a model running in this tab. */
export const ProviderKind = z.enum(['openai-compatible', 'webllm']);
export type ProviderKind = z.infer<typeof ProviderKind>;

/**
 * How a remote provider gets its tool calls: the API's own `tools` (native), generation
 * under a JSON-schema grammar with the tools described in the system prompt
 * (constrained), or decided from what the server says and does (auto).
 */
export const ToolCallMode = z.enum(['auto', 'native', 'constrained']);
export type ToolCallMode = z.infer<typeof ToolCallMode>;

/** Below this window (tokens), a new conversation gets the compact tool descriptions. */
export const COMPACT_BELOW_TOKENS = 16_000;

/** The kinds of server Sandpiper can tell apart by what they answer (never by a preset's name). */
export const ServerKind = z.enum(['llama.cpp', 'Ollama', 'LM Studio', 'vLLM']);
export type ServerKind = z.infer<typeof ServerKind>;

/** One thing learned about a server, in words a person can check, and when. */
export const Finding = z.object({ text: z.string(), at: z.number() });
export type Finding = z.infer<typeof Finding>;

/**
 * What Sandpiper learned about a provider's server, by asking it (`/props`, `/api/version`,
 * `/api/show`, `/api/ps`, LM Studio's `/api/v1/models`, the model list) and from its
 * replies. Valid for the base URL and model it was learned for; kept apart from the
 * settings the person edits.
 */
export const ServerCapabilities = z.object({
  baseUrl: z.string(),
  model: z.string(),
  /** Which server answered, when its answers told (absent in older records). */
  server: ServerKind.nullable().optional(),
  /** How calls are made now. */
  toolCalls: z.enum(['native', 'constrained']),
  /** How a forced step is forced: `tool_choice` by name, the grammar, or not at all. */
  forcing: z.enum(['by_name', 'by_grammar', 'none']),
  /** The context window the server runs with, when it says. */
  windowTokens: z.number().int().positive().nullable(),
  /** Whether the model takes images, when the server says. */
  vision: z.boolean().nullable(),
  /** False when the chat template refuses a system message (it then leads the first user message). */
  systemRole: z.boolean(),
  /**
   * What was detected and when, newest last (shown in Settings). Older records kept bare
   * strings: they are dated with `learnedAt`.
   */
  findings: z.array(z.union([Finding, z.string()])).max(20),
  /**
   * A switch to constrained mode that rests on one conversation's replies: the next
   * conversation tries native calls again once (a passing glitch is not kept for ever);
   * a second switch confirms it. Null or absent: nothing to re-check.
   */
  recheck: z.object({ conversationId: z.string() }).nullable().optional(),
  /**
   * Why calls are constrained: the server said its template has no tool support, or replies
   * showed native calls do not hold. A server that later says it supports tools undoes only
   * the first. Absent in older records (then neither is assumed).
   */
  constrainedBy: z.enum(['server', 'replies']).nullable().optional(),
  learnedAt: z.number(),
});
export type ServerCapabilities = z.infer<typeof ServerCapabilities>;

/** Prices per million tokens, for the cost estimate (null when unknown: no cost is shown). */
export const ModelPrices = z.object({
  inputPerMillion: z.number().min(0),
  cachedInputPerMillion: z.number().min(0),
  outputPerMillion: z.number().min(0),
});
export type ModelPrices = z.infer<typeof ModelPrices>;

/** One saved provider. The API key lives here, in the settings table, and nowhere else. */
export const ProviderSetup = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  kind: ProviderKind,
  /** The preset it was made from, if any (for its hints). */
  presetId: z.string().nullable(),
  baseUrl: z.string(),
  apiKey: z.string(),
  /** Remote: the model name; WebLLM: the prebuilt model id. */
  model: z.string(),
  /** The model's context window in tokens; older bulky observations are compacted near it. */
  contextWindowTokens: z.number().int().min(1024),
  /** How tool calls are made (absent: auto). */
  toolCalls: ToolCallMode.optional(),
  /** Use the window the server reports over `contextWindowTokens` (absent: yes). */
  useServerWindow: z.boolean().optional(),
  /** Whether the model is shown images (absent: what the server says, else a guess from the model name; see `visionOf`). */
  vision: z.boolean().optional(),
  prices: ModelPrices.nullable(),
});
export type ProviderSetup = z.infer<typeof ProviderSetup>;

/** A starting point for a remote provider: where it lives and whether it wants a key. */
export type ProviderPreset = {
  id: string;
  name: string;
  baseUrl: string;
  needsKey: boolean;
  /** A model to start with (the person can pick another from the fetched list). */
  defaultModel: string;
  contextWindowTokens: number;
  /** Runs on the person's own machine (CORS must allow this app's origin). */
  isLocal: boolean;
  note: string;
};

/** Remote presets, in the order settings show them. */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    defaultModel: 'gpt-4o-mini',
    contextWindowTokens: 128_000,
    isLocal: false,
    note: 'Create a key at platform.openai.com.',
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    defaultModel: 'openai/gpt-4o-mini',
    contextWindowTokens: 128_000,
    isLocal: false,
    note: 'One key for many vendors’ models.',
  },
  {
    id: 'groq',
    name: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsKey: true,
    defaultModel: 'llama-3.3-70b-versatile',
    contextWindowTokens: 128_000,
    isLocal: false,
    note: 'Fast inference of open models.',
  },
  {
    id: 'together',
    name: 'Together',
    baseUrl: 'https://api.together.xyz/v1',
    needsKey: true,
    defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    contextWindowTokens: 128_000,
    isLocal: false,
    note: 'Open models with tool calling.',
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    needsKey: true,
    defaultModel: 'deepseek-chat',
    contextWindowTokens: 64_000,
    isLocal: false,
    note: 'Reports cached prompt tokens.',
  },
  {
    id: 'mistral',
    name: 'Mistral',
    baseUrl: 'https://api.mistral.ai/v1',
    needsKey: true,
    defaultModel: 'mistral-small-latest',
    contextWindowTokens: 32_000,
    isLocal: false,
    note: 'Create a key at console.mistral.ai.',
  },
  {
    id: 'ollama',
    name: 'Ollama',
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    defaultModel: 'qwen2.5:7b',
    contextWindowTokens: 32_000,
    isLocal: true,
    note: 'Start it with OLLAMA_ORIGINS set to this app’s origin so the browser may call it.',
  },
  {
    id: 'lmstudio',
    name: 'LM Studio',
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    defaultModel: 'qwen2.5-7b-instruct',
    contextWindowTokens: 32_000,
    isLocal: true,
    note: 'Turn on “Enable CORS” in LM Studio’s server settings.',
  },
  {
    id: 'llamacpp',
    name: 'llama.cpp server',
    baseUrl: 'http://localhost:8080/v1',
    needsKey: false,
    defaultModel: 'default',
    contextWindowTokens: 32_000,
    isLocal: true,
    note: 'Run llama-server with --jinja for tool calling.',
  },
  {
    id: 'vllm',
    name: 'vLLM',
    baseUrl: 'http://localhost:8000/v1',
    needsKey: false,
    defaultModel: 'Qwen/Qwen2.5-7B-Instruct',
    contextWindowTokens: 32_000,
    isLocal: true,
    note: 'Serve with --enable-auto-tool-choice and --allowed-origins for this app.',
  },
];

/** A new provider setup from a preset (the key is left for the person to fill in). */
export function setupFromPreset(preset: ProviderPreset, id: string): ProviderSetup {
  return {
    id,
    name: preset.name,
    kind: 'openai-compatible',
    presetId: preset.id,
    baseUrl: preset.baseUrl,
    apiKey: '',
    model: preset.defaultModel,
    contextWindowTokens: preset.contextWindowTokens,
    toolCalls: 'auto',
    useServerWindow: true,
    prices: null,
  };
}

/**
 * The tool-call mode a provider uses: its own, else auto — for every server, hosted or
 * local, whatever preset it was made from: what a server does is found from its answers.
 */
export function toolCallModeOf(setup: ProviderSetup): ToolCallMode {
  return setup.toolCalls ?? 'auto';
}

/** A learned record's findings, each with its date (older records' bare strings get `learnedAt`). */
export function datedFindings(capabilities: Pick<ServerCapabilities, 'findings' | 'learnedAt'>): Finding[] {
  return capabilities.findings.map((finding) =>
    typeof finding === 'string' ? { text: finding, at: capabilities.learnedAt } : finding,
  );
}

/** What was learned about `setup`'s server, if it still applies (same base URL and model). */
export function capabilitiesFor(
  setup: ProviderSetup,
  learned: Readonly<Record<string, ServerCapabilities>>,
): ServerCapabilities | null {
  const capabilities = learned[setup.id];
  return capabilities && capabilities.baseUrl === setup.baseUrl && capabilities.model === setup.model
    ? capabilities
    : null;
}

/** The window a run plans with: the server's when it said and the person allows it, else the set one. */
export function effectiveWindowTokens(setup: ProviderSetup, capabilities: ServerCapabilities | null): number {
  const fromServer = capabilities?.windowTokens ?? null;
  return setup.useServerWindow !== false && fromServer !== null ? fromServer : setup.contextWindowTokens;
}

/** The estimated cost of some usage, in the prices' currency (US dollars for the presets). */
export function estimateCost(
  prices: ModelPrices,
  usage: { prompt: number; completion: number; cached: number },
): number {
  const uncached = Math.max(0, usage.prompt - usage.cached);
  return (
    (uncached * prices.inputPerMillion +
      usage.cached * prices.cachedInputPerMillion +
      usage.completion * prices.outputPerMillion) /
    1_000_000
  );
}

/**
 * Why a run with `setup` cannot start, before any request: it points at a hosted API
 * that always wants a key (by its address: the preset's host, whatever the setup is
 * called) and has none. Null when it has a key or its server may not need one (a local
 * server, a proxy, the in-browser model).
 */
export function missingKeyReason(
  setup: Pick<ProviderSetup, 'kind' | 'name' | 'baseUrl' | 'apiKey'>,
): string | null {
  if (setup.kind !== 'openai-compatible' || setup.apiKey.trim() !== '') return null;
  let host: string;
  try {
    host = new URL(setup.baseUrl).host;
  } catch {
    return null;
  }
  const preset = PROVIDER_PRESETS.find(
    (candidate) => candidate.needsKey && new URL(candidate.baseUrl).host === host,
  );
  if (!preset) return null;
  return `“${setup.name}” has no API key, and ${host} (${preset.name}) answers nothing without one: add the key in Settings → Providers, or pick a local server or the in-browser model. ${preset.note}`;
}
