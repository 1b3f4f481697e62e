import { SandpiperDatabase } from '../../storage/db.ts';
import { PreviewStorageRepository } from '../../storage/preview-storage-repository.ts';
import { PreviewFrames } from './preview-frames.ts';

let frames: PreviewFrames | null = null;

/**
 * This page's preview frames (one listener for every preview it shows: the Computer
 * panel's, the agent's own, a preview tab's), saving their storage in the app's database.
 * The first call also ends the last session's `sessionStorage` (a new browsing session).
 */
export function previewFrames(): PreviewFrames {
  if (frames) return frames;
  const repository = new PreviewStorageRepository(new SandpiperDatabase());
  frames = new PreviewFrames(repository, Date.now, (reason) =>
    console.error(`Sandpiper: a preview's storage could not be saved: ${reason}`),
  );
  frames.listen(window);
  void repository.endSessions().catch(() => undefined);
  return frames;
}

/** Forgets what a preview site keeps (the preview's "Clear storage"). */
export function clearPreviewSite(conversationId: string, site: string): Promise<void> {
  return new PreviewStorageRepository(new SandpiperDatabase()).clearSite(conversationId, site);
}
