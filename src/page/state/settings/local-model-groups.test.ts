import { describe, expect, it } from 'vitest';
import type { AdapterFacts, LocalModel } from '@/shared/protocol/local-model-facts.ts';
import {
  describeAdapter,
  downloadFailureText,
  groupLocalModels,
  progressPercent,
} from './local-model-groups.ts';

function model(modelId: string, fit: LocalModel['fit'], isDownloaded = false): LocalModel {
  return {
    modelId,
    vramRequiredMB: 1000,
    quantization: null,
    defaultContextWindowTokens: null,
    isLowResource: false,
    hasNativeToolCalling: false,
    requiredFeatures: [],
    fit,
    reasons: [],
    isDownloaded,
  };
}

const adapter: AdapterFacts = {
  vendor: 'google',
  architecture: 'swiftshader',
  description: '',
  isFallbackAdapter: true,
  features: [],
  hasShaderF16: false,
  maxBufferSize: 1 << 30,
  maxStorageBufferBindingSize: 1 << 30,
};

describe('groupLocalModels', () => {
  const models = [
    model('Qwen-q4f32', 'compatible'),
    model('Llama-q4f32', 'compatible', true),
    model('Big-q4f32', 'may_not_fit'),
    model('Qwen-q4f16', 'unsupported'),
  ];

  it('groups by fit and puts downloaded models first within a group', () => {
    const groups = groupLocalModels(models);
    expect(groups.compatible.map((entry) => entry.modelId)).toEqual(['Llama-q4f32', 'Qwen-q4f32']);
    expect(groups.may_not_fit.map((entry) => entry.modelId)).toEqual(['Big-q4f32']);
    expect(groups.unsupported.map((entry) => entry.modelId)).toEqual(['Qwen-q4f16']);
  });

  it('keeps only the ids containing the filter, in any case', () => {
    const groups = groupLocalModels(models, ' qwen ');
    expect(groups.compatible.map((entry) => entry.modelId)).toEqual(['Qwen-q4f32']);
    expect(groups.may_not_fit).toEqual([]);
    expect(groups.unsupported.map((entry) => entry.modelId)).toEqual(['Qwen-q4f16']);
  });
});

describe('downloadFailureText', () => {
  it('says nothing when the download worked and names a cancellation', () => {
    expect(downloadFailureText({ ok: true }, true)).toBeNull();
    expect(downloadFailureText({ ok: false, cancelled: true, message: 'x' }, true)).toBe(
      'Download cancelled.',
    );
  });

  it('tells a failed fetch to check the connection, keeping web-llm’s reason', () => {
    const text = downloadFailureText(
      { ok: false, cancelled: false, message: 'Could not download M: Failed to fetch' },
      true,
    );
    expect(text).toBe(
      'Could not download M: Failed to fetch. The model files could not be fetched: check your connection, then try again.',
    );
  });

  it('blames the connection for any failure while offline, and not for other failures online', () => {
    const outcome = {
      ok: false as const,
      cancelled: false,
      message: 'Could not download M: shader compile error.',
    };
    expect(downloadFailureText(outcome, false)).toContain('check your connection');
    expect(downloadFailureText(outcome, true)).toBe('Could not download M: shader compile error.');
  });
});

describe('describeAdapter', () => {
  it('names the adapter, says when it is software, and whether f16 models can run', () => {
    expect(describeAdapter(adapter)).toBe(
      'google swiftshader (software adapter: slow) · no shader-f16 (only f32 models can run)',
    );
    expect(
      describeAdapter({
        ...adapter,
        vendor: '',
        architecture: '',
        description: 'Apple M2',
        isFallbackAdapter: false,
        hasShaderF16: true,
      }),
    ).toBe('Apple M2 · shader-f16 available');
  });
});

describe('progressPercent', () => {
  it('turns a fraction into a whole percentage between 0 and 100', () => {
    expect(progressPercent(0.456)).toBe(46);
    expect(progressPercent(-1)).toBe(0);
    expect(progressPercent(1.2)).toBe(100);
  });
});
