import { z } from 'zod';

/** One persisted workspace entry; `path` is relative to `/home/ubuntu`, without a leading slash. */
export const WorkspaceFile = z.object({
  conversationId: z.string().min(1),
  path: z.string().min(1),
  kind: z.enum(['file', 'directory']),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'content must be bytes'),
  size: z.number().int().nonnegative(),
  modifiedAt: z.number(),
});
export type WorkspaceFile = z.infer<typeof WorkspaceFile>;

/** A default workspace size limit per conversation: 200 MiB. */
export const DEFAULT_WORKSPACE_LIMIT_BYTES = 200 * 1024 * 1024;

/**
 * Normalises a path to its form relative to the workspace root: resolves `.` and `..`,
 * accepts `/home/ubuntu/...`, `~/...` and relative paths, and returns null for anything
 * that escapes the workspace.
 */
export function toWorkspacePath(path: string): string | null {
  let rest = path.trim();
  if (rest === '~' || rest === '/home/ubuntu') return '';
  if (rest.startsWith('~/')) rest = rest.slice(2);
  else if (rest.startsWith('/home/ubuntu/')) rest = rest.slice('/home/ubuntu/'.length);
  else if (rest.startsWith('/')) return null;
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join('/');
}
