import { WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';

/**
 * A path as a step row shows it: relative to the home folder when it is inside it, split
 * into the folder part (which may be shortened on a narrow screen) and the file name
 * (which never is). `directory` ends with `/` or is empty.
 */
export type DisplayPath = { directory: string; name: string };

/**
 * `/home/ubuntu/notes-app/index.html` → `notes-app/` + `index.html`; a relative path is
 * taken from the home folder (as the shell starts there); a path outside it stays whole;
 * the home folder itself is `~`. A trailing slash (a folder) stays with its name.
 */
export function displayPath(path: string): DisplayPath {
  const trimmed = path.trim();
  const isHome = trimmed.replace(/\/+$/, '') === WORKSPACE_ROOT;
  if (isHome) return { directory: '', name: '~' };
  // Only absolute paths into the home folder are rewritten: `..` or `.` in a relative one (a glob, a scope) stay.
  const inside = trimmed.startsWith(`${WORKSPACE_ROOT}/`) ? workspacePathOf(trimmed) : null;
  const shown = inside === null ? trimmed : `${inside}${trimmed.endsWith('/') ? '/' : ''}`;
  const withoutSlash = shown.replace(/\/+$/, '');
  const cut = withoutSlash.lastIndexOf('/');
  if (cut < 0 || withoutSlash === '') return { directory: '', name: shown };
  return { directory: shown.slice(0, cut + 1), name: shown.slice(cut + 1) };
}

/** Every `/home/ubuntu/…` in a line of text written relative to the home folder (`/home/ubuntu` alone: `~`). */
export function withHomeRelativePaths(text: string): string {
  return text.replace(/\/home\/ubuntu(?![\w.-])(\/)?/g, (_match, slash: string | undefined) =>
    slash ? '' : '~',
  );
}
