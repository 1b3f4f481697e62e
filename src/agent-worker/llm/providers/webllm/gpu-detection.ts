import type { GpuDetection } from '@/shared/protocol/local-model-facts.ts';

/** The part of a WebGPU adapter the detection reads (a real `GPUAdapter` has it). */
export type GpuAdapterLike = {
  readonly features: { has(feature: string): boolean } & Iterable<string>;
  readonly limits: {
    readonly maxBufferSize: number;
    readonly maxStorageBufferBindingSize: number;
    readonly maxComputeWorkgroupStorageSize: number;
    readonly maxStorageBuffersPerShaderStage: number;
  };
  readonly info?: {
    readonly vendor?: string;
    readonly architecture?: string;
    readonly description?: string;
    readonly isFallbackAdapter?: boolean;
  };
};

/** The part of `navigator.gpu` the detection uses. */
export type GpuLike = {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<GpuAdapterLike | null>;
};

const MIB = 1 << 20;
/**
 * The smallest limits web-llm 0.2.86 accepts (`detectGPUDevice`): it asks for 1 GiB
 * buffers and bindings, falls back to 256 MiB / 128 MiB, and throws below those, or
 * below 32 KiB of workgroup storage or 10 storage buffers per shader stage.
 */
export const WEBLLM_MINIMUM_LIMITS = {
  maxBufferSize: 256 * MIB,
  maxStorageBufferBindingSize: 128 * MIB,
  maxComputeWorkgroupStorageSize: 32 * 1024,
  maxStorageBuffersPerShaderStage: 10,
} as const;

/**
 * Whether this browser can run web-llm, from `navigator.gpu` (pass it in; it exists
 * in dedicated workers too). Requests the adapter web-llm would use (high
 * performance) and checks its limits against web-llm's minimums. Never throws.
 */
export async function detectGpu(gpu: GpuLike | undefined): Promise<GpuDetection> {
  if (!gpu) {
    return { available: false, reason: 'This browser has no WebGPU (navigator.gpu is missing).' };
  }
  let adapter: GpuAdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { available: false, reason: `WebGPU refused to provide a GPU adapter: ${detail}` };
  }
  if (!adapter) {
    return {
      available: false,
      reason: 'WebGPU found no usable GPU adapter (the GPU may be blocklisted or disabled in this browser).',
    };
  }
  const shortfalls = Object.entries(WEBLLM_MINIMUM_LIMITS).flatMap(([limit, minimum]) => {
    const actual = adapter.limits[limit as keyof typeof WEBLLM_MINIMUM_LIMITS];
    return actual < minimum ? [`${limit} is ${actual}, below ${minimum}`] : [];
  });
  if (shortfalls.length > 0) {
    return {
      available: false,
      reason: `The GPU's limits are too small for web-llm: ${shortfalls.join('; ')}.`,
    };
  }
  return {
    available: true,
    adapter: {
      vendor: adapter.info?.vendor ?? '',
      architecture: adapter.info?.architecture ?? '',
      description: adapter.info?.description ?? '',
      isFallbackAdapter: adapter.info?.isFallbackAdapter ?? false,
      features: [...adapter.features].sort(),
      hasShaderF16: adapter.features.has('shader-f16'),
      maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
    },
  };
}
