import type { ModelResult } from '../../chat-messages.ts';

type Failure = Extract<ModelResult, { type: 'failure' }>;

/** web-llm's error names (it sets `error.name`), for the errors the provider treats specially. */
const MODEL_NOT_LOADED = 'ModelNotLoadedError';
const CONTEXT_WINDOW_EXCEEDED = 'ContextWindowSizeExceededError';
/**
 * True when the engine has no model loaded: web-llm unloads itself when the GPU device
 * is lost (a driver reset, the GPU process restarting, memory pressure) and then
 * refuses requests. Transient: reloading the model from the cache recovers.
 */
export function isModelNotLoaded(error: unknown): boolean {
  return errorName(error) === MODEL_NOT_LOADED;
}

/** Turns what the engine threw into a failure a person can act on. */
export function describeEngineError(error: unknown, modelId: string): Failure {
  const detail = error instanceof Error ? error.message : String(error);
  if (errorName(error) === CONTEXT_WINDOW_EXCEEDED) {
    return {
      type: 'failure',
      kind: 'engine',
      message: `The conversation no longer fits the context window of ${modelId} (${detail.split('\n')[0]}). Start a new conversation, or load the model with a larger context window in Settings.`,
    };
  }
  return { type: 'failure', kind: 'engine', message: `The in-browser model ${modelId} failed: ${detail}` };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}
