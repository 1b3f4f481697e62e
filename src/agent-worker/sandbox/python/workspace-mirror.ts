import type { InMemoryFs } from 'just-bash';
import type { ReadOnlyMount } from '@/shared/protocol/know-how.ts';
import {
  type FileChanges,
  isWorkspaceRelativePath,
  type MirrorEntry,
} from '@/shared/protocol/python-messages.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { nameTooLong } from '../sandbox-paths.ts';

const PREFIX = `${WORKSPACE_ROOT}/`;

/**
 * The shell's side of Python's copy of the workspace. It remembers what the Python
 * worker holds, so a run sends only what the shell changed since, and writes what the
 * run changed back into the shell's filesystem (from where the sandbox saves it as any
 * other write, within the workspace limit).
 */
export class WorkspaceMirror {
  private synced = new Map<string, MirrorEntry>();
  /** The read-only mounts' files and folders, by path relative to the workspace. */
  private readonly mounted = new Map<string, Uint8Array | null>();
  private readonly mountRoots: string[] = [];

  /**
   * `mounts` (installed skills, the project's files) are sent to Python like the workspace,
   * so a skill's script can read the files beside it; what Python changes there is dropped.
   */
  constructor(
    private readonly fs: InMemoryFs,
    mounts: readonly ReadOnlyMount[] = [],
  ) {
    for (const mount of mounts) {
      const root = mount.mountPoint.slice(PREFIX.length);
      this.mountRoots.push(root);
      for (const folder of foldersOf(root)) this.mounted.set(folder, null);
      for (const file of mount.files) {
        const path = `${root}/${file.path}`;
        for (const folder of foldersOf(path.slice(0, path.lastIndexOf('/')))) this.mounted.set(folder, null);
        this.mounted.set(path, file.bytes);
      }
    }
  }

  /** What the Python worker lacks; everything when it is a fresh worker. */
  async outgoing(isFreshWorker: boolean): Promise<FileChanges> {
    if (isFreshWorker) this.synced.clear();
    const current = await this.scan();
    const changes: FileChanges = { deletes: [], directories: [], writes: [] };
    for (const [path, before] of this.synced) {
      if (current.get(path)?.kind !== before.kind) changes.deletes.push(path);
    }
    for (const [path, entry] of current) {
      const before = this.synced.get(path);
      if (entry.kind === 'directory') {
        if (before?.kind !== 'directory') changes.directories.push(path);
      } else if (
        before?.kind !== 'file' ||
        before.size !== entry.size ||
        before.modifiedAt !== entry.modifiedAt
      ) {
        const content = this.mounted.get(path) ?? (await this.fs.readFileBuffer(`${PREFIX}${path}`));
        changes.writes.push({ path, content: content.slice(), modifiedAt: entry.modifiedAt });
      }
    }
    this.synced = current;
    return changes;
  }

  /**
   * Applies a run's changes to the shell's filesystem. Throws, before writing anything,
   * when a path is not a plain relative path inside the workspace (absolute, `a//b`, `..`).
   */
  async incoming(changes: FileChanges): Promise<void> {
    const paths = [...changes.deletes, ...changes.directories, ...changes.writes.map((file) => file.path)];
    const outside = paths.find((path) => !isWorkspaceRelativePath(path));
    if (outside !== undefined) throw new Error(`Python sent back a path outside the workspace: "${outside}"`);
    const tooLong = paths.map((path) => nameTooLong(`${PREFIX}${path}`)).find((problem) => problem !== null);
    if (tooLong) throw new Error(`Python made a file the workspace cannot keep. ${tooLong}`);
    changes = this.withoutMounts(changes);
    for (const path of [...changes.deletes].sort().reverse()) {
      await this.fs.rm(`${PREFIX}${path}`, { recursive: true, force: true });
      for (const known of [...this.synced.keys()]) {
        if (known === path || known.startsWith(`${path}/`)) this.synced.delete(known);
      }
    }
    for (const path of changes.directories) {
      await this.fs.mkdir(`${PREFIX}${path}`, { recursive: true });
      this.synced.set(path, { kind: 'directory', size: 0, modifiedAt: 0 });
    }
    for (const file of changes.writes) {
      const absolute = `${PREFIX}${file.path}`;
      await this.fs.mkdir(absolute.slice(0, absolute.lastIndexOf('/')), { recursive: true });
      this.fs.writeFileSync(absolute, file.content, undefined, { mtime: new Date(file.modifiedAt) });
      this.synced.set(file.path, {
        kind: 'file',
        size: file.content.byteLength,
        modifiedAt: file.modifiedAt,
      });
    }
  }

  /** `changes` without those inside a read-only mount (never saved: the mount is not the conversation's). */
  private withoutMounts(changes: FileChanges): FileChanges {
    const isMounted = (path: string) =>
      this.mountRoots.some((root) => path === root || path.startsWith(`${root}/`));
    return {
      deletes: changes.deletes.filter((path) => !isMounted(path)),
      directories: changes.directories.filter((path) => !isMounted(path)),
      writes: changes.writes.filter((file) => !isMounted(file.path)),
    };
  }

  /** Files and folders under the workspace root (symlinks are not mirrored), and the mounts'. */
  private async scan(): Promise<Map<string, MirrorEntry>> {
    const entries = new Map<string, MirrorEntry>();
    for (const [path, bytes] of this.mounted) {
      entries.set(path, { kind: bytes ? 'file' : 'directory', size: bytes?.byteLength ?? 0, modifiedAt: 0 });
    }
    for (const absolute of this.fs.getAllPaths()) {
      if (!absolute.startsWith(PREFIX)) continue;
      const stat = await this.fs.lstat(absolute).catch(() => null);
      if (!stat || stat.isSymbolicLink) continue;
      entries.set(absolute.slice(PREFIX.length), {
        kind: stat.isDirectory ? 'directory' : 'file',
        size: stat.isDirectory ? 0 : stat.size,
        modifiedAt: stat.mtime.getTime(),
      });
    }
    return entries;
  }
}

/** `path` and each folder above it, up to the workspace root (exclusive). */
function foldersOf(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
