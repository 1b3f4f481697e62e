import { createSignal } from 'solid-js';
import { freePastedName } from '@/shared/protocol/long-text.ts';
import { type MessageUpload, UPLOADS_FOLDER, type UploadDestination } from '@/shared/protocol/uploads.ts';
import type { FoundFile } from './folder-tree.ts';

/** A file waiting in the composer: where it goes (relative, a folder's tree kept) and the file itself. */
export type PendingAttachment = { id: string; path: string; file: File };

/** How far reading the files (or handing them to the worker) has got. */
export type UploadProgress = {
  phase: 'reading' | 'sending';
  doneBytes: number;
  totalBytes: number;
  files: number;
};

/** Files ready to cross to the worker, with the buffers to transfer rather than copy. */
export type ReadUpload = { upload: MessageUpload; transfer: ArrayBuffer[] };

/** The names the conversation's messages put in the uploads folder (from their attachments). */
export function sentUploadNames(attachments: Iterable<{ path: string }>): string[] {
  const prefix = `${UPLOADS_FOLDER}/`;
  return [...attachments].flatMap((file) =>
    file.path.startsWith(prefix) ? [file.path.slice(prefix.length).split('/')[0] ?? ''] : [],
  );
}

/** Bytes of the attachments together. */
export function totalBytes(items: readonly { file: { size: number } }[]): number {
  return items.reduce((sum, item) => sum + item.file.size, 0);
}

/** True when every path lies inside one and the same top folder (a single folder was dropped). */
export function isSingleFolder(paths: readonly string[]): boolean {
  const tops = new Set(paths.map((path) => (path.includes('/') ? path.split('/')[0] : null)));
  return paths.length > 0 && tops.size === 1 && !tops.has(null);
}

/** "Reading 3 files… 4.1 of 12 MB (34%)": the progress line under the chips. */
export function progressLine(progress: UploadProgress, format: (bytes: number) => string): string {
  const noun = progress.files === 1 ? 'file' : 'files';
  if (progress.phase === 'sending')
    return `Saving ${progress.files} ${noun} (${format(progress.totalBytes)}) to the workspace…`;
  const percent =
    progress.totalBytes === 0 ? 100 : Math.floor((progress.doneBytes / progress.totalBytes) * 100);
  return `Reading ${progress.files} ${noun}… ${format(progress.doneBytes)} of ${format(progress.totalBytes)} (${percent}%)`;
}

/**
 * The composer's attachments before they are sent: what is attached, where it goes
 * (`uploads`, or the home folder for a project opened into a new conversation), and the
 * progress of reading it. Reading happens in the page, file by file in chunks.
 */
export function createAttachmentsStore() {
  const [items, setItems] = createSignal<PendingAttachment[]>([]);
  const [destination, setDestination] = createSignal<UploadDestination>('uploads');
  const [progress, setProgress] = createSignal<UploadProgress | null>(null);
  const [note, setNote] = createSignal<string | null>(null);
  let nextId = 0;

  function noteSkipped(skippedFolders: readonly string[]): void {
    setNote(
      skippedFolders.length === 0
        ? null
        : `Left out ${skippedFolders.length === 1 ? 'a folder' : `${skippedFolders.length} folders`} not worth copying: ${skippedFolders.slice(0, 3).join(', ')}${skippedFolders.length > 3 ? '…' : ''}`,
    );
  }

  function add(found: readonly FoundFile[], skippedFolders: readonly string[] = []): void {
    const added = found.map((entry) => ({
      id: `attachment-${++nextId}`,
      path: entry.path,
      file: entry.file,
    }));
    setItems((current) => [...current, ...added]);
    noteSkipped(skippedFolders);
  }

  return {
    items,
    destination,
    progress,
    /** A line about what was left out of a folder (null: nothing). */
    note,
    /** Attaches files (paths relative to the uploads folder). */
    add,
    /**
     * Attaches text as a file named `pasted-1.txt`, `pasted-2.txt`…: the first number no
     * attached file uses, nor `sent` (names already in the uploads folder, as far as the page
     * knows); the worker gives it the next free one if the workspace has it after all.
     */
    addText(text: string, sent: Iterable<string> = []): void {
      const taken = new Set([...sent, ...items().map((item) => item.path)]);
      const name = freePastedName(taken);
      add([{ path: name, file: new File([text], name, { type: 'text/plain' }) }]);
    },
    /** Stages a project folder for a new conversation: its files go under `/home/ubuntu/<folder>`. */
    openProject(found: readonly FoundFile[], skippedFolders: readonly string[] = []): void {
      setItems([]);
      setDestination('home');
      add(found, skippedFolders);
    },
    remove(id: string): void {
      setItems((current) => current.filter((item) => item.id !== id));
      if (items().length === 0) setDestination('uploads');
    },
    clear(): void {
      setItems([]);
      setDestination('uploads');
      setNote(null);
    },
    setProgress,
    /** Reads every attached file's bytes, reporting progress; the result is ready to transfer. */
    async read(): Promise<ReadUpload> {
      const pending = items();
      const total = totalBytes(pending);
      let done = 0;
      setProgress({ phase: 'reading', doneBytes: 0, totalBytes: total, files: pending.length });
      const files: MessageUpload['files'] = [];
      for (const item of pending) {
        const bytes = await readBytes(item.file, (chunk) => {
          done += chunk;
          setProgress({ phase: 'reading', doneBytes: done, totalBytes: total, files: pending.length });
        });
        files.push({ path: item.path, type: item.file.type, bytes });
      }
      setProgress({ phase: 'sending', doneBytes: total, totalBytes: total, files: pending.length });
      return {
        upload: { files, destination: destination() },
        transfer: files.map((file) => file.bytes.buffer as ArrayBuffer),
      };
    },
  };
}

export type AttachmentsStore = ReturnType<typeof createAttachmentsStore>;

/** A file's bytes, read as a stream so that progress can be told chunk by chunk. */
async function readBytes(file: File, onChunk: (bytes: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let offset = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, offset);
    offset += value.byteLength;
    onChunk(value.byteLength);
  }
  return offset === bytes.byteLength ? bytes : bytes.slice(0, offset);
}
