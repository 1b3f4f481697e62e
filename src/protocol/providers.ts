import { z } from 'zod';

/** How a provider is reached: an OpenAI-compatible HTTP API, or a model running in this tab. */
export const ProviderKind = z.enum(['openai-compatible', 'webllm']);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** Prices per million tokens, for the cost estimate (null when unknown: no cost is shown). */
export const ModelPrices = z.object({
  inputPerMillion: z.number().min(0),
  cachedInputPerMillion: z.number().min(0),
  outputPerMillion: z.number().min(0),
});
export type ModelPrices = z.infer<typeof ModelPrices>;

/** One saved provider. The API key lives here, in the settings table, and nowhere else. */
export const ProviderProfile = z.object({
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
  prices: ModelPrices.nullable(),
});
export type ProviderProfile = z.infer<typeof ProviderProfile>;

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

/** A new profile from a preset (the key is left for the person to fill in). */
export function profileFromPreset(preset: ProviderPreset, id: string): ProviderProfile {
  return {
    id,
    name: preset.name,
    kind: 'openai-compatible',
    presetId: preset.id,
    baseUrl: preset.baseUrl,
    apiKey: '',
    model: preset.defaultModel,
    contextWindowTokens: preset.contextWindowTokens,
    prices: null,
  };
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
