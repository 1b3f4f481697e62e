import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import { SandboxError, type SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { SavedFile, WorkspacePort } from './workspace-files-port.ts';

/**
 * The workspace port over the conversation's sandbox, which persists every write and
 * refuses one past the workspace's size limit (writing nothing). Paths must be absolute
 * and under `/home/ubuntu`, the only folder kept between runs.
 */
export function createWorkspaceFiles(
  openSandbox: () => Promise<SandboxPort>,
  /** Applied to what is saved (a run replaces its keys); identity by default. */
  redact: (content: string | Uint8Array) => string | Uint8Array = (content) => content,
  /** Applied to every path, as the run's sandbox does (a file named after a key the model sent); identity by default. */
  redactPath: (path: string) => string = (path) => path,
): WorkspacePort {
  const pathOf = (given: string) => requireWorkspacePath(redactPath(given));
  return {
    async save(given: string, data: string | Uint8Array): Promise<SavedFile> {
      const sandbox = await openSandbox();
      const [path, content] = [pathOf(given), redact(data)];
      await sandbox.writeFile(path, content);
      const size =
        typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength;
      return { path, size, mime: mimeForPath(path) };
    },
    async read(path: string): Promise<Uint8Array> {
      return (await openSandbox()).readFile(pathOf(path));
    },
    async exists(path: string): Promise<boolean> {
      const stat = await (await openSandbox()).stat(pathOf(path));
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
