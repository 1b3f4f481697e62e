import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** Folders of a project where a built or static site's `index.html` usually is, in order. */
const SITE_FOLDERS = ['', 'dist', 'public', 'build'];

/**
 * The folder of the static site the virtual sandbox can preview for `expose`: the most
 * recently changed project under `/home/ubuntu` with an `index.html` (at its top, or in
 * `dist/`, `public/` or `build/`), else the workspace root when it has one; null when
 * there is none.
 */
export async function latestStaticSite(sandbox: SandboxPort): Promise<string | null> {
  const entries = await sandbox.list(WORKSPACE_ROOT);
  const projects = entries
    .filter((entry) => entry.kind === 'directory' && !entry.path.split('/').pop()?.startsWith('.'))
    .sort((a, b) => b.modifiedAt - a.modifiedAt);
  for (const project of projects) {
    for (const folder of SITE_FOLDERS) {
      const site = folder ? `${project.path}/${folder}` : project.path;
      if ((await sandbox.stat(`${site}/index.html`))?.kind === 'file') return site;
    }
  }
  return (await sandbox.stat(`${WORKSPACE_ROOT}/index.html`))?.kind === 'file' ? WORKSPACE_ROOT : null;
}
