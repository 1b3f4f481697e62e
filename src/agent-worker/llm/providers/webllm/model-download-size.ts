import type { ModelRecord } from '@mlc-ai/web-llm';
import { z } from 'zod';

/** web-llm's weight manifest (`tensor-cache.json`): one record per shard it downloads. */
const TensorCacheManifest = z.object({
  records: z.array(z.object({ dataPath: z.string(), nbytes: z.number().int().nonnegative() })),
});

/**
 * The bytes of weights web-llm downloads for `record`: the sum of the shards in the
 * model's `tensor-cache.json` (fetched, a few kilobytes; the prebuilt list carries
 * no size). The model library (wasm) and tokenizer, a few MB, come on top. Null when
 * it cannot be known: offline, an unexpected answer, or a model packaged with its own
 * manifest (`model_manifest`), whose layout differs.
 */
export async function fetchWeightsDownloadBytes(
  record: Pick<ModelRecord, 'model' | 'model_manifest'>,
  fetchFunction: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<number | null> {
  if (record.model_manifest !== undefined) return null;
  try {
    const response = await fetchFunction(new URL('tensor-cache.json', modelBaseUrl(record.model)), {
      signal,
    });
    if (!response.ok) return null;
    const manifest = TensorCacheManifest.safeParse(await response.json());
    if (!manifest.success) return null;
    return manifest.data.records.reduce((total, shard) => total + shard.nbytes, 0);
  } catch {
    return null;
  }
}

/** The URL web-llm fetches a model's files under (`…/resolve/main/` appended, as web-llm does). */
export function modelBaseUrl(model: string): string {
  const withSlash = model.endsWith('/') ? model : `${model}/`;
  return /.+\/resolve\/.+\//.test(withSlash) ? withSlash : `${withSlash}resolve/main/`;
}
