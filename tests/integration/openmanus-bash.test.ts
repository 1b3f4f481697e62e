import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { BASH_TEXTS, bashTool } from '../../src/agent-worker/profiles/openmanus/tools/bash/bash.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import type { ExecOptions, ExecResult, SandboxPort } from '../../src/shared/protocol/ports/sandbox-port.ts';
import { ShellMeta } from '../../src/shared/protocol/tool-meta/shell-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * OpenManus' `bash` through the real tool: over a real virtual sandbox (one persistent
 * session, `restart`, `ctrl+c`), and over a sandbox whose command never returns, for
 * the 120 s limit and OpenManus' timeout text.
 */

let sandbox: SandboxPort;

beforeEach(async () => {
  const database = new SandpiperDatabase(`openmanus-bash-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 5_000_000,
  });
});

async function bash(args: Record<string, unknown>): Promise<ToolOutcome> {
  const prepared = bashTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
}
const meta = (outcome: ToolOutcome) => ShellMeta.parse(outcome.meta);

describe('bash over the virtual sandbox', () => {
  it('keeps one session: its working directory stays between calls until `restart`', async () => {
    const made = await bash({ command: 'mkdir -p work && cd work && echo made > note.txt && pwd' });
    expect(made).toMatchObject({
      status: 'success',
      content: 'The command exited with code 0; its output is in `stdout` and `stderr`.',
    });
    expect(meta(made)).toMatchObject({ session: 'bash', exit_code: 0, stdout: '/home/ubuntu/work\n' });
    expect(meta(await bash({ command: 'cat note.txt' })).stdout).toBe('made\n');
    const failed = await bash({ command: 'cat missing.txt' });
    expect(meta(failed)).toMatchObject({ exit_code: 1 });
    expect(meta(failed).stderr).toContain('missing.txt');

    expect(await bash({ command: '', restart: true })).toMatchObject({
      status: 'success',
      content: BASH_TEXTS.restarted,
    });
    expect(BASH_TEXTS.restarted).toBe('tool has been restarted.');
    expect(meta(await bash({ command: 'pwd' })).stdout).toBe('/home/ubuntu\n');
  });

  it('answers OpenManus’ text when no command is given and nothing runs', async () => {
    expect(await bash({})).toMatchObject({ status: 'error', message: 'no command provided.' });
    expect(await bash({ command: '' })).toMatchObject({ status: 'error', message: BASH_TEXTS.noCommand });
  });
});

/** A sandbox whose command runs until it is killed, recording how it was asked to run. */
function stuckSandbox() {
  const calls: { command: string; options?: ExecOptions }[] = [];
  let isRunning = false;
  const running = (): ExecResult => ({ session: 'bash', exitCode: null, stdout: '', stderr: '', isRunning });
  const port = {
    kind: 'virtual',
    exec: async (_session: string, command: string, options?: ExecOptions) => {
      calls.push({ command, options });
      isRunning = true;
      return running();
    },
    view: async () => running(),
    wait: async () => running(),
    kill: async () => {
      isRunning = false;
      return { session: 'bash', exitCode: 130, stdout: 'partial\n', stderr: '', isRunning: false };
    },
    send: async () => {
      throw new Error('This sandbox takes no input.');
    },
  } as unknown as SandboxPort;
  return { port, calls };
}

describe('bash at its limit', () => {
  it('waits 120 s, then answers OpenManus’ timeout text; ctrl+c stops the command', async () => {
    const stuck = stuckSandbox();
    sandbox = stuck.port;
    const outcome = await bash({ command: 'sleep 1000' });
    expect(stuck.calls[0]?.options?.timeoutSeconds).toBe(120);
    expect(outcome).toMatchObject({
      status: 'error',
      kind: 'timeout',
      message: 'timed out: bash has not returned in 120.0 seconds and must be restarted',
    });
    expect(meta(outcome)).toMatchObject({ exit_code: -1, is_running: true, command: 'sleep 1000' });
    expect(await bash({ command: '' })).toMatchObject({ status: 'error', kind: 'timeout' });
    const stopped = await bash({ command: 'ctrl+c' });
    expect(stopped).toMatchObject({ status: 'success' });
    expect(meta(stopped)).toMatchObject({ exit_code: 130, stdout: 'partial\n', is_running: false });
  });
});
