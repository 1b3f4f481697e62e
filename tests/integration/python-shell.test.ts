import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { InMemoryFs } from 'just-bash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonProcess } from '../../src/agent-worker/sandbox/python/python-process.ts';
import { WorkspaceMirror } from '../../src/agent-worker/sandbox/python/workspace-mirror.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { losingFirstStopOfEachRun, nodePythonWorkerStarter } from '../fixtures/python/node-python-worker.ts';

// Python in the virtual sandbox: the real just-bash shell, the real Python worker code
// (bundled for Node's worker_threads) and Pyodide from node_modules. Pyodide loads once.
// This file runs alone (vitest project `python`, after the integration project). Stops use
// the app's own grace (3 s): a KeyboardInterrupt that was not taken in time used to be an
// occasional CI failure here. Its cause was CPython reading the shared interrupt buffer and
// then zeroing it, which drops a write landing in between (about 3 stops in 100 of a busy
// loop); the host now writes a Stop again until the run ends (`python-process.ts`). That
// race is not left to chance: the KeyboardInterrupt test runs its worker through
// `losingFirstStopOfEachRun` (`tests/fixtures/python/node-python-worker.ts`), which loses the
// first Stop written in each run, as the race does, so without the repeated writes every
// Stop fails (the worker restarted after the grace), not about 3 in 100. A stopped command
// also gets the grace to end before just-bash aborts the whole script
// (`src/agent-worker/sandbox/virtual/python-timeout.test.ts`).

let database: SandpiperDatabase;
let workspace: WorkspaceRepository;
let sandbox: VirtualSandbox;
let starter: Awaited<ReturnType<typeof nodePythonWorkerStarter>>;

beforeAll(async () => {
  database = new SandpiperDatabase(`python-${randomUUID()}`, { indexedDB, IDBKeyRange });
  workspace = new WorkspaceRepository(database);
  starter = await nodePythonWorkerStarter();
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace,
    limitBytes: 5_000_000,
    python: starter,
  });
  expect((await sandbox.exec('warm', "python3 -c 'print(1)'", { timeoutSeconds: 60 })).stdout).toBe('1\n');
}, 90_000);

afterAll(async () => {
  await sandbox?.close();
  database?.close();
});

const persisted = async (path: string) => {
  const file = await workspace.read('c', path);
  return file ? new TextDecoder().decode(file.content) : null;
};

describe('python3 in the virtual sandbox', () => {
  it('prints, takes arguments and stdin, and runs a script read from stdin', async () => {
    expect(await sandbox.exec('print', 'python3 -c "print(sum([1,2,3]))"')).toMatchObject({
      exitCode: 0,
      stdout: '6\n',
      stderr: '',
    });
    const piped = await sandbox.exec(
      'print',
      `printf 'a\\nb\\nc\\n' | python -c "import sys; print(len(sys.stdin.readlines()))"`,
    );
    expect(piped.stdout).toBe('3\n');
    expect((await sandbox.exec('print', "echo 'print(40 + 2)' | python3 -")).stdout).toBe('42\n');
    await sandbox.writeFile('/home/ubuntu/tools/args.py', 'import sys\nprint(sys.argv)\n');
    const script = await sandbox.exec('print', 'cd tools && python3 args.py one "two words"');
    expect(script.stdout).toBe("['args.py', 'one', 'two words']\n");
    expect((await sandbox.exec('print', 'python3 -m json.tool --compact <<< \'{"a": [1, 2]}\'')).stdout).toBe(
      '{"a":[1,2]}\n',
    );
  });

  it('runs `python3 ../x.py` from its normalised path, inside the workspace or out of it', async () => {
    await sandbox.writeFile(
      '/home/ubuntu/top.py',
      'open("made-by-top.txt", "w").write("top")\nprint("top")\n',
    );
    expect(await sandbox.exec('paths', 'mkdir -p sub && cd sub && python3 ../top.py')).toMatchObject({
      exitCode: 0,
      stdout: 'top\n',
    });
    expect(await persisted('sub/made-by-top.txt')).toBe('top');
    await sandbox.exec('paths', 'cd /home/ubuntu && echo \'print("outside")\' > ../outside.py');
    expect(await sandbox.exec('paths', 'cd /home/ubuntu && python3 ../outside.py')).toMatchObject({
      exitCode: 0,
      stdout: 'outside\n',
    });
  });

  it('shows an uncaught exception as a traceback on stderr with exit code 1, and sys.exit(n) as n', async () => {
    const failed = await sandbox.exec('errors', 'python3 -c "def f():\n    return 1/0\nf()"');
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('Traceback (most recent call last):');
    expect(failed.stderr).toContain('File "<string>", line 3, in <module>');
    expect(failed.stderr).toContain('ZeroDivisionError: division by zero');
    expect(failed.stderr).not.toMatch(/sandpiper|runpy/);
    expect((await sandbox.exec('errors', 'python3 -c "import sys; sys.exit(3)"')).exitCode).toBe(3);
    const message = await sandbox.exec(
      'errors',
      'python3 -c "raise SystemExit(\'bad input\')" || echo "code $?"',
    );
    expect(message).toMatchObject({ stdout: 'code 1\n', stderr: 'bad input\n' });
  });

  it('reads the workspace and writes results back as saved files (csv, json, sqlite3, statistics)', async () => {
    await sandbox.exec('data', "printf 'name,amount\\nada,3\\nbob,4\\ncy,8\\n' > data.csv");
    const program = [
      'import csv, json, sqlite3, statistics',
      'rows = list(csv.DictReader(open("data.csv")))',
      'amounts = [int(row["amount"]) for row in rows]',
      'db = sqlite3.connect(":memory:")',
      'db.execute("create table t (name text, amount int)")',
      'db.executemany("insert into t values (:name, :amount)", rows)',
      'total = db.execute("select sum(amount) from t").fetchone()[0]',
      'json.dump({"total": total, "mean": statistics.mean(amounts)}, open("out/summary.json", "w"))',
      'print(total)',
    ].join('\n');
    await sandbox.writeFile(
      '/home/ubuntu/summarise.py',
      `import os\nos.makedirs("out", exist_ok=True)\n${program}\n`,
    );
    expect(await sandbox.exec('data', 'python3 summarise.py')).toMatchObject({
      stderr: '',
      exitCode: 0,
      stdout: '15\n',
    });
    expect(JSON.parse((await persisted('out/summary.json')) ?? '{}')).toEqual({ total: 15, mean: 5 });
    expect((await sandbox.exec('data', 'cat out/summary.json')).stdout).toBe('{"total": 15, "mean": 5}');
    // A file the shell changes afterwards is what Python reads next.
    await sandbox.exec('data', "echo 'dan,10' >> data.csv");
    expect((await sandbox.exec('data', 'python3 summarise.py')).stdout).toBe('25\n');
  });

  it('removes from the workspace what Python deletes, in the shell’s current directory', async () => {
    await sandbox.exec(
      'delete',
      'mkdir -p scratch/old && echo x > scratch/gone.txt && echo y > scratch/old/a.txt',
    );
    expect(await persisted('scratch/gone.txt')).toBe('x\n');
    const result = await sandbox.exec(
      'delete',
      "cd scratch && python3 -c \"import os, shutil; print(os.getcwd()); os.remove('gone.txt'); shutil.rmtree('old')\"",
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: '/home/ubuntu/scratch\n' });
    expect(await sandbox.stat('/home/ubuntu/scratch/gone.txt')).toBeNull();
    expect(await persisted('scratch/gone.txt')).toBeNull();
    expect(await persisted('scratch/old/a.txt')).toBeNull();
  });

  it('interrupts `while True: pass` at a timeout and on kill, keeping the worker', async () => {
    const before = starter.started;
    const timedOut = await sandbox.exec('main', 'timeout 1 python3 -c \'while True: pass\'; echo "exit $?"');
    // The whole result in the message: a rare CI failure showed only `stdout: ''`.
    expect(timedOut.stdout, JSON.stringify(timedOut)).toBe('exit 124\n');
    const running = await sandbox.exec('loop', "python3 -c 'while True: pass'", { timeoutSeconds: 0.5 });
    expect(running.isRunning).toBe(true);
    const killed = await sandbox.kill('loop');
    expect(killed).toMatchObject({ isRunning: false, exitCode: 130 });
    expect((await sandbox.exec('main', 'python3 -c "print(7)"', { timeoutSeconds: 5 })).stdout).toBe('7\n');
    expect(starter.started).toBe(before);
  });

  it('stops on the abort signal (Stop), and the next command runs', async () => {
    const controller = new AbortController();
    const stopped = sandbox.exec('stop', "python3 -c 'while True: pass'", { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    await expect(stopped).rejects.toMatchObject({ kind: 'cancelled' });
    const collected = await sandbox.wait('stop', 10);
    expect(collected).toMatchObject({ isRunning: false, exitCode: 130 });
    // Python unwound (a loop still running would hold the next command back), no restart.
    const before = starter.started;
    const eight = await sandbox.exec('stop', 'python3 -c "print(8)"', { timeoutSeconds: 5 });
    expect(eight.stdout, JSON.stringify({ eight, collected })).toBe('8\n');
    expect(starter.started).toBe(before);
  }, 60_000);

  it('says pip needs a network connection when offline, and hints at pip for a missing package', async () => {
    const pip = await sandbox.exec('pip', 'pip install numpy', { timeoutSeconds: 60 });
    expect(pip.exitCode).toBe(1);
    expect(pip.stderr).toContain('the package index is not reachable');
    expect(pip.stderr).toContain('standard library');
    const missing = await sandbox.exec('pip', 'python3 -c "import numpy"');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("ModuleNotFoundError: No module named 'numpy'");
    expect(missing.stderr).toContain('pip install numpy');
  });
});

describe('stopping a Python run', () => {
  it('raises KeyboardInterrupt through the shared interrupt buffer (a cross-origin isolated page), every time', async () => {
    // The first Stop written in each run is lost, as when it lands between CPython's read of
    // the buffer and its zeroing: the Stop is taken only because the host writes it again.
    const losing = losingFirstStopOfEachRun(starter);
    const process = new PythonProcess(losing);
    const mirror = new WorkspaceMirror(new InMemoryFs());
    const options = {
      cwd: '/home/ubuntu',
      stdin: new Uint8Array(),
      files: (isFresh: boolean) => mirror.outgoing(isFresh),
      onOutput: () => undefined,
    };
    expect((await process.run({ mode: 'code', source: 'pass', argv: ['-c'] }, options)).exitCode).toBe(0);
    // Each Stop a KeyboardInterrupt, the worker kept; a host that wrote a Stop only once would
    // have the worker restarted after the grace (exit 130, `wasRestarted`), every time.
    for (let stop = 1; stop <= 3; stop += 1) {
      const controller = new AbortController();
      let stderr = '';
      const result = await process.run(
        { mode: 'code', source: "print('looping', flush=True)\nwhile True: pass", argv: ['-c'] },
        {
          ...options,
          onOutput: (stream: string, text: string) => {
            if (stream === 'stderr') stderr += text;
            if (stream === 'stdout' && text.includes('looping')) setTimeout(() => controller.abort(), 50);
          },
          signal: controller.signal,
        },
      );
      expect(losing.lost, 'the first Stop of the run was lost').toBe(stop);
      expect({ exitCode: result.exitCode, wasRestarted: result.wasRestarted }, stderr).toEqual({
        exitCode: 130,
        wasRestarted: false,
      });
      expect(stderr).toMatch(/Traceback[\s\S]*File "<string>", line 2[\s\S]*KeyboardInterrupt/);
      // One KeyboardInterrupt per run, however often the Stop was written.
      expect(stderr.match(/KeyboardInterrupt/g)).toHaveLength(1);
    }
    process.close();
  }, 60_000);

  it('keeps a Stop given just before the run is posted (the worker does not clear the interrupt)', async () => {
    const process = new PythonProcess(starter);
    const mirror = new WorkspaceMirror(new InMemoryFs());
    const controller = new AbortController();
    const options = {
      cwd: '/home/ubuntu',
      stdin: new Uint8Array(),
      files: (isFresh: boolean) => mirror.outgoing(isFresh),
      onOutput: () => undefined,
    };
    expect((await process.run({ mode: 'code', source: 'pass', argv: ['-c'] }, options)).exitCode).toBe(0);
    const stopped = await process.run(
      { mode: 'code', source: 'while True: pass', argv: ['-c'] },
      {
        ...options,
        files: (isFresh: boolean) => {
          controller.abort();
          return mirror.outgoing(isFresh);
        },
        signal: controller.signal,
      },
    );
    expect(stopped).toMatchObject({ exitCode: 130, wasRestarted: false });
    process.close();
  }, 60_000);

  it('on close, ends a running command with exit code 143 and says why', async () => {
    const process = new PythonProcess(starter);
    const mirror = new WorkspaceMirror(new InMemoryFs());
    let stderr = '';
    const options = {
      cwd: '/home/ubuntu',
      stdin: new Uint8Array(),
      files: (isFresh: boolean) => mirror.outgoing(isFresh),
      onOutput: (stream: string, text: string) => {
        if (stream === 'stderr') stderr += text;
      },
    };
    expect((await process.run({ mode: 'code', source: 'pass', argv: ['-c'] }, options)).exitCode).toBe(0);
    const loop = process.run({ mode: 'code', source: 'while True: pass', argv: ['-c'] }, options);
    const queued = process.run({ mode: 'code', source: 'print(1)', argv: ['-c'] }, options);
    setTimeout(() => process.close(), 300);
    expect(await loop).toMatchObject({ exitCode: 143 });
    expect(stderr).toContain('the sandbox closed while Python was running');
    await expect(queued).rejects.toThrow('closed');
  }, 60_000);

  it('terminates and restarts the worker without shared memory (not cross-origin isolated), and says so', async () => {
    const fs = new InMemoryFs();
    await fs.mkdir('/home/ubuntu', { recursive: true });
    const process = new PythonProcess(starter, { canShareMemory: false });
    const mirror = new WorkspaceMirror(fs);
    const controller = new AbortController();
    let stderr = '';
    const options = {
      cwd: '/home/ubuntu',
      stdin: new Uint8Array(),
      files: (isFresh: boolean) => mirror.outgoing(isFresh),
      onOutput: (stream: string, text: string) => {
        if (stream === 'stderr') stderr += text;
      },
    };
    expect((await process.run({ mode: 'code', source: 'print(1)', argv: ['-c'] }, options)).exitCode).toBe(0);
    const before = starter.started;
    const loop = process.run(
      { mode: 'code', source: 'while True: pass', argv: ['-c'] },
      {
        ...options,
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(), 500);
    expect(await loop).toMatchObject({ exitCode: 130, wasRestarted: true });
    expect(stderr).toContain('restarting its worker');
    await fs.writeFile('/home/ubuntu/after.txt', 'still here');
    const next = await process.run(
      { mode: 'code', source: 'print(open("after.txt").read())', argv: ['-c'] },
      options,
    );
    expect(next.exitCode).toBe(0);
    expect(starter.started).toBe(before + 1);
    process.close();
  }, 60_000);
});

describe('python3 and a read-only mount', () => {
  it('runs an installed skill’s script that reads a file beside it; what it writes there is not kept', async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const mounted = await VirtualSandbox.open({
      conversationId: 'mounted',
      workspace,
      limitBytes: 5_000_000,
      python: starter,
      mounts: [
        {
          mountPoint: '/home/ubuntu/skills/count',
          files: [
            {
              path: 'scripts/count.py',
              bytes: bytes(
                'import os\nhere = os.path.dirname(os.path.abspath(__file__))\nnames = open(os.path.join(here, "..", "data", "names.csv")).read().split()\nprint(len(names))\nopen(os.path.join(here, "scratch.txt"), "w").write("x")\nopen("/home/ubuntu/out.txt", "w").write(str(len(names)))\n',
              ),
            },
            { path: 'data/names.csv', bytes: bytes('Ada\nGrace\nLinus\n') },
          ],
        },
      ],
    });
    try {
      const result = await mounted.exec('s', 'python3 /home/ubuntu/skills/count/scripts/count.py', {
        timeoutSeconds: 60,
      });
      expect(result).toMatchObject({ exitCode: 0, stdout: '3\n' });
      const saved = (await workspace.list('mounted')).map((file) => file.path);
      expect(saved).toEqual(['out.txt']);
      expect((await mounted.exec('s', 'ls /home/ubuntu/skills/count/scripts')).stdout).toBe('count.py\n');
    } finally {
      await mounted.close();
    }
  }, 90_000);
});
