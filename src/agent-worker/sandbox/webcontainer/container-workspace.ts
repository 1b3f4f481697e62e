import { sameBytes } from '@/shared/protocol/bytes.ts';
import type { ReadOnlyMount } from '@/shared/protocol/know-how.ts';
import type { TreeEntry } from '@/shared/protocol/node-runtime-messages.ts';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import type { WorkspaceChanges, WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import type { NodeRuntimeConnection } from './node-runtime-connection.ts';
import { isExcludedFromSync, SYNC_EXCLUSIONS, type WorkspacePaths } from './workspace-paths.ts';

/** What the `files` table holds for one path, as last saved. */
type Saved = { kind: 'file' | 'directory'; content: Uint8Array; modifiedAt: number };

/**
 * Keeps a conversation's directory in the container and its `files` rows (the source
 * of truth) in step: mounts the rows into the container when the sandbox opens, and
 * after every action snapshots the directory (without `node_modules` and home caches,
 * see `SYNC_EXCLUSIONS`), compares it with what was saved and writes the difference in
 * one transaction. Over the size limit the container is put back as it was saved.
 */
export class ContainerWorkspace {
  private saved = new Map<string, Saved>();

  constructor(
    private readonly conversationId: string,
    private readonly paths: WorkspacePaths,
    private readonly connection: NodeRuntimeConnection,
    private readonly repository: WorkspaceRepository,
    private readonly limitBytes: number,
    /** Read-only trees (installed skills, project files) written into the container but never saved. */
    private readonly mounts: readonly ReadOnlyMount[] = [],
  ) {}

  private holdsMount(relative: string): boolean {
    return this.mounts.some((mount) => this.paths.toRelative(mount.mountPoint).startsWith(`${relative}/`));
  }

  /** True for a path (relative to the workspace) inside a mount: never saved, never deleted from the rows. */
  private isMounted(relative: string): boolean {
    return this.mounts.some((mount) => {
      const root = this.paths.toRelative(mount.mountPoint);
      return relative === root || relative.startsWith(`${root}/`);
    });
  }

  /**
   * Mounts the saved workspace into the container. Entries the directory still holds
   * from earlier in this page's life that were since deleted are removed; excluded
   * directories such as `node_modules` are left in place.
   */
  async load(): Promise<void> {
    const rows = await this.repository.list(this.conversationId);
    this.saved = new Map(
      rows
        .filter((row) => !isExcludedFromSync(row.path) && !this.isMounted(row.path))
        .map((row) => [row.path, { kind: row.kind, content: row.content, modifiedAt: row.modifiedAt }]),
    );
    await this.connection.mount(
      this.paths.root,
      rows.map((row): TreeEntry => ({ path: row.path, kind: row.kind, content: row.content })),
    );
    const kept = new Set(this.saved.keys());
    for (const path of this.saved.keys()) for (const ancestor of ancestorsOf(path)) kept.add(ancestor);
    const stale = (await this.snapshot()).filter((entry) => !kept.has(entry.path));
    await this.removeAll(stale.map((entry) => entry.path));
    // The container cannot make them read-only: written afresh at every open, changes there are never saved.
    // What a command changed or added there, or a file since removed from the project, goes.
    for (const mount of this.mounts) {
      const target = this.paths.toContainer(this.paths.toRelative(mount.mountPoint));
      await this.connection.remove(target, { isRecursive: true }).catch(() => undefined);
      await this.connection.mount(
        target,
        mount.files.map((file): TreeEntry => ({ path: file.path, kind: 'file', content: file.bytes })),
      );
    }
  }

  /** Bytes the saved workspace holds (every action syncs, so this is current). */
  usedBytes(): number {
    let total = 0;
    for (const entry of this.saved.values()) total += entry.content.byteLength;
    return total;
  }

  /** When a path was last saved, if it is saved. */
  modifiedAt(relative: string): number | undefined {
    return this.saved.get(relative)?.modifiedAt;
  }

  /**
   * Saves what changed in the container since the last sync; resolves with the changed
   * paths. If the repository refuses (the size limit), the changed paths are put back
   * as saved and the error is rethrown: nothing is left half-written.
   */
  async flush(now: number): Promise<string[]> {
    const current = new Map((await this.snapshot()).map((entry) => [entry.path, entry]));
    const changes: WorkspaceChanges = { writes: [], deletes: [] };
    for (const entry of current.values()) {
      const before = this.saved.get(entry.path);
      if (before && before.kind === entry.kind && sameBytes(before.content, entry.content)) continue;
      changes.writes.push(this.toRow(entry, now));
    }
    for (const path of this.saved.keys()) if (!current.has(path)) changes.deletes.push(path);
    const changed = [...changes.writes.map((row) => row.path), ...changes.deletes];
    if (changed.length === 0) return [];
    try {
      await this.repository.apply(this.conversationId, changes, this.limitBytes);
    } catch (error) {
      await this.restore(changed, current);
      throw error;
    }
    for (const row of changes.writes) {
      this.saved.set(row.path, { kind: row.kind, content: row.content, modifiedAt: row.modifiedAt });
    }
    for (const path of changes.deletes) this.saved.delete(path);
    return changed;
  }

  private async snapshot(): Promise<TreeEntry[]> {
    const entries = await this.connection.snapshot(this.paths.root, SYNC_EXCLUSIONS);
    // The folders a mount made to sit in (`skills`) are not the person's either, unless saved before.
    return entries.filter(
      (entry) => !this.isMounted(entry.path) && (this.saved.has(entry.path) || !this.holdsMount(entry.path)),
    );
  }

  private toRow(entry: TreeEntry, now: number): WorkspaceFile {
    return {
      conversationId: this.conversationId,
      path: entry.path,
      kind: entry.kind,
      content: entry.kind === 'file' ? entry.content : new Uint8Array(0),
      size: entry.kind === 'file' ? entry.content.byteLength : 0,
      modifiedAt: now,
    };
  }

  /** Puts `paths` back to their saved state in the container. */
  private async restore(paths: string[], current: Map<string, TreeEntry>): Promise<void> {
    await this.removeAll(
      paths.filter((path) => {
        const saved = this.saved.get(path);
        return current.has(path) && (!saved || saved.kind !== current.get(path)?.kind);
      }),
    );
    for (const path of [...paths].sort()) {
      const saved = this.saved.get(path);
      if (!saved) continue;
      const target = this.paths.toContainer(path);
      if (saved.kind === 'directory') {
        await this.connection.mkdir(target);
      } else {
        await this.connection.mkdir(this.paths.toContainer(parentOf(path)));
        await this.connection.writeFile(target, saved.content);
      }
    }
  }

  /** Removes each path and what is under it, skipping paths already gone with an ancestor. */
  private async removeAll(paths: string[]): Promise<void> {
    const removed: string[] = [];
    for (const path of [...paths].sort()) {
      if (removed.some((ancestor) => path.startsWith(`${ancestor}/`))) continue;
      await this.connection.remove(this.paths.toContainer(path), { isRecursive: true });
      removed.push(path);
    }
  }
}

/** `a/b/c` → `a`, `a/b`. */
function ancestorsOf(relative: string): string[] {
  const names = relative.split('/');
  return names.slice(0, -1).map((_, index) => names.slice(0, index + 1).join('/'));
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash < 0 ? '' : relative.slice(0, slash);
}
