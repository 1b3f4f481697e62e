import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeRuntimeConnection } from '../../src/agent-worker/sandbox/webcontainer/node-runtime-connection.ts';
import { WebContainerSandbox } from '../../src/agent-worker/sandbox/webcontainer/webcontainer-sandbox.ts';
import {
  NodeRuntimeController,
  type NodeRuntimeEnvironment,
  type NodeRuntimeStatusUpdate,
} from '../../src/page/host/webcontainer/node-runtime-controller.ts';
import { WebContainerHost } from '../../src/page/host/webcontainer/webcontainer-host.ts';
import type { ReadOnlyMount } from '../../src/shared/protocol/know-how.ts';
import type { NodeRuntimeHostPort } from '../../src/shared/protocol/node-runtime-messages.ts';
import type { ExecChunk, SandboxEvent } from '../../src/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { type FakeProgram, FakeWebContainer } from '../fixtures/fake-webcontainer.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { overMessageChannel } from './comlink-channel.ts';
import { createHarness } from './harness.ts';

const text = (value: string) => new TextEncoder().encode(value);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Programs the fake container offers: an interactive prompt and a dev server. */
const programs: Record<string, FakeProgram> = {
  greet: async (_args, terminal) => {
    terminal.write('Name? ');
    const name = await terminal.readLine();
    terminal.write(`Hello, ${name}!\n`);
    return 0;
  },
  serve: async (args, terminal) => {
    const port = Number(args[0] ?? 3000);
    terminal.listen(port);
    terminal.write(`listening on ${port}\n`);
    await new Promise((resolve) => terminal.signal.addEventListener('abort', resolve, { once: true }));
    return 0;
  },
};

/** The host reached through comlink over a real MessageChannel, closed after the test. */
function overComlink(host: NodeRuntimeHostPort): NodeRuntimeHostPort {
  return overMessageChannel(host, (close) => cleanups.push(close));
}

function readyController(container: FakeWebContainer, statuses: NodeRuntimeStatusUpdate[] = []) {
  return new NodeRuntimeController({
    isEnabled: async () => true,
    isCrossOriginIsolated: () => true,
    isOnline: () => true,
    boot: async () => container,
    bootTimeoutMs: 1_000,
    setStatus: (status) => statuses.push(status),
  });
}

/** A WebContainer sandbox over the fake, its host reached through comlink, over fake-indexeddb. */
async function openSandbox(
  options: { limitBytes?: number; saved?: Record<string, string>; mounts?: ReadOnlyMount[] } = {},
) {
  const database = new SandpiperDatabase(`sandpiper-wc-${randomUUID()}`, { indexedDB, IDBKeyRange });
  cleanups.push(() => database.close());
  const repository = new WorkspaceRepository(database);
  const conversationId = randomUUID();
  const limitBytes = options.limitBytes ?? 1024 * 1024;
  const writes = Object.entries(options.saved ?? {}).map(([path, content]) => ({
    conversationId,
    path,
    kind: 'file' as const,
    content: text(content),
    size: text(content).byteLength,
    modifiedAt: 1,
  }));
  await repository.apply(conversationId, { writes, deletes: [] }, limitBytes);
  const container = new FakeWebContainer({ programs });
  const connection = new NodeRuntimeConnection(overComlink(new WebContainerHost(readyController(container))));
  const readiness = await connection.readiness();
  if (readiness.state !== 'ready') throw new Error(`not ready: ${JSON.stringify(readiness)}`);
  const open = () =>
    WebContainerSandbox.open({
      conversationId,
      workspace: repository,
      limitBytes,
      connection,
      workdir: readiness.workdir,
      ...(options.mounts ? { mounts: options.mounts } : {}),
    });
  const sandbox = await open();
  cleanups.push(() => sandbox.close());
  const events: SandboxEvent[] = [];
  sandbox.onEvent((event) => events.push(event));
  const root = `conversations/${conversationId}`;
  const savedPaths = async () => (await repository.list(conversationId)).map((file) => file.path);
  const savedText = async (path: string) => {
    const row = await repository.read(conversationId, path);
    return row ? new TextDecoder().decode(row.content) : null;
  };
  const containerHas = async (path: string) =>
    container.fs.readFile(`${root}/${path}`).then(
      () => true,
      () => false,
    );
  return {
    sandbox,
    container,
    repository,
    conversationId,
    events,
    root,
    open,
    savedPaths,
    savedText,
    containerHas,
  };
}

describe('the WebContainer sandbox (against the API-shaped fake, host over comlink)', () => {
  it('shows an installed skill at skills/<name>, refuses the port’s writes there, and never saves it', async () => {
    const mounts = [
      { mountPoint: '/home/ubuntu/skills/greet', files: [{ path: 'SKILL.md', bytes: text('# Greet\n') }] },
    ];
    const { sandbox, container, root, savedPaths, open } = await openSandbox({
      saved: { 'notes.md': 'n' },
      mounts,
    });
    expect(await sandbox.readText('/home/ubuntu/skills/greet/SKILL.md')).toBe('# Greet\n');
    await expect(sandbox.writeFile('/home/ubuntu/skills/greet/SKILL.md', 'x')).rejects.toMatchObject({
      kind: 'read_only',
    });
    await expect(sandbox.remove('/home/ubuntu/skills', { isRecursive: true })).rejects.toMatchObject({
      kind: 'read_only',
    });
    // A command can change the container's copy (it cannot be made read-only there): never saved, put back at the next open.
    await container.fs.writeFile(`${root}/skills/greet/SKILL.md`, text('changed'));
    await container.fs.writeFile(`${root}/skills/greet/added.md`, text('added'));
    await sandbox.writeFile('/home/ubuntu/other.md', 'o');
    expect((await savedPaths()).sort()).toEqual(['notes.md', 'other.md']);
    const reopened = await open();
    expect(await reopened.readText('/home/ubuntu/skills/greet/SKILL.md')).toBe('# Greet\n');
    expect(await reopened.stat('/home/ubuntu/skills/greet/added.md')).toBeNull();
    expect((await savedPaths()).sort()).toEqual(['notes.md', 'other.md']);
  });

  it('answers python3 and pip saying Python is in the virtual sandbox, without spawning them', async () => {
    const { sandbox } = await openSandbox({ saved: {} });
    const result = await sandbox.exec('main', 'python3 -c "print(1)"');
    expect(result).toMatchObject({ exitCode: 127, stdout: '', isRunning: false });
    expect(result.stderr).toContain('Python is not available under the Node runtime');
    expect(result.stderr).toContain('Turn the Node runtime off in Settings');
    expect((await sandbox.exec('main', 'pip install numpy')).exitCode).toBe(127);
  });

  it('mounts the saved workspace in the conversation directory, which the agent sees as /home/ubuntu', async () => {
    const { sandbox, container, root } = await openSandbox({ saved: { 'notes/todo.md': '- milk\n' } });
    expect(new TextDecoder().decode(await container.fs.readFile(`${root}/notes/todo.md`))).toBe('- milk\n');
    expect(await sandbox.readText('/home/ubuntu/notes/todo.md')).toBe('- milk\n');

    const result = await sandbox.exec('main', 'cat /home/ubuntu/notes/todo.md && pwd');
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: '- milk\n/home/ubuntu\n',
      stderr: '',
      isRunning: false,
    });
    // The container ran the command with its own path for /home/ubuntu.
    expect(container.spawned[0]).toMatchObject({ command: 'jsh', cwd: root });
    expect(container.spawned[0]?.args[1]).toBe(`cat ${container.workdir}/${root}/notes/todo.md && pwd`);
  });

  it('does file operations in the container and saves each before it resolves', async () => {
    const { sandbox, savedPaths, savedText } = await openSandbox();
    await sandbox.writeFile('/home/ubuntu/src/app.js', 'console.log(1);\n');
    await sandbox.appendFile('/home/ubuntu/src/app.js', 'console.log(2);\n');
    expect(await savedText('src/app.js')).toBe('console.log(1);\nconsole.log(2);\n');
    expect(await sandbox.stat('/home/ubuntu/src/app.js')).toMatchObject({ kind: 'file', size: 32 });
    await sandbox.mkdir('/home/ubuntu/docs');
    await sandbox.rename('/home/ubuntu/src/app.js', '/home/ubuntu/docs/app.js');
    expect((await sandbox.list('/home/ubuntu')).map((entry) => [entry.path, entry.kind])).toEqual([
      ['/home/ubuntu/docs', 'directory'],
      ['/home/ubuntu/src', 'directory'],
    ]);
    expect(await savedPaths()).toEqual(['docs', 'docs/app.js', 'src']);
    await sandbox.remove('/home/ubuntu/docs', { isRecursive: true });
    expect(await savedPaths()).toEqual(['src']);

    await expect(sandbox.readText('/home/ubuntu/missing.txt')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sandbox.readText('/home/ubuntu/src')).rejects.toMatchObject({ kind: 'is_a_directory' });
    await expect(sandbox.writeFile('/etc/passwd', 'x')).rejects.toMatchObject({ kind: 'outside_workspace' });
    await sandbox.writeFile('/home/ubuntu/src/a.txt', 'a');
    await expect(sandbox.rename('/home/ubuntu/src/a.txt', '/home/ubuntu/src')).rejects.toMatchObject({
      kind: 'already_exists',
    });
    await expect(sandbox.remove('/home/ubuntu/src')).rejects.toMatchObject({ kind: 'is_a_directory' });
  });

  it('streams output while the command runs, with container paths shown as /home/ubuntu', async () => {
    const { sandbox, container, root } = await openSandbox();
    const chunks: { chunk: ExecChunk; at: number }[] = [];
    const result = await sandbox.exec('main', 'echo first; pwd; sleep 1; echo second', {
      onOutput: (chunk) => chunks.push({ chunk, at: Date.now() }),
    });
    const finishedAt = Date.now();
    expect(result).toMatchObject({ exitCode: 0, stdout: 'first\n/home/ubuntu\nsecond\n' });
    const firstAt = chunks.find(({ chunk }) => chunk.text.includes('first'))?.at ?? finishedAt;
    expect(finishedAt - firstAt).toBeGreaterThanOrEqual(800);
    // The fake delivers 16-character pieces, so the container path arrived split; it is translated whole.
    expect(`${container.workdir}/${root}`.length).toBeGreaterThan(16);
    const streamed = chunks.map(({ chunk }) => chunk.text).join('');
    expect(streamed).toBe('first\r\n/home/ubuntu\r\nsecond\r\n');
    expect(chunks.every(({ chunk }) => chunk.stream === 'stdout')).toBe(true);
  });

  it('returns at the timeout with the output so far; the command keeps running and wait collects the rest', async () => {
    const { sandbox, savedText } = await openSandbox();
    const first = await sandbox.exec('main', 'echo started; sleep 1; echo done > done.txt; echo late', {
      timeoutSeconds: 0.3,
    });
    expect(first).toMatchObject({ exitCode: null, isRunning: true, stdout: 'started\n' });
    await expect(sandbox.exec('main', 'echo other')).rejects.toMatchObject({ kind: 'unsupported' });
    const rest = await sandbox.wait('main', 10);
    expect(rest).toMatchObject({ exitCode: 0, isRunning: false, stdout: 'late\n' });
    expect(await savedText('done.txt')).toBe('done\n');
    expect((await sandbox.view('main')).stdout).toBe(
      '$ echo started; sleep 1; echo done > done.txt; echo late\nstarted\nlate\n',
    );
    // A command that outlives its timeout saves its files when it ends, even if nobody waits.
    await sandbox.exec('background', 'sleep 0.5; echo saved > later.txt', { timeoutSeconds: 0.1 });
    await expect.poll(() => savedText('later.txt')).toBe('saved\n');
  });

  it('sends input to an interactive process', async () => {
    const { sandbox } = await openSandbox();
    await expect(sandbox.send('main', 'y\n')).rejects.toMatchObject({ kind: 'not_found' });
    const asked = await sandbox.exec('main', 'greet', { timeoutSeconds: 0.3 });
    expect(asked).toMatchObject({ isRunning: true, stdout: 'Name? ' });
    const answered = await sandbox.send('main', 'Ada\n');
    // The terminal echoes what was typed, then the program answers and exits.
    expect(answered).toMatchObject({ isRunning: false, exitCode: 0, stdout: 'Ada\nHello, Ada!\n' });
  });

  it('kills a running process, and a stop cancels the command and kills it', async () => {
    const { sandbox } = await openSandbox();
    expect(await sandbox.exec('main', 'sleep 30', { timeoutSeconds: 0.2 })).toMatchObject({
      isRunning: true,
    });
    const killed = await sandbox.kill('main');
    expect(killed).toMatchObject({ exitCode: 130, isRunning: false });
    expect(await sandbox.exec('main', 'echo again')).toMatchObject({ exitCode: 0, stdout: 'again\n' });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const startedAt = Date.now();
    await expect(sandbox.exec('other', 'sleep 30', { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    // Once the killed process is gone the session takes commands again.
    await expect.poll(async () => (await sandbox.view('other')).isRunning).toBe(false);
    expect(await sandbox.exec('other', 'echo free')).toMatchObject({ exitCode: 0, stdout: 'free\n' });
  });

  it('changes the session directory with cd', async () => {
    const { sandbox } = await openSandbox();
    await sandbox.exec('main', 'mkdir -p app/src');
    expect(await sandbox.exec('main', 'cd app')).toMatchObject({ exitCode: 0 });
    expect(await sandbox.exec('main', 'pwd')).toMatchObject({ stdout: '/home/ubuntu/app\n' });
    expect(await sandbox.exec('main', 'cd nowhere')).toMatchObject({
      exitCode: 1,
      stderr: 'cd: nowhere: No such file or directory\n',
    });
    expect(await sandbox.exec('other', 'pwd')).toMatchObject({ stdout: '/home/ubuntu\n' });
    expect(await sandbox.exec('main', 'cd ~ && pwd')).toMatchObject({ stdout: '/home/ubuntu\n' });
  });

  it('saves what a command wrote to the files table, leaving out node_modules and home caches', async () => {
    const { sandbox, savedPaths, savedText, containerHas, events, open, repository, conversationId } =
      await openSandbox({ saved: { 'old.txt': 'old' } });
    await sandbox.exec(
      'main',
      'mkdir -p app/node_modules/left-pad .npm && echo "module.exports = 1" > app/node_modules/left-pad/index.js && echo "# App" > app/README.md && echo cache > .npm/index && rm old.txt',
    );
    expect(await savedPaths()).toEqual(['app', 'app/README.md']);
    expect(await savedText('app/README.md')).toBe('# App\n');
    expect(events).toContainEqual({ type: 'files_changed', paths: ['app', 'app/README.md', 'old.txt'] });
    expect(await containerHas('app/node_modules/left-pad/index.js')).toBe(true);

    // Reopened after the virtual sandbox served a while and deleted a file, the directory is made
    // to match the saved workspace again, while node_modules stays installed.
    await sandbox.close();
    await repository.apply(conversationId, { writes: [], deletes: ['app/README.md'] }, 1024 * 1024);
    const reopened = await open();
    cleanups.push(() => reopened.close());
    expect(await containerHas('app/README.md')).toBe(false);
    expect(await containerHas('app/node_modules/left-pad/index.js')).toBe(true);
    expect(await reopened.exec('main', 'ls app')).toMatchObject({ stdout: 'node_modules\n' });
  });

  it('refuses writes past the size limit before writing, and undoes a command that went past it', async () => {
    const { sandbox, savedPaths, savedText, containerHas } = await openSandbox({
      limitBytes: 1024,
      saved: { 'note.txt': 'short note' },
    });
    await expect(sandbox.writeFile('/home/ubuntu/big.txt', 'x'.repeat(2000))).rejects.toMatchObject({
      kind: 'workspace_full',
    });
    expect(await containerHas('big.txt')).toBe(false);
    await expect(sandbox.exec('main', 'seq 1 600 > big.txt && seq 1 600 > note.txt')).rejects.toMatchObject({
      kind: 'workspace_full',
    });
    expect(await containerHas('big.txt')).toBe(false);
    expect(await sandbox.readText('/home/ubuntu/note.txt')).toBe('short note');
    expect(await savedPaths()).toEqual(['note.txt']);
    expect(await savedText('note.txt')).toBe('short note');
    // node_modules does not count against the limit.
    expect(
      await sandbox.exec('main', 'mkdir -p node_modules/big && seq 1 600 > node_modules/big/index.js'),
    ).toMatchObject({
      exitCode: 0,
    });
  });

  it('forwards server-ready events and remembers the servers until their port closes', async () => {
    const { sandbox, events } = await openSandbox();
    const started = await sandbox.exec('dev', 'serve 5173', { timeoutSeconds: 0.3 });
    expect(started).toMatchObject({ isRunning: true, stdout: 'listening on 5173\n' });
    const url = 'https://fake5173.local-credentialless.webcontainer-api.io';
    await expect
      .poll(() => events.filter((event) => event.type === 'server_ready'))
      .toEqual([{ type: 'server_ready', port: 5173, url }]);
    expect(sandbox.listServers()).toEqual([{ port: 5173, url }]);
    await sandbox.kill('dev');
    await expect.poll(() => sandbox.listServers()).toEqual([]);
  });
});

describe('the agent runtime with the Node runtime host (connected over comlink)', () => {
  const script = (command: string) => [
    acknowledge(),
    planNotes(),
    call('shell', { action: 'exec', session: 'main', command }),
    call('message', { type: 'result', text: 'Done.' }),
  ];

  async function run(settings: { nodeRuntime: boolean }, environment: Partial<NodeRuntimeEnvironment> = {}) {
    const harness = await createHarness(settings);
    cleanups.push(() => harness.close());
    const container = new FakeWebContainer();
    const controller = new NodeRuntimeController({
      isEnabled: async () => settings.nodeRuntime,
      isCrossOriginIsolated: () => true,
      isOnline: () => true,
      boot: async () => container,
      bootTimeoutMs: 1_000,
      setStatus: () => undefined,
      ...environment,
    });
    await harness.runtime.connectNodeRuntime(overComlink(new WebContainerHost(controller)));
    harness.server.setScript(script('echo hello > greeting.txt && cat greeting.txt && pwd'));
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const shell = (await harness.completions(id)).find((envelope) => envelope.meta.tool === 'shell');
    const saved = (await new WorkspaceRepository(harness.database).list(id)).map((file) => file.path);
    const streamed = harness.published.flatMap((message) =>
      message.type === 'tool_progress' && message.progress.kind === 'output' ? [message.progress.text] : [],
    );
    return { shell, saved, streamed, container };
  }

  it('runs shell commands in WebContainer when the setting is on and the host is ready', async () => {
    const { shell, saved, streamed, container } = await run({ nodeRuntime: true });
    expect(shell).toMatchObject({
      status: 'success',
      meta: { exit_code: 0, stdout: 'hello\n/home/ubuntu\n' },
    });
    expect(container.spawned.map((process) => process.command)).toEqual(['jsh']);
    expect(streamed.join('')).toBe('hello\r\n/home/ubuntu\r\n');
    // Saved before the success envelope was written: a reload right after loses nothing.
    expect(saved).toEqual(['greeting.txt']);
  });

  it('uses the virtual sandbox when the setting is off or the host is unavailable', async () => {
    const off = await run({ nodeRuntime: false });
    const unavailable = await run({ nodeRuntime: true }, { isOnline: () => false });
    for (const { shell, saved, container } of [off, unavailable]) {
      expect(shell).toMatchObject({
        status: 'success',
        meta: { exit_code: 0, stdout: 'hello\n/home/ubuntu\n' },
      });
      expect(container.spawned).toEqual([]);
      expect(saved).toEqual(['greeting.txt']);
    }
  });
});
