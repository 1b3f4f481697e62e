import { describe, expect, it } from 'vitest';
import type { HostMessage, PythonWorkerStarter } from '@/shared/protocol/python-messages.ts';
import { PythonProcess } from './python-process.ts';

/** A fake Python worker: says ready on `init`, and answers each `run` with `reply` (or later, through `send`). */
function fakeStarter(
  reply: (message: Extract<HostMessage, { type: 'run' }>, send: (answer: unknown) => void) => unknown[],
) {
  const starter: PythonWorkerStarter & { terminated: number } = {
    indexUrl: 'https://app.example/assets/pyodide/',
    packageBaseUrl: null,
    terminated: 0,
    start() {
      let listener: (message: unknown) => void = () => undefined;
      return {
        postMessage(message) {
          const answers =
            message.type === 'init'
              ? [{ type: 'ready', loadMs: 1 }]
              : reply(message, (answer) => listener(answer));
          for (const answer of answers) queueMicrotask(() => listener(answer));
        },
        onMessage: (next) => {
          listener = next;
        },
        onError: () => undefined,
        terminate: () => {
          starter.terminated += 1;
        },
      };
    },
  };
  return starter;
}

const empty = { deletes: [], directories: [], writes: [] };

function runOptions(output: string[]) {
  return {
    cwd: '/home/ubuntu',
    stdin: new Uint8Array(),
    files: async () => empty,
    onOutput: (_stream: 'stdout' | 'stderr', text: string) => output.push(text),
  };
}

const code = (source: string) => ({ mode: 'code' as const, source, argv: ['-c'] });

describe('PythonProcess', () => {
  it('ends a run whose worker crashes with exit code 1, not 130', async () => {
    const starter = fakeStarter(() => [{ type: 'load_failed', message: 'out of memory' }]);
    const output: string[] = [];
    const result = await new PythonProcess(starter).run(code('x'), runOptions(output));
    expect(result).toMatchObject({ exitCode: 1, wasRestarted: true });
    expect(output.join('')).toContain('the Python worker failed: out of memory');
  });

  it('refuses a reply that would write outside the workspace, as a failed run', async () => {
    const starter = fakeStarter((run) => [
      {
        type: 'done',
        id: run.id,
        exitCode: 0,
        files: { ...empty, writes: [{ path: '../../etc/x', content: new Uint8Array([1]), modifiedAt: 1 }] },
      },
    ]);
    const output: string[] = [];
    const result = await new PythonProcess(starter).run(code('x'), runOptions(output));
    expect(result).toMatchObject({ exitCode: 1, files: empty });
    expect(output.join('')).toContain('invalid message');
    expect(starter.terminated).toBeGreaterThan(0);
  });

  it('clears the interrupt buffer on the host before posting a run, so a Stop already given is kept', async () => {
    const seen: number[] = [];
    const process = new PythonProcess(
      fakeStarter((run) => {
        seen.push(Atomics.load(interrupt(process), 0));
        return [{ type: 'done', id: run.id, exitCode: 0, files: empty }];
      }),
      { canShareMemory: true },
    );
    await process.run(code('first'), runOptions([]));
    // A stale interrupt from a run that ended before Python saw it does not stop the next one.
    Atomics.store(interrupt(process), 0, 2);
    await process.run(code('second'), runOptions([]));
    const controller = new AbortController();
    await process.run(code('third'), {
      ...runOptions([]),
      files: async () => {
        controller.abort();
        return empty;
      },
      signal: controller.signal,
    });
    expect(seen).toEqual([0, 0, 2]);
  });

  it('writes a Stop again until the run ends: a write CPython read and zeroed at the same moment is not lost', async () => {
    let buffer: Int32Array | undefined;
    let reads = 0;
    const process = new PythonProcess(
      fakeStarter((run, send) => {
        // The worker polls as CPython does (read, then zero): the first Stop it reads is lost,
        // as when the host's write lands between the read and the zeroing; it stops on the next.
        const poll = setInterval(() => {
          const value = buffer ? buffer[0] : 0;
          if (buffer) buffer[0] = 0;
          if (value !== 2) return;
          reads += 1;
          if (reads < 2) return;
          clearInterval(poll);
          send({ type: 'done', id: run.id, exitCode: 130, files: empty });
        }, 5);
        return [];
      }),
      { canShareMemory: true, interruptGraceMs: 1_000 },
    );
    buffer = interrupt(process);
    const controller = new AbortController();
    const running = process.run(code('while True: pass'), { ...runOptions([]), signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await running).toMatchObject({ exitCode: 130, wasRestarted: false });
    expect(reads).toBe(2);
  });

  it('on close, ends the running command with a message and rejects the queued ones', async () => {
    const process = new PythonProcess(fakeStarter(() => []));
    const output: string[] = [];
    const running = process.run(code('while True: pass'), runOptions(output));
    const queued = process.run(code('print(1)'), runOptions([]));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.close();
    expect(await running).toMatchObject({ exitCode: 143, files: empty });
    expect(output.join('')).toContain('the sandbox closed while Python was running');
    await expect(queued).rejects.toThrow('closed');
  });
});

/** The process's shared interrupt buffer (private; read here to see what the worker would see). */
function interrupt(process: PythonProcess): Int32Array {
  return (process as unknown as { interrupt: Int32Array }).interrupt;
}
