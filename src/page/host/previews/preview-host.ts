import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { PreviewStorageRepository } from '@/shared/storage/preview-storage-repository.ts';
import { PreviewFrames } from './preview-frames.ts';

let frames: PreviewFrames | null = null;

/**
 * This page's preview frames (one listener for every preview it shows: the Computer
 * panel's, the agent's own, a preview tab's), saving their storage in the app's database.
 */
export function previewFrames(): PreviewFrames {
  if (frames) return frames;
  frames = new PreviewFrames(new PreviewStorageRepository(new SandpiperDatabase()), Date.now, (reason) =>
    console.error(`Sandpiper: a preview's storage could not be saved: ${reason}`),
  );
  frames.listen(window);
  return frames;
}

/**
 * Ends the previews' `sessionStorage`: called when the app itself starts (a browsing
 * session of its own; a preview tab opened from it goes on with the app's session).
 */
export function endPreviewSessions(): Promise<void> {
  return new PreviewStorageRepository(new SandpiperDatabase()).endSessions();
}

/** Forgets what a preview site keeps (the preview's "Clear storage"). */
export function clearPreviewSite(conversationId: string, site: string): Promise<void> {
  return new PreviewStorageRepository(new SandpiperDatabase()).clearSite(conversationId, site);
}
