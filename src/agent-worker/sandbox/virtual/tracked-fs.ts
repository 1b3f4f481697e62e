import { InMemoryFs } from 'just-bash';
import { nameTooLong, normalizePath } from '../sandbox-paths.ts';

/** What changed since the last `takeChanges`: some paths, or possibly anything. */
export type FsChanges = { isEverything: true } | { isEverything: false; paths: Set<string> };

/**
 * just-bash's in-memory filesystem, noting every path a write, move, copy, removal or
 * metadata change touches, so a sync can look at those paths instead of rescanning the
 * whole workspace after each command. It errs on the side of too much: a relative path or
 * a hard link marks everything as changed (the sync also rescans when a noted path runs
 * through a symlink).
 */
export class TrackedFs extends InMemoryFs {
  private changed = new Set<string>();
  private isEverythingChanged = false;
  private isNameLimited = true;

  /** Returns what changed since the last call and starts afresh. */
  takeChanges(): FsChanges {
    const changes: FsChanges = this.isEverythingChanged
      ? { isEverything: true }
      : { isEverything: false, paths: this.changed };
    this.changed = new Set();
    this.isEverythingChanged = false;
    return changes;
  }

  override writeFileSync(...args: Parameters<InMemoryFs['writeFileSync']>): void {
    this.create(args[0]);
    super.writeFileSync(...args);
  }

  override writeFileLazy(...args: Parameters<InMemoryFs['writeFileLazy']>): void {
    this.create(args[0]);
    super.writeFileLazy(...args);
  }

  override writeFile(...args: Parameters<InMemoryFs['writeFile']>): Promise<void> {
    this.create(args[0]);
    return super.writeFile(...args);
  }

  override appendFile(...args: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    this.create(args[0]);
    return super.appendFile(...args);
  }

  override mkdir(...args: Parameters<InMemoryFs['mkdir']>): Promise<void> {
    this.create(args[0]);
    return super.mkdir(...args);
  }

  override mkdirSync(...args: Parameters<InMemoryFs['mkdirSync']>): void {
    this.create(args[0]);
    super.mkdirSync(...args);
  }

  override rm(...args: Parameters<InMemoryFs['rm']>): Promise<void> {
    this.touch(args[0]);
    return super.rm(...args);
  }

  override cp(...args: Parameters<InMemoryFs['cp']>): Promise<void> {
    this.create(args[1]);
    return super.cp(...args);
  }

  override mv(...args: Parameters<InMemoryFs['mv']>): Promise<void> {
    this.touch(args[0]);
    this.create(args[1]);
    return super.mv(...args);
  }

  override chmod(...args: Parameters<InMemoryFs['chmod']>): Promise<void> {
    this.touch(args[0]);
    return super.chmod(...args);
  }

  override symlink(...args: Parameters<InMemoryFs['symlink']>): Promise<void> {
    this.create(args[1]);
    return super.symlink(...args);
  }

  override link(...args: Parameters<InMemoryFs['link']>): Promise<void> {
    // A hard link shares content with its source: writes through either must be seen.
    this.isEverythingChanged = true;
    return super.link(...args);
  }

  override utimes(...args: Parameters<InMemoryFs['utimes']>): Promise<void> {
    this.touch(args[0]);
    return super.utimes(...args);
  }

  /**
   * Runs `work` (copying the saved workspace in, putting paths back) without the name
   * limit: what was saved before the limit existed, or came in a bundle, must still open.
   */
  async withoutNameLimit<T>(work: () => Promise<T>): Promise<T> {
    this.isNameLimited = false;
    try {
      return await work();
    } finally {
      this.isNameLimited = true;
    }
  }

  /** As Linux does: creating a name over 255 bytes or a path over 4,096 fails with ENAMETOOLONG. */
  private refuseLongName(path: string): void {
    const tooLong = this.isNameLimited ? nameTooLong(path) : null;
    if (tooLong) throw Object.assign(new Error(`ENAMETOOLONG: ${tooLong}`), { code: 'ENAMETOOLONG' });
  }

  /** A path something is created at: refused when too long, then noted. */
  private create(path: string): void {
    this.refuseLongName(path);
    this.touch(path);
  }

  private touch(path: string): void {
    if (this.isEverythingChanged) return;
    if (path.startsWith('/')) this.changed.add(normalizePath(path));
    else this.isEverythingChanged = true;
  }
}
