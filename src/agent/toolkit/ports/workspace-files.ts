import { mimeForPath } from '../../../protocol/mime-types.ts';
import { SandboxError, type SandboxPort } from '../../../protocol/ports/sandbox.ts';
import type { SavedFile, WorkspacePort } from '../../../protocol/ports/workspace-files.ts';
import { WORKSPACE_ROOT } from '../../../protocol/workspace.ts';

/**
 * The workspace port over the conversation's sandbox, which persists every write and
 * refuses one past the workspace's size limit (writing nothing). Paths must be absolute
 * and under `/home/ubuntu`, the only folder kept between runs.
 */
export function createWorkspaceFiles(
  openSandbox: () => Promise<SandboxPort>,
  /** Applied to what is saved (a run replaces its keys); identity by default. */
  redact: (content: string | Uint8Array) => string | Uint8Array = (content) => content,
): WorkspacePort {
  return {
    async save(path: string, given: string | Uint8Array): Promise<SavedFile> {
      const sandbox = await openSandbox();
      const content = redact(given);
      await sandbox.writeFile(requireWorkspacePath(path), content);
      const size =
        typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength;
      return { path, size, mime: mimeForPath(path) };
    },
    async read(path: string): Promise<Uint8Array> {
      return (await openSandbox()).readFile(requireWorkspacePath(path));
    },
    async exists(path: string): Promise<boolean> {
      const stat = await (await openSandbox()).stat(requireWorkspacePath(path));
      return stat?.kind === 'file';
    },
  };
}

function requireWorkspacePath(path: string): string {
  if (!path.startsWith(`${WORKSPACE_ROOT}/`) || path.split('/').includes('..')) {
    throw new SandboxError(
      'outside_workspace',
      `${path} is outside the workspace; files are kept under ${WORKSPACE_ROOT}/.`,
    );
  }
  return path;
}
