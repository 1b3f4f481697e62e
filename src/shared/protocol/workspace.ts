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

/** The agent's home: each conversation's workspace, the only folder kept between runs. */
export const WORKSPACE_ROOT = '/home/ubuntu';

/**
 * The workspace path (relative to `/home/ubuntu`, as the `files` table keys it) of a path
 * the agent used, or null when it points outside the workspace. Relative paths are taken
 * from `/home/ubuntu`, the shell's starting folder; `.` and `..` are resolved.
 */
export function workspacePathOf(path: string): string | null {
  const trimmed = path.trim();
  if (trimmed === '') return null;
  const absolute = trimmed.startsWith('/') ? trimmed : `${WORKSPACE_ROOT}/${trimmed}`;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const [home, user, ...rest] = parts;
  if (home !== 'home' || user !== 'ubuntu' || rest.length === 0) return null;
  return rest.join('/');
}

/** The last segment of a path (trailing slashes aside), or the whole string when it has none. */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || path;
}

/**
 * Where the service worker serves a workspace file, relative to the app's scope:
 * `preview/<conversation>/<path>` (the inverse of the service worker's `parsePreviewUrl`).
 */
export function previewPath(conversationId: string, workspacePath: string): string {
  const segments = workspacePath.split('/').filter((segment) => segment !== '');
  return `preview/${[conversationId, ...segments].map(encodeURIComponent).join('/')}`;
}
