import type { ModelRecord } from '@mlc-ai/web-llm';
import type { AdapterFacts, CatalogEntry, ModelFit } from '@/shared/protocol/local-model-facts.ts';

/** What the catalog is judged against. */
export type CatalogDevice = {
  adapter: AdapterFacts;
  /**
   * GPU memory the caller will let a model use, in MB, or null when unknown. WebGPU
   * reports no memory size at all; a caller may take it from the user or estimate it
   * (on unified-memory devices, from `navigator.deviceMemory`).
   */
  memoryBudgetMB: number | null;
};

const GIB = 1 << 30;
const LLM_TYPE = 0;
const QUANTIZATION = /-(q\d+f(?:16|32)(?:_\d+)?)-/;

/**
 * The chat models of web-llm's list (embedding and vision models left out), judged
 * against the device, the compatible ones first, then by memory needed.
 *
 * How the judgement is made, and why:
 * - Features: a model needs every WebGPU feature it lists, and f16 variants need
 *   `shader-f16` even where the list omits it (their shaders are compiled for f16;
 *   a software adapter without it runs only f32 variants).
 * - Buffer limits: web-llm creates its device with 1 GiB buffers and bindings when
 *   the adapter allows, else 256 MiB / 128 MiB. A model that names
 *   `buffer_size_required_bytes` needs a binding that large.
 * - Memory: WebGPU exposes no memory size, and `maxBufferSize` caps one buffer, not the
 *   total, so `vram_required_MB` is not compared with it. The limits do tell the device
 *   class, as web-llm itself uses them: below 1 GiB of binding size the device is
 *   phone-class, where only models marked `low_resource_required` are expected to fit.
 *   `vram_required_MB` is compared with the caller's budget when one is given.
 */
export function buildCatalog(
  records: readonly ModelRecord[],
  functionCallingModelIds: readonly string[],
  device: CatalogDevice,
): CatalogEntry[] {
  const entries = records
    .filter((record) => (record.model_type ?? LLM_TYPE) === LLM_TYPE)
    .map((record) => judge(record, functionCallingModelIds, device));
  const rank: Record<ModelFit, number> = { compatible: 0, may_not_fit: 1, unsupported: 2 };
  return entries.sort(
    (left, right) =>
      rank[left.fit] - rank[right.fit] ||
      (left.vramRequiredMB ?? Number.POSITIVE_INFINITY) - (right.vramRequiredMB ?? Number.POSITIVE_INFINITY),
  );
}

function judge(
  record: ModelRecord,
  functionCallingModelIds: readonly string[],
  { adapter, memoryBudgetMB }: CatalogDevice,
): CatalogEntry {
  const quantization = QUANTIZATION.exec(`${record.model_id}-`)?.[1] ?? null;
  const requiredFeatures = [...(record.required_features ?? [])];
  if (quantization?.includes('f16') && !requiredFeatures.includes('shader-f16')) {
    requiredFeatures.push('shader-f16');
  }
  const unsupported: string[] = [];
  for (const feature of requiredFeatures) {
    if (!adapter.features.includes(feature)) {
      unsupported.push(`needs the WebGPU feature ${feature}, which this GPU lacks`);
    }
  }
  const bindingSize = adapter.maxStorageBufferBindingSize >= GIB ? GIB : 128 * (1 << 20);
  if (record.buffer_size_required_bytes !== undefined && record.buffer_size_required_bytes > bindingSize) {
    unsupported.push(
      `needs ${toMB(record.buffer_size_required_bytes)} MB storage buffers; web-llm gets ${toMB(bindingSize)} MB on this GPU`,
    );
  }
  const heavy: string[] = [];
  const isLowResource = record.low_resource_required === true;
  if (adapter.maxStorageBufferBindingSize < GIB && !isLowResource) {
    heavy.push('this looks like a phone-class GPU, and the model is not marked as fitting one');
  }
  const vram = record.vram_required_MB ?? null;
  if (vram !== null && memoryBudgetMB !== null && vram > memoryBudgetMB) {
    heavy.push(
      `needs about ${Math.round(vram)} MB of GPU memory; the budget is ${Math.round(memoryBudgetMB)} MB`,
    );
  }
  const fit: ModelFit =
    unsupported.length > 0 ? 'unsupported' : heavy.length > 0 ? 'may_not_fit' : 'compatible';
  return {
    modelId: record.model_id,
    vramRequiredMB: vram,
    quantization,
    defaultContextWindowTokens: record.overrides?.context_window_size ?? null,
    isLowResource,
    hasNativeToolCalling: functionCallingModelIds.includes(record.model_id),
    requiredFeatures,
    fit,
    reasons: [...unsupported, ...heavy],
  };
}

function toMB(bytes: number): number {
  return Math.round(bytes / (1 << 20));
}
