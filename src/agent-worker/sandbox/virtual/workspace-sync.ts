import type { IFileSystem } from 'just-bash';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { WorkspaceChanges, WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import type { TrackedFs } from './tracked-fs.ts';

/** What the last sync saw of one workspace entry. */
type Seen = { kind: 'file' | 'directory'; size: number; modifiedAt: number };

const PREFIX = `${WORKSPACE_ROOT}/`;

/** Past this many touched paths a full rescan is cheaper than looking at each. */
const MAX_TOUCHED_PATHS = 200;

/**
 * Keeps a conversation's in-memory workspace (`/home/ubuntu` in the bash filesystem)
 * and its persisted copy in the `files` table in step: loads it once, then after every
 * action writes what changed, in one transaction. The filesystem notes the paths each
 * action touched, so a sync looks only at those (and what lies under them); when it
 * cannot tell, it rescans everything and compares sizes and modification times.
 */
export class WorkspaceSync {
  private seen = new Map<string, Seen>();
  /** When the last scan ran: entries modified since could share its millisecond, so they are rewritten. */
  private scannedAt = 0;

  constructor(
    private readonly conversationId: string,
    private readonly fs: TrackedFs,
    private readonly repository: WorkspaceRepository,
    private readonly limitBytes: number,
  ) {}

  /** Copies the persisted workspace into the filesystem. */
  async load(): Promise<void> {
    await this.fs.mkdir(WORKSPACE_ROOT, { recursive: true });
    const files = await this.repository.list(this.conversationId);
    await this.fs.withoutNameLimit(async () => {
      for (const file of files) {
        const path = `${PREFIX}${file.path}`;
        if (file.kind === 'directory') {
          await this.fs.mkdir(path, { recursive: true });
        } else {
          this.fs.writeFileSync(path, file.content, undefined, { mtime: new Date(file.modifiedAt) });
        }
      }
    });
    this.seen = await this.scan();
    this.fs.takeChanges();
  }

  /**
   * Bytes the workspace held at the last sync. Every operation syncs before it resolves,
   * so this is the current size without rescanning the filesystem.
   */
  usedBytes(): number {
    let total = 0;
    for (const entry of this.seen.values()) total += entry.size;
    return total;
  }

  /**
   * Persists what changed since the last sync. Over the size limit, the changed paths
   * are put back as they were and the error is rethrown: the workspace never keeps a
   * state that was not saved.
   */
  async flush(now: number): Promise<string[]> {
    const touched = await this.touchedRegion();
    const changes = touched ? await this.changesIn(touched, now) : await this.changesEverywhere(now);
    const changed = [...changes.writes.map((file) => file.path), ...changes.deletes];
    if (changed.length === 0) return [];
    try {
      await this.repository.apply(this.conversationId, changes, this.limitBytes);
    } catch (error) {
      await this.restore(changed);
      throw error;
    }
    for (const file of changes.writes) {
      this.seen.set(file.path, { kind: file.kind, size: file.size, modifiedAt: file.modifiedAt });
    }
    for (const path of changes.deletes) this.seen.delete(path);
    return changed;
  }

  /**
   * The workspace paths (relative) the filesystem saw touched since the last sync, or
   * null when only a full rescan can tell (too many, a relative path, a symlink on the way).
   */
  private async touchedRegion(): Promise<string[] | null> {
    const changes = this.fs.takeChanges();
    if (changes.isEverything || changes.paths.size > MAX_TOUCHED_PATHS) return null;
    const region: string[] = [];
    for (const absolute of changes.paths) {
      if (absolute === WORKSPACE_ROOT) return null;
      if (!absolute.startsWith(PREFIX)) continue;
      if (await this.runsThroughSymlink(absolute)) return null;
      region.push(absolute.slice(PREFIX.length));
    }
    return region;
  }

  /** What changed at the touched paths, their parents and everything under them. */
  private async changesIn(touched: string[], now: number): Promise<WorkspaceChanges> {
    const candidates = new Set<string>();
    for (const path of touched) {
      for (let parent = parentOf(path); parent !== ''; parent = parentOf(parent)) candidates.add(parent);
      candidates.add(path);
    }
    const isUnder = (path: string) => touched.some((root) => path.startsWith(`${root}/`));
    for (const absolute of (this.fs as IFileSystem).getAllPaths()) {
      if (absolute.startsWith(PREFIX) && isUnder(absolute.slice(PREFIX.length)))
        candidates.add(absolute.slice(PREFIX.length));
    }
    const changes: WorkspaceChanges = { writes: [], deletes: [] };
    for (const path of [...candidates].sort()) {
      const entry = await this.entryAt(path);
      const before = this.seen.get(path);
      if (entry === null) {
        if (before) changes.deletes.push(path);
        continue;
      }
      // A parent directory that was already saved as one needs no new row.
      const isKnownParent = !touched.includes(path) && !isUnder(path) && before?.kind === entry.kind;
      if (!isKnownParent) changes.writes.push(await this.toRow(path, entry, now));
    }
    for (const path of this.seen.keys()) {
      if (isUnder(path) && !candidates.has(path)) changes.deletes.push(path);
    }
    return changes;
  }

  /** Compares a full rescan with what the last sync saw (by kind, size and modification time). */
  private async changesEverywhere(now: number): Promise<WorkspaceChanges> {
    const previousScanAt = this.scannedAt;
    const current = await this.scan();
    const changes: WorkspaceChanges = { writes: [], deletes: [] };
    for (const [path, entry] of current) {
      const before = this.seen.get(path);
      const isUnchanged =
        before !== undefined &&
        before.kind === entry.kind &&
        before.size === entry.size &&
        before.modifiedAt === entry.modifiedAt &&
        entry.modifiedAt < previousScanAt;
      if (isUnchanged) continue;
      changes.writes.push(await this.toRow(path, entry, now));
    }
    for (const path of this.seen.keys()) if (!current.has(path)) changes.deletes.push(path);
    return changes;
  }

  /** The entry at a workspace path, or null when there is none (symlinks are not kept). */
  private async entryAt(path: string): Promise<Seen | null> {
    const stat = await this.lstatOrNull(`${PREFIX}${path}`);
    if (!stat || stat.isSymbolicLink) return null;
    return {
      kind: stat.isDirectory ? 'directory' : 'file',
      size: stat.isDirectory ? 0 : stat.size,
      modifiedAt: stat.mtime.getTime(),
    };
  }

  private async lstatOrNull(absolute: string) {
    try {
      return await this.fs.lstat(absolute);
    } catch {
      return null;
    }
  }

  /** True when `absolute` or one of its parents inside the workspace is a symlink. */
  private async runsThroughSymlink(absolute: string): Promise<boolean> {
    for (let path = absolute; path.startsWith(PREFIX); path = path.slice(0, path.lastIndexOf('/'))) {
      if ((await this.lstatOrNull(path))?.isSymbolicLink) return true;
    }
    return false;
  }

  private async toRow(path: string, entry: Seen, now: number): Promise<WorkspaceFile> {
    const content =
      entry.kind === 'file' ? await this.fs.readFileBuffer(`${PREFIX}${path}`) : new Uint8Array(0);
    return {
      conversationId: this.conversationId,
      path,
      kind: entry.kind,
      content,
      size: content.byteLength,
      modifiedAt: entry.modifiedAt || now,
    };
  }

  /** Puts `paths` back to their persisted state. */
  private async restore(paths: string[]): Promise<void> {
    const saved = await Promise.all(
      paths
        .sort()
        .reverse()
        .map(async (path) => [path, await this.repository.read(this.conversationId, path)] as const),
    );
    await this.fs.withoutNameLimit(() => this.putBack(saved));
  }

  private async putBack(
    entries: readonly (readonly [string, Awaited<ReturnType<WorkspaceRepository['read']>>])[],
  ): Promise<void> {
    for (const [path, saved] of entries) {
      const absolute = `${PREFIX}${path}`;
      if (!saved) {
        await this.fs.rm(absolute, { recursive: true, force: true });
      } else if (saved.kind === 'directory') {
        await this.fs.mkdir(absolute, { recursive: true });
      } else {
        this.fs.writeFileSync(absolute, saved.content, undefined, { mtime: new Date(saved.modifiedAt) });
      }
    }
  }

  /** Every entry under the workspace root, keyed by its path relative to the root. */
  private async scan(): Promise<Map<string, Seen>> {
    this.scannedAt = Date.now();
    const entries = new Map<string, Seen>();
    for (const absolute of (this.fs as IFileSystem).getAllPaths()) {
      if (!absolute.startsWith(PREFIX)) continue;
      // just-bash can list an entry it cannot stat (a write through a relative symlinked directory).
      const stat = await this.lstatOrNull(absolute);
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

/** The parent of a relative workspace path ('' for a top-level entry). */
function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
