import type { IFileSystem, InMemoryFs } from 'just-bash';
import { WORKSPACE_ROOT } from '../protocol/sandbox.ts';
import type { WorkspaceFile } from '../protocol/workspace.ts';
import type { WorkspaceChanges, WorkspaceRepository } from '../storage/workspace-repository.ts';

/** What the last sync saw of one workspace entry. */
type Seen = { kind: 'file' | 'directory'; size: number; modifiedAt: number };

const PREFIX = `${WORKSPACE_ROOT}/`;

/**
 * Keeps a conversation's in-memory workspace (`/home/ubuntu` in the bash filesystem)
 * and its persisted copy in the `files` table in step: loads it once, then after every
 * action writes only what changed (by size and modification time), in one transaction.
 */
export class WorkspaceSync {
  private seen = new Map<string, Seen>();
  /** When the last scan ran: entries modified since could share its millisecond, so they are rewritten. */
  private scannedAt = 0;

  constructor(
    private readonly conversationId: string,
    private readonly fs: InMemoryFs,
    private readonly repository: WorkspaceRepository,
    private readonly limitBytes: number,
  ) {}

  /** Copies the persisted workspace into the filesystem. */
  async load(): Promise<void> {
    await this.fs.mkdir(WORKSPACE_ROOT, { recursive: true });
    for (const file of await this.repository.list(this.conversationId)) {
      const path = `${PREFIX}${file.path}`;
      if (file.kind === 'directory') {
        await this.fs.mkdir(path, { recursive: true });
      } else {
        this.fs.writeFileSync(path, file.content, undefined, { mtime: new Date(file.modifiedAt) });
      }
    }
    this.seen = await this.scan();
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
    const changed = [...changes.writes.map((file) => file.path), ...changes.deletes];
    if (changed.length === 0) return [];
    try {
      await this.repository.apply(this.conversationId, changes, this.limitBytes);
    } catch (error) {
      await this.restore(changed);
      throw error;
    }
    this.seen = current;
    return changed;
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
    for (const path of paths.sort().reverse()) {
      const saved = await this.repository.read(this.conversationId, path);
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
      const stat = await this.fs.lstat(absolute);
      if (stat.isSymbolicLink) continue;
      entries.set(absolute.slice(PREFIX.length), {
        kind: stat.isDirectory ? 'directory' : 'file',
        size: stat.isDirectory ? 0 : stat.size,
        modifiedAt: stat.mtime.getTime(),
      });
    }
    return entries;
  }
}
