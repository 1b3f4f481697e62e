import { type FlattenedFolder, flattenFolder, nodeFromHandle } from './folder-tree.ts';

type DirectoryPicker = (options?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;

/** True where the browser can pick a folder (`showDirectoryPicker`: Chromium-based browsers). */
export function canPickFolder(): boolean {
  return typeof (window as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}

/**
 * Asks the person for a folder and reads its tree (paths start with the folder's name).
 * Null when they cancel; throws when the browser has no folder picker.
 */
export async function pickFolder(): Promise<FlattenedFolder | null> {
  const picker = (window as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  if (!picker)
    throw new Error('This browser cannot open a folder; drop the folder on the message box instead.');
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await picker.call(window, { mode: 'read' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
  return flattenFolder(nodeFromHandle(handle));
}
