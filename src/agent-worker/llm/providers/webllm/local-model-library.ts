import type { DownloadOutcome, LoadProgress, LocalModelList } from '@/shared/protocol/local-model-facts.ts';
import type { EngineHost } from './engine-host.ts';
import { detectGpu, type GpuLike } from './gpu-detection.ts';
import { createModelManager, type ModelManager } from './model-manager.ts';

/**
 * The in-browser models as the settings screen sees them: WebGPU detection (in the
 * worker, where the engine runs), the catalog with download state, and downloads with
 * progress. web-llm itself is imported only when a list or a download is asked for,
 * and not at all when there is no WebGPU.
 */
export class LocalModels {
  private readonly manager: ModelManager;

  constructor(
    host: EngineHost,
    private readonly gpu: () => GpuLike | undefined,
  ) {
    this.manager = createModelManager(host);
  }

  async list(memoryBudgetMB: number | null = null): Promise<LocalModelList> {
    const gpu = await detectGpu(this.gpu());
    if (!gpu.available) return { gpu, models: [] };
    const catalog = await this.manager.catalog({ adapter: gpu.adapter, memoryBudgetMB });
    const models = await Promise.all(
      catalog.map(async (entry) => ({
        ...entry,
        isDownloaded: await this.manager.isDownloaded(entry.modelId).catch(() => false),
      })),
    );
    return { gpu, models };
  }

  download(
    modelId: string,
    contextWindowTokens: number,
    onProgress: (progress: LoadProgress) => void,
  ): Promise<DownloadOutcome> {
    return this.manager.download({ modelId, contextWindowTokens }, onProgress);
  }

  cancelDownload(): Promise<void> {
    return this.manager.cancelDownload();
  }

  remove(modelId: string): Promise<void> {
    return this.manager.remove(modelId);
  }
}
