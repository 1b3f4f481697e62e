import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '@/shared/protocol/local-model-facts.ts';
import { FakeMlcEngine } from '~/tests/fixtures/fake-mlc-engine.ts';
import { createEngineHost } from './engine-host.ts';
import { createModelManager } from './model-manager.ts';

const MODEL = { modelId: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', contextWindowTokens: 16_384 };

function setUp(options: { reloadStepDelayMs?: number } = {}) {
  const engine = new FakeMlcEngine(options);
  let imports = 0;
  const host = createEngineHost(async () => {
    imports += 1;
    return engine.library();
  });
  return { engine, host, manager: createModelManager(host), imports: () => imports };
}

describe('the model manager', () => {
  it('imports web-llm only when first used', async () => {
    const { manager, imports } = setUp();
    expect(imports()).toBe(0);
    await manager.isDownloaded(MODEL.modelId);
    await manager.isDownloaded(MODEL.modelId);
    expect(imports()).toBe(1);
  });

  it('downloads by loading, reporting progress, with the context window asked for', async () => {
    const { engine, host, manager } = setUp();
    expect(await manager.isDownloaded(MODEL.modelId)).toBe(false);
    const progress: LoadProgress[] = [];
    expect(await manager.download(MODEL, (update) => progress.push(update))).toEqual({ ok: true });
    expect(progress.map((update) => update.fraction)).toEqual([0, 0.5, 1]);
    expect(progress.at(-1)?.text).toMatch(/Finish loading/);
    expect(engine.reloads).toEqual([
      { modelId: MODEL.modelId, chatOptions: { context_window_size: 16_384 } },
    ]);
    expect(await manager.isDownloaded(MODEL.modelId)).toBe(true);
    expect(host.loaded()).toEqual(MODEL);
  });

  it('shares one load between callers, and reloads only for another model or window', async () => {
    const { engine, host, manager } = setUp({ reloadStepDelayMs: 5 });
    const seen: number[] = [];
    const [first, second] = await Promise.all([
      manager.download(MODEL, () => seen.push(1)),
      host.load(MODEL, () => seen.push(2)),
    ]);
    expect(first).toEqual({ ok: true });
    expect(second).toBe(engine);
    expect(engine.reloads).toHaveLength(1);
    expect(seen.filter((who) => who === 2)).toHaveLength(3);
    await host.load(MODEL);
    expect(engine.reloads).toHaveLength(1);
    await host.load({ ...MODEL, contextWindowTokens: 8192 });
    expect(engine.reloads).toHaveLength(2);
  });

  it('cancels a download midway', async () => {
    const { engine, host, manager } = setUp({ reloadStepDelayMs: 20 });
    const download = manager.download(MODEL, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await manager.cancelDownload();
    expect(await download).toEqual({ ok: false, cancelled: true, message: 'The download was cancelled.' });
    expect(host.loaded()).toBeNull();
    expect(engine.cachedModels.has(MODEL.modelId)).toBe(false);
  });

  it('reports a failed download in words', async () => {
    const { engine, manager } = setUp();
    engine.isOffline = true;
    expect(await manager.download(MODEL, () => undefined)).toEqual({
      ok: false,
      cancelled: false,
      message: `Could not download ${MODEL.modelId}: Failed to fetch`,
    });
  });

  it('deletes a model, unloading it first when it is the loaded one', async () => {
    const { engine, host, manager } = setUp();
    await manager.download(MODEL, () => undefined);
    expect(await manager.runtimeStats()).toMatch(/prefill: .* tokens\/sec/);
    await manager.remove(MODEL.modelId);
    expect(host.loaded()).toBeNull();
    expect(engine.loadedModelId).toBeNull();
    expect(await manager.isDownloaded(MODEL.modelId)).toBe(false);
    expect(await manager.runtimeStats()).toBeNull();
  });

  it('judges the catalog against the device', async () => {
    const { manager } = setUp();
    const entries = await manager.catalog({
      adapter: {
        vendor: '',
        architecture: '',
        description: '',
        isFallbackAdapter: true,
        features: [],
        hasShaderF16: false,
        maxBufferSize: 1 << 30,
        maxStorageBufferBindingSize: 1 << 30,
      },
      memoryBudgetMB: null,
    });
    expect(entries.find((entry) => entry.modelId === MODEL.modelId)?.fit).toBe('compatible');
  });
});
