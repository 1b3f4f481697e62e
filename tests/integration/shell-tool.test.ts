import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceChanges } from '../../src/agent-worker/runtime/workspace-changes.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const shell = (args: Record<string, unknown>) => call('shell', { session: 'main', ...args });
const finish = () => call('message', { type: 'result', text: 'Done.' });
const upload = (path: string, text: string) => ({
  path,
  type: 'text/plain',
  bytes: new TextEncoder().encode(text),
});

async function run(...steps: ReturnType<typeof call>[]) {
  harness.server.setScript([acknowledge(), planNotes(), ...steps, finish()]);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  const shells = (await harness.completions(id)).filter((envelope) => envelope.meta.tool === 'shell');
  return { id, shells };
}

describe('the shell tool in the virtual sandbox', () => {
  it('runs commands with seed 001 meta and saves the files they write to the workspace', async () => {
    const { id, shells } = await run(
      shell({
        action: 'exec',
        command: 'mkdir -p notes && printf "alpha\\nbeta\\n" > notes/list.txt && grep -n beta notes/list.txt',
      }),
      shell({ action: 'exec', command: 'cat missing.txt' }),
    );
    expect(shells[0]).toMatchObject({
      status: 'success',
      meta: { action_type: 'shell.exec', session: 'main', exit_code: 0, stdout: '2:beta\n', stderr: '' },
    });
    expect(shells[1]?.meta.exit_code).not.toBe(0);
    expect(shells[1]?.meta.stderr).toMatch(/missing\.txt/);
    const files = await new WorkspaceRepository(harness.database).list(id);
    expect(files.map((file) => file.path)).toEqual(['notes', 'notes/list.txt']);
    // The model reads the output in its observation.
    expect(JSON.stringify(messagesOf(harness.server.requests[3]).at(-1))).toContain('2:beta');
  });

  it('cuts output over 16 KB and saves all of it to a workspace file named in the observation', async () => {
    const { id, shells } = await run(shell({ action: 'exec', command: 'seq 1 20000' }));
    const stdout = String(shells[0]?.meta.stdout);
    expect(stdout.length).toBeLessThan(16 * 1024);
    expect(stdout).toMatch(/^1\n2\n/);
    expect(stdout).toMatch(/20000\n$/);
    const [path] = (shells[0]?.meta.full_output_paths ?? []) as string[];
    expect(stdout).toContain(path);
    const saved = await new WorkspaceRepository(harness.database).read(
      id,
      path!.replace('/home/ubuntu/', ''),
    );
    expect(new TextDecoder().decode(saved?.content).split('\n')).toHaveLength(20001);
  });

  it('returns at the timeout with the command running; wait collects it', async () => {
    const { shells } = await run(
      shell({ action: 'exec', command: 'sleep 2; echo late', timeout: 1 }),
      shell({ action: 'wait', timeout: 10 }),
    );
    expect(shells[0]).toMatchObject({ status: 'success', meta: { exit_code: null, is_running: true } });
    expect(shells[0]?.content).toMatch(/Still running after 1 s/);
    expect(shells[1]).toMatchObject({
      status: 'success',
      meta: { action_type: 'shell.wait', exit_code: 0, stdout: 'late\n' },
    });
  });

  it('says plainly that input cannot be sent to a running process, and validates arguments', async () => {
    const { shells } = await run(shell({ action: 'send', input: 'y\n' }), shell({ action: 'exec' }));
    expect(shells[0]).toMatchObject({ status: 'error', meta: { error: { kind: 'execution' } } });
    expect(shells[0]?.content).toMatch(/cannot send input to a running process/);
    expect(shells[1]).toMatchObject({ status: 'error', meta: { error: { kind: 'validation' } } });
    expect(shells[1]?.content).toMatch(/needs a `command`/);
  });
});

describe('what each shell step changed in the workspace', () => {
  it('is read back per step, as the thread asks for it: a redirection, sed -i, mv and rm', async () => {
    const { id } = await run(
      shell({ action: 'exec', command: 'mkdir -p notes && printf "alpha\\n" > notes/a.txt' }),
      shell({ action: 'exec', command: 'sed -i s/alpha/beta/ notes/a.txt' }),
      shell({ action: 'exec', command: 'mv notes/a.txt notes/b.txt' }),
      shell({ action: 'exec', command: 'rm notes/b.txt' }),
    );
    const changes = new WorkspaceChanges(harness.database);
    const settled = (await harness.events(id)).filter(
      ({ body }) =>
        body.type === 'envelope' && body.envelope.status !== 'running' && body.envelope.meta.tool === 'shell',
    );
    const byStep = await Promise.all(
      settled.map(async ({ body }) =>
        (await changes.ofAction(id, body.type === 'envelope' ? body.envelope.uuid : '')).map(
          ({ path, before, after }) => `${path}: ${before?.kind ?? '-'} → ${after?.kind ?? '-'}`,
        ),
      ),
    );
    // The folder `mkdir` made is no changed file: the step changed one file.
    expect(byStep).toEqual([
      ['notes/a.txt: - → file'],
      ['notes/a.txt: file → file'],
      ['notes/a.txt: file → -', 'notes/b.txt: - → file'],
      ['notes/b.txt: file → -'],
    ]);
    const counts = await changes.countsByAction(id);
    expect(settled.map(({ body }) => counts[body.type === 'envelope' ? body.envelope.uuid : ''])).toEqual([
      1, 1, 2, 1,
    ]);
    const sedStep = settled[1]?.body;
    const versions = await changes.versions(
      id,
      sedStep?.type === 'envelope' ? sedStep.envelope.uuid : '',
      'notes/a.txt',
    );
    expect(
      [versions?.before, versions?.after].map((bytes) => new TextDecoder().decode(bytes ?? undefined)),
    ).toEqual(['alpha\n', 'beta\n']);
    // The plan and the messages changed no file.
    expect(Object.keys(counts)).toHaveLength(4);
  });

  it('lists what a whole task changed by shell commands, as the Changes view asks for it', async () => {
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      shell({ action: 'exec', command: 'mkdir -p notes && printf "alpha\\n" > notes/a.txt' }),
      shell({ action: 'exec', command: 'sed -i s/alpha/beta/ notes/a.txt' }),
      shell({ action: 'exec', command: 'sed -i s/beta/gamma/ notes/a.txt && printf "tmp" > notes/tmp.txt' }),
      shell({
        action: 'exec',
        command: 'rm notes/tmp.txt uploads/stale.txt && mv uploads/draft.txt notes/draft.txt',
      }),
      finish(),
    ]);
    const id = await harness.runtime.startConversation('Tidy up', {
      upload: { files: [upload('draft.txt', 'draft\n'), upload('stale.txt', 'stale\n')] },
    });
    await harness.runtime.idle(id);
    const shells = (await harness.completions(id))
      .filter((envelope) => envelope.meta.tool === 'shell')
      .map((envelope) => envelope.uuid);
    expect(shells).toHaveLength(4);
    const [make, firstSed, secondSed, tidy] = shells;

    const changes = new WorkspaceChanges(harness.database);
    const list = await changes.ofTask(id);
    expect(
      list.map(({ path, before, after, actionUuids }) => ({
        path,
        kind: `${before?.kind ?? '-'} → ${after?.kind ?? '-'}`,
        actionUuids,
      })),
    ).toEqual([
      // The folder notes/ made on the way is no changed file. Changed by three steps: listed once, with the three of them.
      { path: 'notes/a.txt', kind: '- → file', actionUuids: [make, firstSed, secondSed] },
      // The move: the new path added and the old one deleted, both by the step that moved it.
      { path: 'notes/draft.txt', kind: '- → file', actionUuids: [tidy] },
      { path: 'uploads/draft.txt', kind: 'file → -', actionUuids: [tidy] },
      { path: 'uploads/stale.txt', kind: 'file → -', actionUuids: [tidy] },
      // notes/tmp.txt, made and then removed, is not there.
    ]);
    expect(list.every((change) => !change.isChangedByPerson)).toBe(true);

    const decode = (bytes: Uint8Array | null | undefined) => (bytes ? new TextDecoder().decode(bytes) : null);
    const edited = await changes.taskVersions(id, 'notes/a.txt');
    expect([decode(edited?.before), decode(edited?.after)]).toEqual([null, 'gamma\n']);
    const removed = await changes.taskVersions(id, 'uploads/stale.txt');
    expect([decode(removed?.before), decode(removed?.after)]).toEqual(['stale\n', null]);
    expect(await changes.taskVersions(id, 'notes/tmp.txt')).toBeNull();
  });
});
