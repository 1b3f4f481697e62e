import type { ExportedBundle } from '@/shared/protocol/worker-api.ts';

/** MIME type of a conversation bundle. */
export const BUNDLE_MIME = 'application/zip';

/** How a bundle left the app: shared through the system sheet, downloaded, or the person cancelled sharing. */
export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

/** The parts of `navigator` that sharing uses (absent on most desktop browsers). */
export type ShareTarget = {
  canShare?: (data: ShareData) => boolean;
  share?: (data: ShareData) => Promise<void>;
};

/**
 * Shares a bundle as a file with the Web Share API when the browser can share files;
 * otherwise saves it with `download`. Cancelling the share sheet is not an error.
 */
export async function shareOrDownload(
  bundle: ExportedBundle,
  title: string,
  download: (bytes: Uint8Array, fileName: string, mime: string) => void,
  target: ShareTarget = navigator,
): Promise<ShareOutcome> {
  const file = new File([bundle.bytes as Uint8Array<ArrayBuffer>], bundle.fileName, { type: BUNDLE_MIME });
  const data: ShareData = { files: [file], title };
  if (target.share && target.canShare?.(data)) {
    try {
      await target.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      throw error;
    }
  }
  download(bundle.bytes, bundle.fileName, BUNDLE_MIME);
  return 'downloaded';
}

/**
 * What the person is told once an export left the app: where the file went (the browser's
 * downloads), or that it was shared; nothing when they cancelled the share sheet.
 */
export function exportedMessage(outcome: ShareOutcome, fileName: string): string | null {
  if (outcome === 'cancelled') return null;
  return outcome === 'shared' ? `Shared ${fileName}.` : `Saved ${fileName} to your downloads.`;
}
