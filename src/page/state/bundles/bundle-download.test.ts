import { describe, expect, it } from 'vitest';
import { BundleDownloadError, type DownloadProgress, downloadBundle } from './bundle-download.ts';

/** A fetch that answers with `chunks` as a streamed body, counting how many were pulled. */
function streamingFetch(chunks: Uint8Array[], headers: Record<string, string> = {}, status = 200) {
  const state = { pulled: 0, isCancelled: false };
  const fetcher = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks[state.pulled];
          state.pulled += 1;
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
        cancel() {
          state.isCancelled = true;
        },
      }),
      { status, headers },
    )) as typeof fetch;
  return { fetcher, state };
}

describe('downloading a bundle', () => {
  it('reads the whole body and reports progress', async () => {
    const { fetcher } = streamingFetch([new Uint8Array([1, 2]), new Uint8Array([3])], {
      'content-length': '3',
    });
    const progress: DownloadProgress[] = [];
    const bytes = await downloadBundle('https://files.example/a.zip', {
      maxBytes: 10,
      fetch: fetcher,
      onProgress: (step) => progress.push(step),
    });
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toEqual({ receivedBytes: 3, totalBytes: 3 });
  });

  it('refuses an announced size over the limit without reading the body', async () => {
    const { fetcher, state } = streamingFetch([new Uint8Array(8)], { 'content-length': '50' });
    await expect(
      downloadBundle('https://files.example/a.zip', { maxBytes: 10, fetch: fetcher }),
    ).rejects.toThrow(/over the 0\.0 MB limit/);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it('stops reading an unannounced body as soon as it passes the limit', async () => {
    const endless = Array.from({ length: 1000 }, () => new Uint8Array(4));
    const { fetcher, state } = streamingFetch(endless);
    await expect(
      downloadBundle('https://files.example/a.zip', { maxBytes: 10, fetch: fetcher }),
    ).rejects.toThrow(BundleDownloadError);
    expect(state.pulled).toBeLessThan(5);
    expect(state.isCancelled).toBe(true);
  });

  it('says why when the server fails or cannot be reached', async () => {
    const { fetcher } = streamingFetch([], {}, 404);
    await expect(
      downloadBundle('https://files.example/a.zip', { maxBytes: 10, fetch: fetcher }),
    ).rejects.toThrow('the server answered 404.');
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(
      downloadBundle('https://files.example/a.zip', { maxBytes: 10, fetch: failing }),
    ).rejects.toThrow(/unreachable or does not allow this app to read the file/);
  });
});
