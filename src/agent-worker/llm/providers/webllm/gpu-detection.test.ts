import { describe, expect, it } from 'vitest';
import { detectGpu, type GpuAdapterLike, type GpuLike } from './gpu-detection.ts';

const GIB = 1 << 30;

function adapter(
  overrides: Partial<GpuAdapterLike['limits']> = {},
  features: string[] = ['shader-f16'],
): GpuAdapterLike {
  return {
    features: new Set(features),
    limits: {
      maxBufferSize: 2 * GIB,
      maxStorageBufferBindingSize: 2 * GIB,
      maxComputeWorkgroupStorageSize: 32_768,
      maxStorageBuffersPerShaderStage: 10,
      ...overrides,
    },
    info: {
      vendor: 'google',
      architecture: 'swiftshader',
      description: 'SwiftShader',
      isFallbackAdapter: true,
    },
  };
}

const gpuWith = (result: GpuAdapterLike | null | Error): GpuLike & { options: unknown[] } => {
  const options: unknown[] = [];
  return {
    options,
    requestAdapter: async (option) => {
      options.push(option);
      if (result instanceof Error) throw result;
      return result;
    },
  };
};

describe('detectGpu', () => {
  it('says so when the browser has no WebGPU', async () => {
    expect(await detectGpu(undefined)).toEqual({
      available: false,
      reason: 'This browser has no WebGPU (navigator.gpu is missing).',
    });
  });

  it('says so when there is no adapter, or asking for one fails', async () => {
    expect(await detectGpu(gpuWith(null))).toMatchObject({
      available: false,
      reason: /no usable GPU adapter/,
    });
    expect(await detectGpu(gpuWith(new Error('GPU process crashed')))).toMatchObject({
      available: false,
      reason: /GPU process crashed/,
    });
  });

  it('refuses an adapter below web-llm’s minimum limits, naming them', async () => {
    const small = adapter({ maxStorageBufferBindingSize: 64 << 20, maxStorageBuffersPerShaderStage: 8 });
    const detection = await detectGpu(gpuWith(small));
    expect(detection.available).toBe(false);
    expect(!detection.available && detection.reason).toMatch(
      /maxStorageBufferBindingSize is 67108864.*maxStorageBuffersPerShaderStage is 8/,
    );
  });

  it('reports the facts of a usable adapter, asking for the high-performance one as web-llm does', async () => {
    const gpu = gpuWith(adapter({}, ['subgroups', 'shader-f16']));
    expect(await detectGpu(gpu)).toEqual({
      available: true,
      adapter: {
        vendor: 'google',
        architecture: 'swiftshader',
        description: 'SwiftShader',
        isFallbackAdapter: true,
        features: ['shader-f16', 'subgroups'],
        hasShaderF16: true,
        maxBufferSize: 2 * GIB,
        maxStorageBufferBindingSize: 2 * GIB,
      },
    });
    expect(gpu.options).toEqual([{ powerPreference: 'high-performance' }]);
  });
});
