import type { ProviderSetup, ServerCapabilities } from './providers.ts';

/**
 * Model names (lower case) of families that take images. A guess, shown as one in
 * Settings → Providers, where the person can say otherwise.
 */
const VISION_NAMES: readonly RegExp[] = [
  /gpt-4o/,
  /gpt-4\.1/,
  /gpt-4-turbo/,
  /gpt-4-vision/,
  /gpt-5/,
  /(^|[/:-])o[134](-|$)/,
  /chatgpt-4o/,
  /claude-(3|sonnet|opus|haiku)/,
  /claude-[a-z]+-[4-9]/,
  /gemini/,
  /gemma-?3(?!n)/,
  /llava/,
  /bakllava/,
  /vision/,
  /[-_.]vl([-_.:]|\d|$)/,
  /vlm/,
  /molmo/,
  /pixtral/,
  /llama-?4/,
  /mistral-small-?(3\.[1-9]|latest|250[3-9]|25[1-9]\d|2[6-9]\d\d)/,
  /mistral-medium-?(3|latest|25\d\d|2[6-9]\d\d)/,
  /minicpm-v/,
  /moondream/,
  /internvl/,
  /multimodal/,
  /glm-4(\.\d)?v/,
  /grok-(2-vision|4)/,
  /qvq/,
  /(^|[-_./:])omni([-_.:]|\d|$)/,
];

/** Names inside those families that take text only (or audio, or make embeddings). */
const TEXT_ONLY_NAMES: readonly RegExp[] = [
  /(^|[/:-])o[13]-mini/,
  /(^|[/:-])o1-preview/,
  /gemma-?3[-:_]?(1b|270m)/,
  /-(audio|realtime|transcribe|tts|search)(-|$)/,
  /embed/,
];

/** Whether a model of this name takes images, guessed from its family. */
export function guessVisionFromName(model: string): boolean {
  const name = model.trim().toLowerCase();
  if (name === '' || TEXT_ONLY_NAMES.some((pattern) => pattern.test(name))) return false;
  return VISION_NAMES.some((pattern) => pattern.test(name));
}

/** Whether a provider's model is shown images, and what decided it. */
export type VisionDecision = {
  seesImages: boolean;
  /** `setting`: the person said; `server`: the server said (llama.cpp `/props`, Ollama `/api/show`); `name`: guessed; `engine`: the in-tab engine takes text only. */
  source: 'setting' | 'server' | 'name' | 'engine';
};

/**
 * Whether observations carry images for this provider: never for the in-tab engine
 * (Sandpiper offers its text models only); else the person's setting, else what the
 * server said about itself, else a guess from the model's name.
 */
export function visionOf(
  setup: Pick<ProviderSetup, 'kind' | 'model' | 'vision'>,
  capabilities: Pick<ServerCapabilities, 'vision'> | null,
): VisionDecision {
  if (setup.kind === 'webllm') return { seesImages: false, source: 'engine' };
  if (setup.vision !== undefined) return { seesImages: setup.vision, source: 'setting' };
  const said = capabilities?.vision ?? null;
  if (said !== null) return { seesImages: said, source: 'server' };
  return { seesImages: guessVisionFromName(setup.model), source: 'name' };
}
