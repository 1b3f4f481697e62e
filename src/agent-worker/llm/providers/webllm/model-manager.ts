import type { CatalogEntry, DownloadOutcome, LoadProgress } from '@/shared/protocol/local-model-facts.ts';
import type { EngineHost, ModelLoad } from './engine-host.ts';
import { buildCatalog, type CatalogDevice } from './model-catalog.ts';

/** Downloads, inspects and deletes in-browser models; the settings screen's back end. */
export type ModelManager = {
  /** web-llm's chat models, judged against `device`. */
  catalog(device: CatalogDevice): Promise<CatalogEntry[]>;
  /** True when the model's weights are in web-llm's cache. */
  isDownloaded(modelId: string): Promise<boolean>;
  /**
   * Downloads `load.modelId` into web-llm's cache and loads it (web-llm downloads by
   * loading: `reload` with progress). Resolves when it is ready to generate. Never throws.
   */
  download(load: ModelLoad, onProgress: (progress: LoadProgress) => void): Promise<DownloadOutcome>;
  /** Stops a download in progress (web-llm aborts it when the engine unloads). */
  cancelDownload(): Promise<void>;
  /** Deletes the model's weights, config and library from the cache, unloading it first if loaded. */
  remove(modelId: string): Promise<void>;
  /** web-llm's speed figures for the loaded model, or null when none is loaded. */
  runtimeStats(): Promise<string | null>;
};

/** A model manager over the worker's engine host. */
export function createModelManager(host: EngineHost): ModelManager {
  let cancelled = false;
  return {
    async catalog(device) {
      const library = await host.library();
      return buildCatalog(library.appConfig.model_list, library.functionCallingModelIds, device);
    },
    async isDownloaded(modelId) {
      return (await host.library()).hasModelInCache(modelId);
    },
    async download(load, onProgress) {
      cancelled = false;
      try {
        await host.load(load, onProgress);
        return { ok: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return cancelled
          ? { ok: false, cancelled: true, message: 'The download was cancelled.' }
          : { ok: false, cancelled: false, message: `Could not download ${load.modelId}: ${message}` };
      }
    },
    async cancelDownload() {
      cancelled = true;
      await host.unload();
    },
    async remove(modelId) {
      const library = await host.library();
      if (host.loaded()?.modelId === modelId) await host.unload();
      await library.deleteModelAllInfoInCache(modelId);
    },
    async runtimeStats() {
      const loaded = host.loaded();
      if (!loaded) return null;
      const engine = await host.load(loaded);
      return engine.runtimeStatsText();
    },
  };
}
