import { functionCallingModelIds, prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import type { AdapterFacts, CatalogEntry } from '@/shared/protocol/local-model-facts.ts';
import { buildCatalog } from './model-catalog.ts';

const GIB = 1 << 30;
const MIB = 1 << 20;

const DESKTOP: AdapterFacts = {
  vendor: 'nvidia',
  architecture: 'ampere',
  description: '',
  isFallbackAdapter: false,
  features: ['shader-f16', 'subgroups'],
  hasShaderF16: true,
  maxBufferSize: 4 * GIB,
  maxStorageBufferBindingSize: 2 * GIB,
};
/** Headless Chromium's SwiftShader here: no shader-f16 (FACTS.md). */
const SOFTWARE: AdapterFacts = { ...DESKTOP, isFallbackAdapter: true, features: [], hasShaderF16: false };
/** A phone-class GPU: web-llm falls back to 256 MiB buffers and 128 MiB bindings. */
const PHONE: AdapterFacts = { ...DESKTOP, maxBufferSize: 256 * MIB, maxStorageBufferBindingSize: 128 * MIB };

const catalog = (adapter: AdapterFacts, memoryBudgetMB: number | null = null) =>
  buildCatalog(prebuiltAppConfig.model_list, functionCallingModelIds, { adapter, memoryBudgetMB });
const entry = (entries: CatalogEntry[], modelId: string) => {
  const found = entries.find((candidate) => candidate.modelId === modelId);
  if (!found) throw new Error(`${modelId} is not in the catalog`);
  return found;
};

describe('buildCatalog', () => {
  it('lists web-llm’s chat models with their size, leaving out embedding and vision models', () => {
    const entries = catalog(DESKTOP);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.some((candidate) => candidate.modelId.startsWith('snowflake-arctic-embed'))).toBe(false);
    expect(entries.some((candidate) => candidate.modelId.startsWith('Phi-3.5-vision'))).toBe(false);
    expect(entry(entries, 'Llama-3.2-1B-Instruct-q4f32_1-MLC')).toMatchObject({
      vramRequiredMB: 1128.82,
      quantization: 'q4f32_1',
      defaultContextWindowTokens: 4096,
      isLowResource: true,
      hasNativeToolCalling: false,
      fit: 'compatible',
      reasons: [],
    });
    expect(entry(entries, 'Hermes-3-Llama-3.1-8B-q4f16_1-MLC').hasNativeToolCalling).toBe(true);
  });

  it('needs shader-f16 for every f16 variant, including those whose record does not list it', () => {
    const entries = catalog(SOFTWARE);
    const unlisted = entry(entries, 'Llama-3.2-1B-Instruct-q4f16_1-MLC');
    expect(
      prebuiltAppConfig.model_list.find((record) => record.model_id === unlisted.modelId)?.required_features,
    ).toBeUndefined();
    expect(unlisted).toMatchObject({ fit: 'unsupported', requiredFeatures: ['shader-f16'] });
    expect(unlisted.reasons[0]).toMatch(/shader-f16/);
    expect(entry(entries, 'Llama-3.2-1B-Instruct-q4f32_1-MLC').fit).toBe('compatible');
    for (const candidate of entries) {
      expect(candidate.fit === 'unsupported', candidate.modelId).toBe(
        candidate.quantization?.includes('f16') === true,
      );
    }
  });

  it('on a phone-class GPU, expects only low-resource models to fit and refuses those needing big buffers', () => {
    const entries = catalog(PHONE);
    expect(entry(entries, 'Llama-3.2-1B-Instruct-q4f16_1-MLC').fit).toBe('compatible');
    const heavy = entry(entries, 'Llama-3.1-8B-Instruct-q4f16_1-MLC');
    expect(heavy.fit).toBe('may_not_fit');
    expect(heavy.reasons[0]).toMatch(/phone-class/);
    const gemma = entry(entries, 'gemma-2b-it-q4f16_1-MLC-1k');
    expect(gemma.fit).toBe('unsupported');
    expect(gemma.reasons[0]).toMatch(/250 MB storage buffers; web-llm gets 128 MB/);
    expect(entry(catalog(DESKTOP), 'gemma-2b-it-q4f16_1-MLC-1k').fit).toBe('compatible');
  });

  it('compares the memory estimate with a budget when one is given', () => {
    const entries = catalog(DESKTOP, 3000);
    expect(entry(entries, 'Llama-3.2-3B-Instruct-q4f16_1-MLC').fit).toBe('compatible');
    const big = entry(entries, 'Llama-3.1-8B-Instruct-q4f16_1-MLC');
    expect(big.fit).toBe('may_not_fit');
    expect(big.reasons).toEqual(['needs about 5001 MB of GPU memory; the budget is 3000 MB']);
  });

  it('puts the compatible models first, smallest first', () => {
    const entries = catalog(SOFTWARE, 2000);
    const ranks = entries.map((candidate) =>
      ['compatible', 'may_not_fit', 'unsupported'].indexOf(candidate.fit),
    );
    expect(ranks).toEqual([...ranks].sort((left, right) => left - right));
    const compatible = entries.filter((candidate) => candidate.fit === 'compatible');
    const sizes = compatible.map((candidate) => candidate.vramRequiredMB ?? 0);
    expect(sizes).toEqual([...sizes].sort((left, right) => left - right));
    expect(compatible[0]?.modelId).toBe('SmolLM2-360M-Instruct-q4f32_1-MLC');
  });
});
