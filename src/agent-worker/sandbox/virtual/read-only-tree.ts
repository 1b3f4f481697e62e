import { InMemoryFs } from 'just-bash';
import type { KnowHowFile } from '@/shared/protocol/know-how.ts';

/**
 * An in-memory filesystem filled once and then sealed: every later write, move, removal or
 * metadata change throws EROFS, as a read-only mount does, so a shell command or a file
 * tool that tries gets a clear error and nothing changes. Mounted inside the workspace
 * by `MountableFs`, it is never seen by the workspace's sync, so none of it is saved.
 */
export class ReadOnlyTree extends InMemoryFs {
  private isSealed = false;

  constructor(
    private readonly mountPoint: string,
    files: readonly KnowHowFile[],
  ) {
    super();
    for (const file of files) this.writeFileSync(`/${file.path}`, file.bytes);
    this.isSealed = true;
  }

  override writeFileSync(...args: Parameters<InMemoryFs['writeFileSync']>): void {
    this.refuse(args[0]);
    super.writeFileSync(...args);
  }

  override writeFileLazy(...args: Parameters<InMemoryFs['writeFileLazy']>): void {
    this.refuse(args[0]);
    super.writeFileLazy(...args);
  }

  override writeFile(...args: Parameters<InMemoryFs['writeFile']>): Promise<void> {
    return this.refused(args[0]) ?? super.writeFile(...args);
  }

  override appendFile(...args: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    return this.refused(args[0]) ?? super.appendFile(...args);
  }

  override mkdir(...args: Parameters<InMemoryFs['mkdir']>): Promise<void> {
    return this.refused(args[0]) ?? super.mkdir(...args);
  }

  override mkdirSync(...args: Parameters<InMemoryFs['mkdirSync']>): void {
    // Filling the tree makes its folders; afterwards a folder is as read-only as a file.
    this.refuse(args[0]);
    super.mkdirSync(...args);
  }

  override rm(...args: Parameters<InMemoryFs['rm']>): Promise<void> {
    return this.refused(args[0]) ?? super.rm(...args);
  }

  override cp(...args: Parameters<InMemoryFs['cp']>): Promise<void> {
    return this.refused(args[1]) ?? super.cp(...args);
  }

  override mv(...args: Parameters<InMemoryFs['mv']>): Promise<void> {
    return this.refused(args[0]) ?? super.mv(...args);
  }

  override chmod(...args: Parameters<InMemoryFs['chmod']>): Promise<void> {
    return this.refused(args[0]) ?? super.chmod(...args);
  }

  override symlink(...args: Parameters<InMemoryFs['symlink']>): Promise<void> {
    return this.refused(args[1]) ?? super.symlink(...args);
  }

  override link(...args: Parameters<InMemoryFs['link']>): Promise<void> {
    return this.refused(args[1]) ?? super.link(...args);
  }

  override utimes(...args: Parameters<InMemoryFs['utimes']>): Promise<void> {
    return this.refused(args[0]) ?? super.utimes(...args);
  }

  private refused(path: string): Promise<never> | null {
    try {
      this.refuse(path);
      return null;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private refuse(path: string): void {
    if (!this.isSealed) return;
    const shown = `${this.mountPoint}${path.startsWith('/') ? path : `/${path}`}`.replace(/\/$/, '');
    throw new Error(`EROFS: read-only file system, '${shown}'`);
  }
}
