import { afterEach, beforeEach, expect, it } from 'vitest';
import { WorkspaceChanges } from '../../src/agent/runtime/workspace-changes.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const shell = (command: string) => call('shell', { action: 'exec', session: 'main', command });
const upload = (path: string, text: string) => ({
  path,
  type: 'text/plain',
  bytes: new TextEncoder().encode(text),
});

it('lists what a whole task changed by shell commands, as the Changes view asks for it', async () => {
  harness.server.setScript([
    acknowledge(),
    planNotes(),
    shell('mkdir -p notes && printf "alpha\\n" > notes/a.txt'),
    shell('sed -i s/alpha/beta/ notes/a.txt'),
    shell('sed -i s/beta/gamma/ notes/a.txt && printf "tmp" > notes/tmp.txt'),
    shell('rm notes/tmp.txt uploads/stale.txt && mv uploads/draft.txt notes/draft.txt'),
    call('message', { type: 'result', text: 'Done.' }),
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
    { path: 'notes', kind: '- → directory', actionUuids: [make] },
    // Changed by three steps: listed once, with the three of them.
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
