import { describe, expect, it } from 'vitest';
import { shareOrDownload } from './bundle-export.ts';

const bundle = { fileName: 'notes.sandpiper.zip', bytes: new Uint8Array([80, 75, 5, 6]) };

function recorder() {
  const downloads: string[] = [];
  return { downloads, download: (_bytes: Uint8Array, fileName: string) => downloads.push(fileName) };
}

describe('sharing a bundle', () => {
  it('uses the share sheet with the file when the browser can share files', async () => {
    const { downloads, download } = recorder();
    const shared: ShareData[] = [];
    const outcome = await shareOrDownload(bundle, 'Notes', download, {
      canShare: (data) => (data.files?.length ?? 0) === 1,
      share: async (data) => {
        shared.push(data);
      },
    });
    expect(outcome).toBe('shared');
    expect(downloads).toEqual([]);
    expect(shared[0]?.files?.[0]?.name).toBe('notes.sandpiper.zip');
    expect(shared[0]?.files?.[0]?.type).toBe('application/zip');
  });

  it('downloads the file when files cannot be shared', async () => {
    const { downloads, download } = recorder();
    expect(await shareOrDownload(bundle, 'Notes', download, { canShare: () => false })).toBe('downloaded');
    expect(await shareOrDownload(bundle, 'Notes', download, {})).toBe('downloaded');
    expect(downloads).toEqual(['notes.sandpiper.zip', 'notes.sandpiper.zip']);
  });

  it('treats a cancelled share sheet as no error, and passes other failures on', async () => {
    const { download } = recorder();
    const cancelling = {
      canShare: () => true,
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError');
      },
    };
    expect(await shareOrDownload(bundle, 'Notes', download, cancelling)).toBe('cancelled');
    const failing = {
      canShare: () => true,
      share: async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      },
    };
    await expect(shareOrDownload(bundle, 'Notes', download, failing)).rejects.toThrow('Permission denied');
  });
});
