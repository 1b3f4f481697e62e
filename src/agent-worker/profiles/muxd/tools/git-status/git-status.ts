import { z } from 'zod';
import { defineTool, type ToolContext, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** Seed 004: the output is truncated at 50 KB. */
export const GIT_STATUS_CAP_BYTES = 50 * 1024;

export const GitStatusParameters = z.object({
  path: z.string().optional().describe('Directory path (default: current working directory)'),
});

/** A path as one shell word. */
function quoted(path: string): string {
  return `'${path.replaceAll("'", `'\\''`)}'`;
}

/**
 * muxd's `git_status`: `git status -s` in a folder of the workspace (the sandbox's `git`,
 * isomorphic-git over the workspace), stdout and stderr together, at most 50 KB. Read-only.
 */
export const gitStatusTool = defineTool({
  name: 'git_status',
  description: 'Get the git status of the current repository.',
  metaKind: null,
  parameters: GitStatusParameters,
  label: fixedTarget('check', 'git status'),
  effect: 'reads',
  execute: (params, context) => gitStatus(params.path, context),
});

async function gitStatus(path: string | undefined, context: ToolContext): Promise<ToolOutcome> {
  const sandbox = await context.sandbox();
  const folder = path === undefined || path.trim() === '' ? '.' : path.trim();
  const result = await sandbox.exec(
    'git_status',
    `cd ${WORKSPACE_ROOT} && git -C ${quoted(folder)} status -s`,
    {
      timeoutSeconds: 30,
      signal: context.signal,
    },
  );
  const combined = result.stdout + result.stderr;
  const bytes = new TextEncoder().encode(combined);
  const output =
    bytes.byteLength > GIT_STATUS_CAP_BYTES
      ? `${new TextDecoder().decode(bytes.slice(0, GIT_STATUS_CAP_BYTES)).replace(/\uFFFD$/, '')}\n… [truncated at 50 KB]`
      : combined;
  const meta = { path: folder, exit_code: result.exitCode };
  if (result.exitCode !== 0)
    return { status: 'error', kind: 'execution', message: output || 'git status failed.', meta };
  return { status: 'success', content: output === '' ? '(clean: nothing to commit)' : output, meta };
}
