import type { FileStat, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';

/** What a walk does with a directory: go in, or skip it and all below. */
export type WalkDecision = 'enter' | 'skip';

/**
 * Go's `filepath.WalkDir` over the sandbox: `visit` hears the root, then every entry in
 * lexical order, depth first; returning `skip` for a directory leaves it out, and `stop`
 * ends the walk. Entries that cannot be listed are passed over, as muxd ignores walk errors.
 */
export async function walkDir(
  sandbox: SandboxPort,
  root: FileStat,
  visit: (entry: FileStat) => Promise<WalkDecision | 'stop'> | WalkDecision | 'stop',
): Promise<boolean> {
  const decision = await visit(root);
  if (decision === 'stop') return false;
  if (root.kind !== 'directory' || decision === 'skip') return true;
  let entries: FileStat[];
  try {
    entries = await sandbox.list(root.path);
  } catch {
    return true;
  }
  entries.sort((first, second) => compareBytes(baseName(first.path), baseName(second.path)));
  for (const entry of entries) {
    if (!(await walkDir(sandbox, entry, visit))) return false;
  }
  return true;
}

/** The last element of a path. */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || '/';
}

/** Byte order of two strings, as Go sorts them. */
export function compareBytes(first: string, second: string): number {
  const encoder = new TextEncoder();
  const left = encoder.encode(first);
  const right = encoder.encode(second);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return left.length - right.length;
}
