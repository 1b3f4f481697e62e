import type { SnapshotExclusions } from '@/shared/protocol/node-runtime-messages.ts';
import { SandboxError } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { requireAbsolutePath } from '../sandbox-paths.ts';

/**
 * What is never synced back to the `files` table nor counted against the workspace
 * limit: `node_modules` at any depth (npm reinstalls it; it is large and rebuilt from
 * package.json) and the tool caches that land in the home directory.
 */
export const SYNC_EXCLUSIONS: SnapshotExclusions = {
  namesAnywhere: ['node_modules'],
  namesAtRoot: ['.npm', '.cache'],
};

/** Where conversations' workspaces live inside the container, relative to its workdir. */
const CONVERSATIONS_DIRECTORY = 'conversations';

/** `/home/ubuntu` as a whole path segment in a command (not `/home/ubuntu2`). */
const WORKSPACE_ROOT_IN_TEXT = /\/home\/ubuntu(?![\w.-])/g;

/**
 * Maps one conversation's workspace between the agent's view (`/home/ubuntu/…`) and
 * the container (`<workdir>/conversations/<id>/…`). Relative paths are relative to the
 * workspace root, without a leading slash ('' is the root itself).
 */
export class WorkspacePaths {
  /** The workspace root relative to the container's workdir (what the fs API and spawn take). */
  readonly root: string;
  /** The workspace root as processes in the container see it. */
  readonly absoluteRoot: string;

  constructor(conversationId: string, workdir: string) {
    if (!/^[A-Za-z0-9_-]+$/.test(conversationId)) {
      throw new Error(`A conversation id cannot name a directory: ${conversationId}`);
    }
    this.root = `${CONVERSATIONS_DIRECTORY}/${conversationId}`;
    this.absoluteRoot = `${workdir.replace(/\/+$/, '')}/${this.root}`;
  }

  /** The workspace-relative path of an absolute agent path; refuses paths outside the workspace. */
  toRelative(agentPath: string): string {
    const normalized = requireAbsolutePath(agentPath);
    if (normalized === WORKSPACE_ROOT) return '';
    if (!normalized.startsWith(`${WORKSPACE_ROOT}/`)) {
      throw new SandboxError(
        'outside_workspace',
        `The Node runtime keeps files in ${WORKSPACE_ROOT}; ${normalized} is outside it.`,
      );
    }
    return normalized.slice(WORKSPACE_ROOT.length + 1);
  }

  /** The container path (relative to its workdir) of a workspace-relative path. */
  toContainer(relative: string): string {
    return relative === '' ? this.root : `${this.root}/${relative}`;
  }

  /** The agent's absolute path of a workspace-relative path. */
  toAgent(relative: string): string {
    return relative === '' ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}/${relative}`;
  }

  /**
   * A command as the container must run it: every `/home/ubuntu` path becomes the
   * conversation's directory. (Text that names the path for another reason is rewritten
   * too; the output translation turns it back.)
   */
  translateCommand(command: string): string {
    return command.replace(WORKSPACE_ROOT_IN_TEXT, this.absoluteRoot);
  }

  /** A translator for one process's output, turning container paths back into `/home/ubuntu`. */
  outputTranslator(): OutputTranslator {
    return new OutputTranslator(this.absoluteRoot, WORKSPACE_ROOT);
  }
}

/** Whether a workspace-relative path is left out of sync-back and the size limit. */
export function isExcludedFromSync(relative: string): boolean {
  const names = relative.split('/');
  return (
    names.some((name) => SYNC_EXCLUSIONS.namesAnywhere.includes(name)) ||
    SYNC_EXCLUSIONS.namesAtRoot.includes(names[0] ?? '')
  );
}

/**
 * Replaces one string with another in a stream of chunks, including occurrences split
 * across chunks: a chunk's tail that could be the start of `from` is held back until the
 * next chunk (or `end`).
 */
export class OutputTranslator {
  private held = '';

  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {}

  push(chunk: string): string {
    const text = this.held + chunk;
    let translated = '';
    let index = 0;
    for (let found = text.indexOf(this.from); found >= 0; found = text.indexOf(this.from, index)) {
      translated += text.slice(index, found) + this.to;
      index = found + this.from.length;
    }
    const rest = text.slice(index);
    const keep = partialMatchLength(rest, this.from);
    this.held = rest.slice(rest.length - keep);
    return translated + rest.slice(0, rest.length - keep);
  }

  /** Whatever was held back, once the stream has ended. */
  end(): string {
    const rest = this.held.replaceAll(this.from, this.to);
    this.held = '';
    return rest;
  }
}

/** The length of the longest proper prefix of `target` that `text` ends with. */
function partialMatchLength(text: string, target: string): number {
  for (let length = Math.min(target.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(target.slice(0, length))) return length;
  }
  return 0;
}
