import { describe, expect, it } from 'vitest';
import { fetchWeightsDownloadBytes, modelBaseUrl } from './model-download-size.ts';

function fetchReturning(status: number, body: unknown) {
  const urls: string[] = [];
  const fetchFunction = (async (url: string | URL) => {
    urls.push(String(url));
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fetchFunction, urls };
}

const MANIFEST = {
  metadata: { ParamSize: 3 },
  records: [
    { dataPath: 'params_shard_0.bin', nbytes: 33_554_432, records: [] },
    { dataPath: 'params_shard_1.bin', nbytes: 1_048_576, records: [] },
  ],
};

describe('fetchWeightsDownloadBytes', () => {
  it('sums the shards of the model’s tensor-cache.json, fetched where web-llm fetches it', async () => {
    const { fetchFunction, urls } = fetchReturning(200, MANIFEST);
    const bytes = await fetchWeightsDownloadBytes(
      { model: 'https://huggingface.co/mlc-ai/Some-Model-MLC' },
      fetchFunction,
    );
    expect(bytes).toBe(34_603_008);
    expect(urls).toEqual(['https://huggingface.co/mlc-ai/Some-Model-MLC/resolve/main/tensor-cache.json']);
  });

  it('is null when the size cannot be known', async () => {
    expect(
      await fetchWeightsDownloadBytes({ model: 'https://x/m' }, fetchReturning(404, {}).fetchFunction),
    ).toBeNull();
    expect(
      await fetchWeightsDownloadBytes(
        { model: 'https://x/m' },
        fetchReturning(200, { records: 'no' }).fetchFunction,
      ),
    ).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await fetchWeightsDownloadBytes({ model: 'https://x/m' }, offline)).toBeNull();
    const packaged = fetchReturning(200, MANIFEST);
    expect(
      await fetchWeightsDownloadBytes(
        { model: 'https://x/m', model_manifest: 'mlc-model-manifest.json' },
        packaged.fetchFunction,
      ),
    ).toBeNull();
    expect(packaged.urls).toEqual([]);
  });

  it('keeps a model URL that already names a branch', () => {
    expect(modelBaseUrl('https://huggingface.co/u/m/resolve/v2/')).toBe(
      'https://huggingface.co/u/m/resolve/v2/',
    );
    expect(modelBaseUrl('https://huggingface.co/u/m/')).toBe('https://huggingface.co/u/m/resolve/main/');
  });
});
