import type { Zippable } from 'fflate';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import { fileSlug } from './file-slug.ts';

/** One zip entry: a file's bytes or an empty folder marker, with its modification time. */
export type ArchiveEntry = { bytes: Uint8Array; modifiedAt: number };

/** Zip timestamps cover 1980–2107 (local time); times outside are clamped to this range. */
const EARLIEST_ZIP_TIME = Date.UTC(1980, 0, 2);
const LATEST_ZIP_TIME = Date.UTC(2099, 11, 30);

const STORED_AS_IS = /\.(zip|gz|tgz|bz2|xz|7z|png|jpe?g|gif|webp|avif|mp3|mp4|webm|woff2?|pdf)$/i;

/**
 * The zip entries of a workspace: each file at its workspace path (relative, no leading
 * slash), and each folder as a `path/` entry so empty folders survive.
 */
export function archiveEntries(files: readonly WorkspaceFile[]): Record<string, ArchiveEntry> {
  const entries: Record<string, ArchiveEntry> = {};
  for (const file of files) {
    const path = file.path.replace(/^\/+/, '').replace(/\/+$/, '');
    if (path === '') continue;
    if (file.kind === 'directory')
      entries[`${path}/`] = { bytes: new Uint8Array(0), modifiedAt: file.modifiedAt };
    else entries[path] = { bytes: file.content, modifiedAt: file.modifiedAt };
  }
  return entries;
}

/**
 * A zip of the workspace. fflate is loaded on first use, so it stays out of the first
 * paint; already-compressed formats are stored rather than deflated again.
 */
export async function zipWorkspace(files: readonly WorkspaceFile[]): Promise<Uint8Array> {
  const { zipSync } = await import('fflate');
  const zippable: Zippable = {};
  for (const [path, entry] of Object.entries(archiveEntries(files))) {
    zippable[path] = [
      entry.bytes,
      {
        level: STORED_AS_IS.test(path) ? 0 : 6,
        mtime: Math.min(LATEST_ZIP_TIME, Math.max(EARLIEST_ZIP_TIME, entry.modifiedAt)),
      },
    ];
  }
  return zipSync(zippable);
}

/** Folders a site's zip leaves out: installed packages and version history, which its own tools make again. */
const LEFT_OUT_OF_SITES = new Set(['node_modules', '.git']);

/**
 * The files of the workspace folder `folder` (relative; '' for the whole workspace), as a
 * zip of that folder holds them: under a folder of its name (`apps/notes-app/index.html` →
 * `notes-app/index.html`), without `node_modules` or `.git`.
 */
export function folderFiles(files: readonly WorkspaceFile[], folder: string): WorkspaceFile[] {
  const root = folder.replace(/^\/+|\/+$/g, '');
  const parent = root.includes('/') ? root.slice(0, root.lastIndexOf('/') + 1) : '';
  return files.flatMap((file) => {
    const path = file.path.replace(/^\/+/, '');
    if (root !== '' && path !== root && !path.startsWith(`${root}/`)) return [];
    if (path.split('/').some((segment) => LEFT_OUT_OF_SITES.has(segment))) return [];
    return [{ ...file, path: path.slice(parent.length) }];
  });
}

/** The archive's file name, from the conversation title: `Build a notes app!` → `build-a-notes-app.zip`. */
export function archiveName(title: string | null | undefined): string {
  return `${fileSlug(title ?? '') || 'workspace'}.zip`;
}
