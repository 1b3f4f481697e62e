import { z } from 'zod';

/**
 * What each kind of server answers about itself, read through schemas: only the fields
 * Sandpiper uses, each optional, so another version's extra or missing fields never break
 * a reading (a reply that does not fit is taken as saying nothing). Shared by the worker
 * (what a provider's server supports) and the page (the first-run search for local servers).
 */

/** llama.cpp's `GET /props` (seen from a real llama-server, build b1-de3ff81). */
export const LlamaProps = z.object({
  default_generation_settings: z.object({ n_ctx: z.number().int().positive().optional() }).optional(),
  chat_template_caps: z
    .object({
      supports_tool_calls: z.boolean().optional(),
      supports_tools: z.boolean().optional(),
      supports_system_role: z.boolean().optional(),
    })
    .optional(),
  modalities: z.object({ vision: z.boolean().optional() }).optional(),
  build_info: z.string().optional(),
});
export type LlamaProps = z.infer<typeof LlamaProps>;

/** Ollama's `GET /api/version`. */
export const OllamaVersion = z.object({ version: z.string().min(1) });

/** Ollama's `POST /api/show`: the model's capabilities and its Modelfile parameters (`num_ctx`). */
export const OllamaShow = z.object({
  capabilities: z.array(z.string()).optional(),
  parameters: z.string().optional(),
});

/** Ollama's `GET /api/ps`: the models loaded now, each with the window it was loaded with. */
export const OllamaRunning = z.object({
  models: z.array(
    z.object({
      name: z.string().optional(),
      model: z.string().optional(),
      context_length: z.number().int().positive().optional(),
    }),
  ),
});

/** LM Studio's `GET /api/v1/models` (0.4 and later): each model, its loaded instances and their window. */
export const LmStudioModels = z.object({
  models: z.array(
    z.object({
      key: z.string(),
      type: z.string().optional(),
      loaded_instances: z
        .array(z.object({ config: z.object({ context_length: z.number().int().positive().optional() }) }))
        .optional(),
      max_context_length: z.number().int().positive().optional(),
      capabilities: z
        .object({ vision: z.boolean().optional(), trained_for_tool_use: z.boolean().optional() })
        .optional(),
    }),
  ),
});

/** LM Studio's older `GET /api/v0/models` (0.3.6 and later): enough to know it is LM Studio. */
export const LmStudioModelsV0 = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      state: z.string(),
      /** `llm`, `vlm` or `embeddings`. */
      type: z.string().optional(),
      max_context_length: z.number().optional(),
    }),
  ),
});

/** The OpenAI-style model list, with what llama.cpp (`meta.n_ctx`) and vLLM (`max_model_len`) add. */
export const ModelList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      owned_by: z.string().optional(),
      meta: z.object({ n_ctx: z.number().int().positive().optional() }).optional(),
      max_model_len: z.number().int().positive().optional(),
    }),
  ),
});
export type ModelList = z.infer<typeof ModelList>;

/** `num_ctx` from an Ollama Modelfile's parameters ("num_ctx 8192" on a line), or null. */
export function numCtxOf(parameters: string | undefined): number | null {
  const line = (parameters ?? '')
    .split('\n')
    .map((text) => text.trim().split(/\s+/))
    .find(([key, value]) => key === 'num_ctx' && /^\d+$/.test(value ?? ''));
  return line ? Number(line[1]) : null;
}

/** The entry of `model` in a list, or the only entry when the list has one (another model's facts do not apply). */
export function entryFor<T>(entries: readonly T[], model: string, idOf: (entry: T) => string): T | undefined {
  return entries.find((entry) => idOf(entry) === model) ?? (entries.length === 1 ? entries[0] : undefined);
}
