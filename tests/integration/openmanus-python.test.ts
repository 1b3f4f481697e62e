import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPythonExecuteTool,
  PYTHON_EXECUTE_FOLDER,
  pythonExecuteTool,
} from '../../src/agent-worker/profiles/openmanus/tools/python-execute/python-execute.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { Tool, ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { ShellMeta } from '../../src/shared/protocol/tool-meta/shell-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { nodePythonWorkerStarter } from '../fixtures/python/node-python-worker.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * OpenManus' `python_execute` on the sandbox's real Python (Pyodide in a Node worker, as
 * tests/integration/python-shell.test.ts starts it): print output captured, return
 * values not, an exception reported as `str(e)`, and OpenManus' timeout (5 s, or as
 * configured) with its message.
 */

let database: SandpiperDatabase;
let sandbox: VirtualSandbox;

beforeAll(async () => {
  database = new SandpiperDatabase(`openmanus-python-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 5_000_000,
    python: await nodePythonWorkerStarter(),
  });
}, 90_000);

afterAll(async () => {
  await sandbox?.close();
  database?.close();
});

async function python(code: string, tool: Tool = pythonExecuteTool, extra = {}): Promise<ToolOutcome> {
  const prepared = tool.prepare(JSON.stringify({ code, ...extra }));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox, uuid: randomUUID() }));
}

describe('python_execute', () => {
  it('captures print output, not return values, and leaves no code file behind', async () => {
    const outcome = await python('def answer():\n    return 42\n\nanswer()\n42\nprint("printed", answer())');
    expect(outcome).toMatchObject({ status: 'success' });
    const meta = ShellMeta.parse(outcome.meta);
    expect(meta).toMatchObject({
      session: 'python_execute',
      exit_code: 0,
      stdout: 'printed 42\n',
      stderr: '',
    });
    expect(outcome.status === 'success' && outcome.content).toBe(
      'The code ran; its print output is in `stdout`.',
    );
    const quiet = await python('x = 1 + 1');
    expect(quiet.status === 'success' && quiet.content).toBe(
      'The code ran and printed nothing (only print output is captured).',
    );
    expect((await sandbox.list(PYTHON_EXECUTE_FOLDER)).map((entry) => entry.path)).toEqual([
      `${PYTHON_EXECUTE_FOLDER}/runner.py`,
    ]);
  }, 60_000);

  it('reports an exception as OpenManus does, by its message alone, keeping what was printed before', async () => {
    const failed = await python('print("before")\n1 / 0');
    expect(failed).toMatchObject({ status: 'error', kind: 'execution', message: 'division by zero' });
    expect(ShellMeta.parse(failed.meta)).toMatchObject({ stdout: 'before\n', exit_code: 1 });
    const syntax = await python('def broken(:\n    pass');
    expect(syntax).toMatchObject({ status: 'error' });
    expect(syntax.status === 'error' && syntax.message).toMatch(/^invalid syntax.*\(<string>, line 1\)$/);
    // The code runs in a fresh namespace each time, as OpenManus' separate process does.
    expect(ShellMeta.parse((await python('print("__name__", __name__)')).meta).stdout).toBe(
      '__name__ __main__\n',
    );
  }, 60_000);

  it('stops a run past 5 s with OpenManus’ message, and the next run works', async () => {
    const started = Date.now();
    const outcome = await python(
      'import time\nprint("start", flush=True)\nwhile True:\n    time.sleep(0.01)',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    expect(outcome).toMatchObject({
      status: 'error',
      kind: 'timeout',
      message: 'Execution timeout after 5 seconds',
    });
    expect(ShellMeta.parse((await python('print(6 * 7)')).meta).stdout).toBe('42\n');
  }, 90_000);

  it('takes another limit from its configuration, or from the call’s `timeout` as OpenManus’ execute does', async () => {
    const quick = createPythonExecuteTool({ timeoutSeconds: 1 });
    expect(await python('while True: pass', quick)).toMatchObject({
      status: 'error',
      kind: 'timeout',
      message: 'Execution timeout after 1 seconds',
    });
    expect(await python('while True: pass', pythonExecuteTool, { timeout: 2 })).toMatchObject({
      message: 'Execution timeout after 2 seconds',
    });
    expect(ShellMeta.parse((await python('print("ok")', quick)).meta).stdout).toBe('ok\n');
  }, 90_000);
});
