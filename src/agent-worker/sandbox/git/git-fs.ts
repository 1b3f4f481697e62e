import type { IFileSystem } from 'just-bash';

/** An error with the Node-style `code` isomorphic-git looks for (ENOENT, EEXIST, ENOTDIR…). */
function codedError(error: unknown, path: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    /ENOENT|no such file/i.exec(message) !== null
      ? 'ENOENT'
      : /EEXIST|already exists/i.exec(message) !== null
        ? 'EEXIST'
        : /ENOTDIR|not a directory/i.exec(message) !== null
          ? 'ENOTDIR'
          : /ENOTEMPTY|not empty/i.exec(message) !== null
            ? 'ENOTEMPTY'
            : 'EIO';
  return Object.assign(new Error(`${code}: ${message} (${path})`), { code });
}

/** Runs `work`, turning the shell filesystem's errors into coded ones. */
async function coded<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw codedError(error, path);
  }
}

/** A Node-like stats object from the shell filesystem's. */
function statsOf(stat: Awaited<ReturnType<IFileSystem['stat']>>) {
  const mtimeMs = stat.mtime.getTime();
  return {
    isFile: () => stat.isFile,
    isDirectory: () => stat.isDirectory,
    isSymbolicLink: () => stat.isSymbolicLink,
    mode: stat.mode,
    size: stat.size,
    mtimeMs,
    ctimeMs: mtimeMs,
    mtime: stat.mtime,
    ctime: stat.mtime,
    uid: 1000,
    gid: 1000,
    dev: 1,
    ino: 0,
  };
}

/**
 * The virtual shell's filesystem as isomorphic-git wants it (the `fs.promises` shape of
 * Node's API): what `git` reads and writes in the sandbox is the conversation's
 * workspace itself, saved with everything else after the command.
 */
export function gitFileSystem(fs: IFileSystem) {
  return {
    promises: {
      readFile: (path: string, options?: { encoding?: string } | string) =>
        coded(path, async () => {
          const encoding = typeof options === 'string' ? options : options?.encoding;
          return encoding ? fs.readFile(path) : fs.readFileBuffer(path);
        }),
      writeFile: (path: string, data: string | Uint8Array) => coded(path, () => fs.writeFile(path, data)),
      unlink: (path: string) => coded(path, () => fs.rm(path)),
      readdir: (path: string) => coded(path, () => fs.readdir(path)),
      mkdir: (path: string) =>
        coded(path, async () => {
          if (await fs.exists(path)) throw new Error('EEXIST: already exists');
          await fs.mkdir(path);
        }),
      rmdir: (path: string) => coded(path, () => fs.rm(path, { recursive: false })),
      stat: (path: string) => coded(path, async () => statsOf(await fs.stat(path))),
      lstat: (path: string) => coded(path, async () => statsOf(await fs.lstat(path))),
      readlink: (path: string) => coded(path, () => fs.readlink(path)),
      symlink: (target: string, path: string) => coded(path, () => fs.symlink(target, path)),
      chmod: (path: string, mode: number) => coded(path, () => fs.chmod(path, mode)),
    },
  };
}
