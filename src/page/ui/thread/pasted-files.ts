import { isLongText } from '@/shared/protocol/long-text.ts';
import type { AttachmentsStore } from '../../state/uploads/attachments-store.ts';

/**
 * Takes what a paste into a message box brings, before the box does: files are attached
 * (pasted images, all called "image.png" by browsers, are named by when they were pasted),
 * and text over 16 KB of UTF-8 is attached as `pasted-N.txt` instead of being typed, so a
 * paste of megabytes never reaches the box. Shorter text is left to the box. Returns what
 * was attached: `files`, `text`, or null when nothing was.
 */
export function attachPaste(
  event: ClipboardEvent,
  attachments: AttachmentsStore,
  /** Names already in the uploads folder (a paste takes the next free `pasted-N.txt`). */
  sent: () => Iterable<string> = () => [],
): 'files' | 'text' | null {
  const files = Array.from(event.clipboardData?.files ?? []);
  if (files.length > 0) {
    event.preventDefault();
    const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
    attachments.add(
      files.map((file) => {
        const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
        const name = file.name && file.name !== 'image.png' ? file.name : `pasted-${stamp}.${extension}`;
        return { path: name, file };
      }),
    );
    return 'files';
  }
  const text = event.clipboardData?.getData('text/plain') ?? '';
  if (!isLongText(text)) return null;
  event.preventDefault();
  attachments.addText(text, sent());
  return 'text';
}
