import { describe, expect, it } from 'vitest';
import { FakeMlcEngine } from '~/tests/fixtures/fake-mlc-engine.ts';
import { createEngineHost } from './engine-host.ts';
import type { GpuLike } from './gpu-detection.ts';
import { LocalModels } from './local-model-library.ts';

const GIB = 1 << 30;
/** A software adapter like Chromium's with --enable-unsafe-webgpu: no shader-f16. */
const swiftShader: GpuLike = {
  requestAdapter: async () => ({
    features: new Set<string>(),
    limits: {
      maxBufferSize: GIB,
      maxStorageBufferBindingSize: GIB,
      maxComputeWorkgroupStorageSize: 32_768,
      maxStorageBuffersPerShaderStage: 10,
    },
    info: {
      vendor: 'google',
      architecture: 'swiftshader',
      description: 'SwiftShader',
      isFallbackAdapter: true,
    },
  }),
};

function setUp(gpu: GpuLike | undefined) {
  const engine = new FakeMlcEngine();
  let imports = 0;
  const host = createEngineHost(async () => {
    imports += 1;
    return engine.library();
  });
  return { models: new LocalModels(host, () => gpu), imports: () => imports };
}

describe('LocalModels', () => {
  it('lists nothing and never imports web-llm without WebGPU', async () => {
    const { models, imports } = setUp(undefined);
    const list = await models.list();
    expect(list).toEqual({
      gpu: { available: false, reason: expect.stringMatching(/no WebGPU/) },
      models: [],
    });
    expect(imports()).toBe(0);
  });

  it('marks f16 models unsupported on an adapter without shader-f16, and tracks downloads', async () => {
    const { models } = setUp(swiftShader);
    const before = await models.list();
    expect(before.gpu.available).toBe(true);
    const f16 = before.models.filter((model) => model.requiredFeatures.includes('shader-f16'));
    expect(f16.length).toBeGreaterThan(0);
    expect(f16.every((model) => model.fit === 'unsupported')).toBe(true);
    const f32 = before.models.find(
      (model) => model.quantization?.endsWith('f32_1') && model.fit !== 'unsupported',
    );
    expect(f32).toBeDefined();
    expect(f32?.isDownloaded).toBe(false);
    expect(await models.download(f32!.modelId, 4096, () => undefined)).toEqual({ ok: true });
    const after = await models.list();
    expect(after.models.find((model) => model.modelId === f32!.modelId)?.isDownloaded).toBe(true);
    await models.remove(f32!.modelId);
    expect((await models.list()).models.find((model) => model.modelId === f32!.modelId)?.isDownloaded).toBe(
      false,
    );
  });
});
