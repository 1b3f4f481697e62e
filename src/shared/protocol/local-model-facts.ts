/**
 * In-browser models (web-llm) as the worker API reports them to the settings screen:
 * the device's WebGPU verdict, the models judged against it, download progress and outcome.
 */

/** Progress of downloading (first time) or loading (from the cache) a model. */
export type LoadProgress = { fraction: number; text: string; elapsedSeconds: number };

/** What the device offers to web-llm. */
export type AdapterFacts = {
  vendor: string;
  architecture: string;
  description: string;
  /** A software adapter (SwiftShader, say): it works, slowly. */
  isFallbackAdapter: boolean;
  /** The adapter's WebGPU features (`shader-f16`, `subgroups`, …). */
  features: string[];
  hasShaderF16: boolean;
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
};

export type GpuDetection = { available: false; reason: string } | { available: true; adapter: AdapterFacts };

/** Whether a model can run on this device. */
export type ModelFit =
  /** Nothing known stands in the way. */
  | 'compatible'
  /** It can load, but may run out of GPU memory here (see `reasons`). */
  | 'may_not_fit'
  /** web-llm would refuse or fail to load it here (see `reasons`). */
  | 'unsupported';

/** One model as the settings list shows it. */
export type CatalogEntry = {
  modelId: string;
  /** web-llm's estimate of GPU memory for weights, KV cache and buffers at its default context window. */
  vramRequiredMB: number | null;
  /** The quantisation from the id (`q4f16_1`, `q0f32`, …), or null. */
  quantization: string | null;
  /** The context window web-llm configures by default, or null when the model's own config decides. */
  defaultContextWindowTokens: number | null;
  /** web-llm marks it as able to run on limited devices (phones). */
  isLowResource: boolean;
  /** web-llm's `tools` works with it (a Hermes model); all others use the grammar. */
  hasNativeToolCalling: boolean;
  /** WebGPU features it needs: web-llm's list, plus `shader-f16` for every f16 variant. */
  requiredFeatures: string[];
  fit: ModelFit;
  /** Why it does not fit, in words a person understands (empty when compatible). */
  reasons: string[];
};

/** A catalog entry with whether its weights are already in web-llm's cache. */
export type LocalModel = CatalogEntry & { isDownloaded: boolean };

/** What settings show for in-browser models: the GPU's verdict, then the models judged against it. */
export type LocalModelList = { gpu: GpuDetection; models: LocalModel[] };

/** The end of a download. */
export type DownloadOutcome = { ok: true } | { ok: false; cancelled: boolean; message: string };
