import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

const write = (text: string) => call('file', { action: 'write', path: '/home/ubuntu/notes.md', text });
const append = (text: string) => call('file', { action: 'append', path: '/home/ubuntu/notes.md', text });
const done = () => call('message', { type: 'result', text: 'Done.' });

describe('one conversation run from two tabs in turn', () => {
  it('never writes a tab’s stale workspace over what the other tab saved', async () => {
    harness = await createHarness();
    // Two tabs: two runtimes (workers) on one database, each with its own sandbox cache.
    const tabB = harness.runtime;
    const tabA = harness.openTab();
    harness.server.setScript([acknowledge(), planNotes(), write('v1 from B\n'), done()]);
    const id = await tabB.startConversation('Keep notes');
    await tabB.idle(id);

    harness.server.push(acknowledge(), planNotes(), write('v2 from A\n'), done());
    await tabA.sendMessage(id, 'Rewrite them');
    await tabA.idle(id);

    harness.server.push(acknowledge(), planNotes(), append('appended in B\n'), done());
    await tabB.sendMessage(id, 'Add a line');
    await tabB.idle(id);

    const saved = await new WorkspaceRepository(harness.database).read(id, 'notes.md');
    expect(new TextDecoder().decode(saved?.content)).toBe('v2 from A\nappended in B\n');
  });

  it('a workspace cleared in one tab stays cleared for the other', async () => {
    harness = await createHarness();
    const tabA = harness.openTab();
    harness.server.setScript([acknowledge(), planNotes(), write('secret\n'), done()]);
    const id = await harness.runtime.startConversation('Keep notes');
    await harness.runtime.idle(id);
    await tabA.clearWorkspace(id);

    harness.server.push(
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/other.md', text: 'new\n' }),
      done(),
    );
    await harness.runtime.sendMessage(id, 'Start over');
    await harness.runtime.idle(id);
    const files = await new WorkspaceRepository(harness.database).list(id);
    expect(files.map((file) => file.path)).toEqual(['other.md']);
  });
});
