import type {
  AppConfig,
  ChatCompletionChunk,
  ChatCompletionRequestStreaming,
  MLCEngineInterface,
} from '@mlc-ai/web-llm';

/**
 * The part of web-llm's `MLCEngine` Sandpiper uses. The real engine satisfies it, and
 * so does the test fake (`chat` is spelled out because web-llm's `Chat` class has a
 * private field, which no other object can match).
 */
export type MlcEnginePort = Pick<
  MLCEngineInterface,
  'reload' | 'unload' | 'runtimeStatsText' | 'interruptGenerate' | 'setInitProgressCallback'
> & {
  chat: {
    completions: {
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
};

/**
 * What Sandpiper takes from the web-llm module, which is loaded on first use (its
 * bundle is ~7 MB). The cache functions are bound to `appConfig`, the same
 * configuration the engine is created with, so they look in the same cache.
 */
export type WebLlmLibrary = {
  appConfig: AppConfig;
  /** Models whose `tools` parameter web-llm supports (a few Hermes 3–8B models). */
  functionCallingModelIds: readonly string[];
  createEngine(): MlcEnginePort;
  hasModelInCache(modelId: string): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string): Promise<void>;
};
