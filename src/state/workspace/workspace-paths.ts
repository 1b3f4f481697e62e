/** The agent's home: the only folder persisted as the conversation's workspace. */
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

/** The last segment of a path. */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || trimmed;
}
