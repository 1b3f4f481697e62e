import { concatBytes } from '@/shared/protocol/bytes.ts';

/** Progress of a bundle download: bytes so far and the announced total, when there is one. */
export type DownloadProgress = { receivedBytes: number; totalBytes: number | null };

/** Why a bundle could not be downloaded, in words a person can act on (a reason, to follow "Could not import …: "). */
export class BundleDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleDownloadError';
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Fetches a bundle, refusing it as soon as it is known to pass `maxBytes` (from
 * Content-Length, or while reading the body), so a huge or endless response never
 * fills memory. Rejects with a `BundleDownloadError`.
 */
export async function downloadBundle(
  url: string,
  options: {
    maxBytes: number;
    onProgress?: (progress: DownloadProgress) => void;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<Uint8Array> {
  const fetcher = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(url, {
      credentials: 'omit',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new BundleDownloadError(
      'the server is unreachable or does not allow this app to read the file (CORS).',
    );
  }
  if (!response.ok) {
    throw new BundleDownloadError(`the server answered ${response.status}.`);
  }
  const tooBig = () =>
    new BundleDownloadError(`it is over the ${megabytes(options.maxBytes)} limit, so it was not downloaded.`);
  const announced = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(announced) && announced > 0 ? announced : null;
  if (totalBytes !== null && totalBytes > options.maxBytes) {
    await response.body?.cancel();
    throw tooBig();
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    receivedBytes += value.byteLength;
    if (receivedBytes > options.maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
    options.onProgress?.({ receivedBytes, totalBytes });
  }
  return concatBytes(chunks);
}
