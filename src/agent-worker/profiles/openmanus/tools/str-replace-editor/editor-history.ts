import { SandboxError, type SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** Where the editor keeps each file's earlier versions: a workspace folder, so a reload keeps them. */
export const UNDO_FOLDER = `${WORKSPACE_ROOT}/.sandpiper/undo`;
/** Versions kept per file; the oldest is dropped past this (whole copies count against the workspace). */
export const MAX_VERSIONS_PER_FILE = 20;

/** The history file of `path`: the path mirrored under the undo folder (`…/undo/home/ubuntu/a.py.json`). */
export function historyPathOf(path: string): string {
  return `${UNDO_FOLDER}${path}.json`;
}

async function readVersions(sandbox: SandboxPort, path: string): Promise<string[]> {
  let text: string;
  try {
    text = await sandbox.readText(historyPathOf(path));
  } catch (error) {
    if (error instanceof SandboxError && error.kind === 'not_found') return [];
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * The editor's per-file history (OpenManus' `_file_history`), persisted: `push` records
 * a version, `pop` takes the last one back (undefined when there is none).
 */
export const editorHistory = {
  async push(sandbox: SandboxPort, path: string, content: string): Promise<void> {
    const versions = [...(await readVersions(sandbox, path)), content].slice(-MAX_VERSIONS_PER_FILE);
    await sandbox.writeFile(historyPathOf(path), JSON.stringify(versions));
  },

  async pop(sandbox: SandboxPort, path: string): Promise<string | undefined> {
    const versions = await readVersions(sandbox, path);
    const last = versions.pop();
    if (last === undefined) return undefined;
    await sandbox.writeFile(historyPathOf(path), JSON.stringify(versions));
    return last;
  },
};
