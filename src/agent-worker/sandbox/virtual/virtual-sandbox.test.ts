import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError } from '@/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { VirtualSandbox } from './virtual-sandbox.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

async function open(limitBytes = 10_000, conversationId = 'c') {
  database ??= new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({ conversationId, workspace, limitBytes });
  return { sandbox, workspace };
}

const persisted = async (workspace: WorkspaceRepository, conversationId = 'c') =>
  Object.fromEntries(
    (await workspace.list(conversationId)).map((file) => [
      file.path,
      file.kind === 'file' ? new TextDecoder().decode(file.content) : '<dir>',
    ]),
  );

describe('VirtualSandbox', () => {
  it('persists file writes and shell changes, and a reopened sandbox sees them', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox, workspace } = await open();
    await sandbox.writeFile('/home/ubuntu/notes/todo.md', '- buy milk\n');
    await sandbox.appendFile('/home/ubuntu/notes/todo.md', '- call Ada\n');
    const result = await sandbox.exec(
      'main',
      'cat notes/todo.md | grep -c "-" > notes/count.txt && rm notes/todo.md && echo done',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: 'done\n', isRunning: false });
    expect(await persisted(workspace)).toEqual({ notes: '<dir>', 'notes/count.txt': '2\n' });

    const reopened = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 10_000 });
    expect(await reopened.readText('/home/ubuntu/notes/count.txt')).toBe('2\n');
    expect((await reopened.exec('s', 'ls notes')).stdout).toBe('count.txt\n');
  });

  it('keeps each conversation in its own workspace', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const first = await open(10_000, 'a');
    const second = await open(10_000, 'b');
    await first.sandbox.writeFile('/home/ubuntu/a.txt', 'A');
    expect(await second.sandbox.stat('/home/ubuntu/a.txt')).toBeNull();
    expect(await persisted(first.workspace, 'b')).toEqual({});
  });

  it('keeps a session’s working directory and reports exit codes and stderr', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox } = await open();
    await sandbox.exec('main', 'mkdir -p app && cd app');
    expect((await sandbox.exec('main', 'pwd')).stdout).toBe('/home/ubuntu/app\n');
    expect((await sandbox.exec('other', 'pwd')).stdout).toBe('/home/ubuntu\n');
    const failed = await sandbox.exec('main', 'cat missing.txt');
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stderr).toMatch(/missing\.txt/);
    expect((await sandbox.view('main')).stdout).toContain('$ pwd\n/home/ubuntu/app\n');
  });

  it('refuses a write past the size limit before writing, and undoes a command that overflows it', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox, workspace } = await open(100);
    await sandbox.writeFile('/home/ubuntu/keep.txt', 'x'.repeat(60));
    await expect(sandbox.writeFile('/home/ubuntu/big.txt', 'y'.repeat(60))).rejects.toMatchObject({
      kind: 'workspace_full',
    });
    expect(await sandbox.stat('/home/ubuntu/big.txt')).toBeNull();

    await expect(sandbox.exec('main', 'printf "%080d" 0 > overflow.txt')).rejects.toBeInstanceOf(
      SandboxError,
    );
    expect(await sandbox.stat('/home/ubuntu/overflow.txt')).toBeNull();
    expect(Object.keys(await persisted(workspace))).toEqual(['keep.txt']);
  });

  it('says plainly that it cannot send input to a running process', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox } = await open();
    await expect(sandbox.send('main')).rejects.toMatchObject({
      kind: 'unsupported',
      message: expect.stringMatching(/cannot send input/),
    });
  });

  it('refuses names longer than Linux allows, from the file port and from the shell (found by the runtime fuzz)', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox, workspace } = await open(100_000);
    const long = `/home/ubuntu/${'n'.repeat(256)}.txt`;
    await expect(sandbox.writeFile(long, 'x')).rejects.toThrow(/File name too long/);
    await expect(sandbox.writeFile(`/home/ubuntu/${'d/'.repeat(2100)}x.txt`, 'x')).rejects.toThrow(
      /at most 4096 bytes/,
    );
    const shell = await sandbox.exec('main', `echo hi > ${'m'.repeat(300)}.txt; echo "exit $?"`);
    expect(shell.stdout + shell.stderr).toMatch(/File name too long|ENAMETOOLONG/);
    await sandbox.writeFile(`/home/ubuntu/${'o'.repeat(251)}.txt`, 'fits');
    expect(Object.keys(await persisted(workspace)).map((path) => path.length)).toEqual([255]);
  });

  it('still opens a workspace saved with a longer name, and lets it be renamed and removed', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const workspace = new WorkspaceRepository(database);
    const name = `${'n'.repeat(300)}.txt`;
    const content = new TextEncoder().encode('old');
    await workspace.apply(
      'c',
      {
        writes: [{ conversationId: 'c', path: name, kind: 'file', content, size: 3, modifiedAt: 1 }],
        deletes: [],
      },
      null,
    );
    const sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 100_000 });
    expect(await sandbox.readText(`/home/ubuntu/${name}`)).toBe('old');
    await sandbox.exec('main', `mv ${name} short.txt`);
    expect(Object.keys(await persisted(workspace))).toEqual(['short.txt']);
    await sandbox.remove('/home/ubuntu/short.txt');
    expect(await persisted(workspace)).toEqual({});
  });

  it('refuses relative paths and reading a directory, with reasons', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox } = await open();
    await expect(sandbox.writeFile('notes.md', 'x')).rejects.toThrow(/must be absolute/);
    await sandbox.mkdir('/home/ubuntu/dir');
    await expect(sandbox.readText('/home/ubuntu/dir')).rejects.toMatchObject({ kind: 'is_a_directory' });
    await expect(sandbox.readText('/home/ubuntu/nope')).rejects.toMatchObject({ kind: 'not_found' });
    // The workspace folder itself is never replaced by a file (the fuzzer found `/home/ubuntu/..`).
    await sandbox.writeFile('/home/ubuntu/kept.txt', 'kept');
    for (const path of ['/home/ubuntu', '/home/ubuntu/', '/home/ubuntu/dir/..'])
      await expect(sandbox.writeFile(path, 'x')).rejects.toMatchObject({ kind: 'is_a_directory' });
    expect(await sandbox.readText('/home/ubuntu/kept.txt')).toBe('kept');
    // Names that would fake or hide themselves where they are shown are not created.
    for (const name of ['evil\u202Etxt.exe', 'lone\ud800.txt', 'nul\u0000.txt'])
      await expect(sandbox.writeFile(`/home/ubuntu/${name}`, 'x')).rejects.toMatchObject({
        kind: 'unsupported',
      });
    await sandbox.writeFile('/home/ubuntu/日本-😀.txt', 'ok');
    expect(await sandbox.readText('/home/ubuntu/日本-😀.txt')).toBe('ok');
  });

  it('returns at the timeout with the command still running, and wait collects it', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox } = await open();
    const started = await sandbox.exec('slow', 'sleep 1; echo written > out.txt; echo finished', {
      timeoutSeconds: 0.1,
    });
    expect(started).toMatchObject({ exitCode: null, isRunning: true });
    await expect(sandbox.exec('slow', 'echo again')).rejects.toThrow(/still running/);
    const finished = await sandbox.wait('slow', 30);
    expect(finished).toMatchObject({ exitCode: 0, stdout: 'finished\n', isRunning: false });
    expect(await sandbox.readText('/home/ubuntu/out.txt')).toBe('written\n');
  });

  it('saves exactly what the filesystem holds after commands that copy, move, link and delete trees', async () => {
    database = new SandpiperDatabase(`sandbox-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const { sandbox, workspace } = await open(1_000_000);
    const steps = [
      'mkdir -p a/b/c && echo one > a/b/c/one.txt && echo two > a/two.txt',
      'cp -r a copy && echo changed > copy/two.txt',
      'mv copy moved && mkdir -p moved/new/deeper && touch moved/new/deeper/empty',
      'cd a/b && echo relative > rel.txt && cd - > /dev/null',
      'sed -i "s/one/ONE/" a/b/c/one.txt',
      // (just-bash writes through a symlinked directory to a phantom entry, so none here.)
      'ln -s /home/ubuntu/a/b linked && ls linked',
      'cp -r a backup && rm -r a && mv backup a && chmod 600 a/two.txt',
      'find moved -name "*.txt" -delete',
      'rm -rf moved linked && echo same > same.txt && echo same > same.txt',
    ];
    for (const step of steps) {
      const result = await sandbox.exec('main', step);
      expect(result.exitCode, `${step}: ${result.stderr}`).toBe(0);
      expect(await persisted(workspace), step).toEqual(await liveTree(sandbox));
    }
  });
});

/** What the sandbox's filesystem holds under /home/ubuntu, read through the shell (symlinks left out). */
async function liveTree(sandbox: VirtualSandbox): Promise<Record<string, string>> {
  const listing = await sandbox.exec('inspect', 'find . -mindepth 1 -type f -o -mindepth 1 -type d');
  const tree: Record<string, string> = {};
  for (const line of listing.stdout.split('\n').filter(Boolean)) {
    const path = line.replace(/^\.\//, '');
    const stat = await sandbox.stat(`/home/ubuntu/${path}`);
    tree[path] = stat?.kind === 'directory' ? '<dir>' : await sandbox.readText(`/home/ubuntu/${path}`);
  }
  return tree;
}
