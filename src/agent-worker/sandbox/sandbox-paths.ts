import { SandboxError } from '../../shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '../../shared/protocol/workspace.ts';
import { WorkspaceFullError } from '../../shared/storage/workspace-repository.ts';

/** An absolute path with `.`, `..` and repeated slashes resolved (`..` stops at the root). */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** `path` normalised; a relative path is refused with an example of an absolute one. */
export function requireAbsolutePath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed.startsWith('/')) {
    throw new SandboxError(
      'not_found',
      `Paths must be absolute (for example ${WORKSPACE_ROOT}/notes.md); got "${path}".`,
    );
  }
  return normalizePath(trimmed);
}

/** Characters a new file's name may not hold: controls, bidirectional overrides and isolates, broken surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const UNSAFE_NAME = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/u;

/**
 * An absolute path for something to be created (a file written, a folder made, a rename's
 * target), refused when it holds characters that would hide or fake a name where it is
 * shown (a right-to-left override that shows `exe.txt` for a file named `txt.exe`, a NUL,
 * a broken surrogate). Existing files are read whatever their names.
 */
export function requireCreatablePath(path: string): string {
  const absolute = requireAbsolutePath(path);
  const tooLong = nameTooLong(absolute);
  if (tooLong) throw new SandboxError('unsupported', tooLong);
  // In `u` mode a surrogate pair is one code point: only a broken (lone) surrogate matches.
  if (UNSAFE_NAME.test(absolute)) {
    throw new SandboxError(
      'unsupported',
      `A file name cannot hold control characters, bidirectional overrides or broken characters: ${JSON.stringify(absolute)}.`,
    );
  }
  return absolute;
}

/** Linux's limits, which every tool and archive format the workspace meets can hold (a zip entry's name: 64 KB). */
const NAME_MAX_BYTES = 255;
const PATH_MAX_BYTES = 4096;

/**
 * Why a path is too long to create (a name over 255 bytes, or the whole over 4,096, as
 * Linux refuses with ENAMETOOLONG), or null. Found by the runtime fuzz: a file named with
 * a megabyte could be written, and then its conversation could not be exported.
 */
export function nameTooLong(path: string): string | null {
  // Every write passes here: a path of at most 85 UTF-16 units is at most 255 bytes, never encoded.
  if (path.length * 3 <= NAME_MAX_BYTES) return null;
  const bytes = (text: string) => new TextEncoder().encode(text).byteLength;
  const shown = path.length > 80 ? `${path.slice(0, 80)}…` : path;
  if (bytes(path) > PATH_MAX_BYTES)
    return `File name too long: a path may hold at most ${PATH_MAX_BYTES} bytes (${shown}).`;
  if (path.split('/').some((name) => bytes(name) > NAME_MAX_BYTES))
    return `File name too long: a file or folder name may hold at most ${NAME_MAX_BYTES} bytes (${shown}).`;
  return null;
}

/**
 * Runs a sandbox's workspace saves one at a time (each after the previous settled),
 * reports the paths each one changed, and turns a full workspace into the sandbox's error.
 */
export class FlushQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly save: () => Promise<string[]>,
    private readonly onChanged: (paths: string[]) => void,
  ) {}

  flush(): Promise<void> {
    const next = this.tail.then(async () => {
      try {
        const paths = await this.save();
        if (paths.length > 0) this.onChanged(paths);
      } catch (error) {
        if (error instanceof WorkspaceFullError) throw new SandboxError('workspace_full', error.message);
        throw error;
      }
    });
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * `absolute` unless it lies in one of the read-only mounts (installed skills, a project's
 * files), is one, or holds one: a write, move or removal there is refused with a reason.
 */
export function requireOutsideMounts(absolute: string, mountPoints: readonly string[]): string {
  const mount = mountPoints.find(
    (root) => absolute === root || absolute.startsWith(`${root}/`) || root.startsWith(`${absolute}/`),
  );
  if (mount === undefined) return absolute;
  throw new SandboxError(
    'read_only',
    `${absolute} is read-only: ${mount} is mounted from what Sandpiper keeps outside this conversation (an installed skill or the project's files). Copy what you need elsewhere in the workspace to change it.`,
  );
}
