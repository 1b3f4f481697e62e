import type { AppConfig } from '@mlc-ai/web-llm';
import type { WebLlmLibrary } from './engine-port.ts';

/**
 * Imports web-llm (a separate chunk, fetched on first use) and adapts it to
 * `WebLlmLibrary`. `appConfig` defaults to web-llm's prebuilt model list with its
 * default cache (the Cache API); weights are cached by web-llm, never by our service worker.
 */
export async function loadWebLlmLibrary(appConfig?: AppConfig): Promise<WebLlmLibrary> {
  const webllm = await import('@mlc-ai/web-llm');
  const config = appConfig ?? webllm.prebuiltAppConfig;
  return {
    appConfig: config,
    functionCallingModelIds: webllm.functionCallingModelIds,
    createEngine: () => new webllm.MLCEngine({ appConfig: config }),
    hasModelInCache: (modelId) => webllm.hasModelInCache(modelId, config),
    deleteModelAllInfoInCache: (modelId) => webllm.deleteModelAllInfoInCache(modelId, config),
  };
}
