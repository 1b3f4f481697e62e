import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { PythonWorkerStarter } from '@/shared/protocol/python-messages.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { VirtualSandbox } from './virtual-sandbox.ts';

let database: SandpiperDatabase | undefined;
afterEach(() => database?.close());

/**
 * A Python worker that runs until interrupted, then takes `unwindMs` to unwind (a busy
 * machine delivering KeyboardInterrupt late), as the real one may.
 */
function slowUnwindingWorker(unwindMs: number): PythonWorkerStarter {
  return {
    indexUrl: 'https://app.example/assets/pyodide/',
    packageBaseUrl: null,
    start() {
      let listener: (message: unknown) => void = () => undefined;
      let interrupt: Int32Array | null = null;
      return {
        postMessage(message) {
          if (message.type === 'init') {
            interrupt = message.interrupt;
            queueMicrotask(() => listener({ type: 'ready', loadMs: 1 }));
            return;
          }
          const poll = setInterval(() => {
            if (!interrupt || Atomics.load(interrupt, 0) !== 2) return;
            clearInterval(poll);
            Atomics.store(interrupt, 0, 0);
            const files = { deletes: [], directories: [], writes: [] };
            setTimeout(() => listener({ type: 'done', id: message.id, exitCode: 130, files }), unwindMs);
          }, 5);
        },
        onMessage: (next) => {
          listener = next;
        },
        onError: () => undefined,
        terminate: () => undefined,
      };
    },
  };
}

describe('a Python run stopped by `timeout`', () => {
  it('ends that command only, however long Python takes to unwind within its grace', async () => {
    database = new SandpiperDatabase(`python-timeout-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const sandbox = await VirtualSandbox.open({
      conversationId: 'c',
      workspace: new WorkspaceRepository(database),
      limitBytes: 10_000,
      python: slowUnwindingWorker(400),
    });
    const result = await sandbox.exec('main', 'timeout 0.2 python3 -c "while True: pass"; echo "exit $?"');
    expect(result, JSON.stringify(result)).toMatchObject({ stdout: 'exit 124\n', exitCode: 0 });
  });
});
