/**
 * Where the second copy of each conversation is kept (issue 29, a full disk): a folder of
 * whole files that survives what takes IndexedDB. Chromium deletes a site's database when
 * a commit meets a full disk (tests/bench/full-disk); its origin private file system (OPFS)
 * is kept apart from it, and a file there is replaced whole or not at all
 * (`createWritable` writes a swap file and swaps it in on `close`), so a write that fails
 * for want of space leaves the copy before it whole (measured in the same bench).
 */
export type BackupFile = { name: string; size: number; modifiedAt: number };

export interface BackupFolder {
  list(): Promise<BackupFile[]>;
  read(name: string): Promise<Uint8Array>;
  /** Replaces `name` whole; when it fails, the file before is left whole. */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** Removes `name` (nothing when it is not there). */
  remove(name: string): Promise<void>;
  /** Whether `bytes` more can be written on this device now (a scratch file written, then removed). */
  canWrite(bytes: number): Promise<boolean>;
}

/** The start of the scratch files `canWrite` writes (never listed as copies). */
const PROBE_PREFIX = 'space-probe-';

/** The folder's name in the origin private file system. */
export const BACKUP_FOLDER_NAME = 'sandpiper-backup';

type FileStream = { write(data: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> };
type FileHandle = {
  kind: 'file';
  name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<FileStream>;
};
type FolderHandle = {
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string): Promise<void>;
  values(): AsyncIterable<FileHandle | { kind: 'directory' }>;
};

/**
 * The backup folder in this origin's private file system, or null where the browser has
 * none (no `navigator.storage.getDirectory`, or it refuses: a private window in some browsers).
 */
export async function openOpfsBackupFolder(): Promise<BackupFolder | null> {
  const storage = (
    globalThis.navigator as { storage?: { getDirectory?: () => Promise<unknown> } } | undefined
  )?.storage;
  if (typeof storage?.getDirectory !== 'function') return null;
  // Writing a file whole needs `createWritable` (missing in some browsers' workers).
  const handles = (globalThis as { FileSystemFileHandle?: { prototype: object } }).FileSystemFileHandle;
  if (!handles || !('createWritable' in handles.prototype)) return null;
  let folder: FolderHandle;
  try {
    const root = (await storage.getDirectory()) as {
      getDirectoryHandle(name: string, options: { create: boolean }): Promise<FolderHandle>;
    };
    folder = await root.getDirectoryHandle(BACKUP_FOLDER_NAME, { create: true });
  } catch {
    return null;
  }
  return {
    async list() {
      const files: BackupFile[] = [];
      for await (const entry of folder.values()) {
        if (entry.kind !== 'file') continue;
        // A swap file of a write under way or cut short is not a copy.
        if (entry.name.endsWith('.crswap') || entry.name.startsWith(PROBE_PREFIX)) continue;
        // Removed meanwhile (another tab deleted its conversation): not listed.
        const file = await entry.getFile().catch(() => null);
        if (file) files.push({ name: entry.name, size: file.size, modifiedAt: file.lastModified });
      }
      return files;
    },
    async read(name) {
      const file = await (await folder.getFileHandle(name)).getFile();
      return new Uint8Array(await file.arrayBuffer());
    },
    async write(name, bytes) {
      const isNew = await folder.getFileHandle(name).then(
        () => false,
        () => true,
      );
      try {
        const stream = await (await folder.getFileHandle(name, { create: true })).createWritable();
        try {
          await stream.write(bytes);
          await stream.close();
        } catch (error) {
          await stream.abort().catch(() => undefined);
          throw error;
        }
      } catch (error) {
        // A file made for this write holds nothing: it is no copy of anything.
        if (isNew) await folder.removeEntry(name).catch(() => undefined);
        throw error;
      }
    },
    async remove(name) {
      try {
        await folder.removeEntry(name);
      } catch (error) {
        if ((error as { name?: unknown }).name !== 'NotFoundError') throw error;
      }
    },
    async canWrite(bytes) {
      // A name of its own: two tabs probing at once never remove each other's file.
      const name = `${PROBE_PREFIX}${crypto.randomUUID()}.tmp`;
      let stream: FileStream;
      try {
        stream = await (await folder.getFileHandle(name, { create: true })).createWritable();
      } catch (error) {
        await folder.removeEntry(name).catch(() => undefined);
        // Only a refusal for want of space answers the question; anything else does not say "full".
        return (error as { name?: unknown }).name !== 'QuotaExceededError';
      }
      try {
        await stream.write(new Uint8Array(bytes));
        await stream.close();
        return true;
      } catch {
        await stream.abort().catch(() => undefined);
        return false;
      } finally {
        await folder.removeEntry(name).catch(() => undefined);
      }
    },
  };
}
