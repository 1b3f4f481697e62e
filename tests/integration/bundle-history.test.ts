import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { WorkspaceChanges } from '../../src/agent-worker/runtime/workspace-changes.ts';
import { decodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { olderFormatBundle } from '../../src/shared/bundle/bundle-fixtures.ts';
import {
  contentHash,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from '../../src/shared/storage/workspace-history.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { shellExec as shell } from '../fixtures/scripted-steps.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const finish = (text = 'Done.') => call('message', { type: 'result', text });

/** An archive over the harness's database whose imports get the ids `imported-1`, `imported-2`, … */
function archiveOf(harness: Harness): ConversationArchive {
  let next = 0;
  return new ConversationArchive({
    profiles: TOOL_PROFILES,
    database: harness.database,
    publish: (message) => harness.published.push(message),
    newId: () => `imported-${++next}`,
    now: () => 42,
    appVersion: '0.1.0',
  });
}

/** Every settled action's uuid, in order. */
async function settledActions(id: string): Promise<string[]> {
  return (await harness.events(id)).flatMap(({ body }) =>
    body.type === 'envelope' && body.envelope.status !== 'running' ? [body.envelope.uuid] : [],
  );
}

/** The workspace after each checkpoint: `path kind hash` lines, the hash of the bytes read back. */
async function workspaceAtEachStep(id: string): Promise<Map<number, string[]>> {
  const reader = new WorkspaceAtCheckpoint(harness.database);
  const states = new Map<number, string[]>();
  for (const { seq } of await new WorkspaceHistory(harness.database).checkpoints(id)) {
    const entries = (await reader.entries(id, seq)) ?? [];
    states.set(
      seq,
      entries.map(({ path, entry, content }) =>
        entry.kind === 'file' ? `${path} file ${contentHash(content)}` : `${path} directory`,
      ),
    );
  }
  return states;
}

describe('a conversation bundle carries its workspace history', () => {
  it('gives the import the same changes per step, the same counts, and the same workspace at every step', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/notes/todo.md', text: '# Todo\n- buy milk\n' }),
      shell('sed -i "s/buy milk/buy oat milk/" notes/todo.md'),
      shell('printf "draft" > notes/draft.txt && printf "old" > notes/old.txt'),
      shell('rm notes/old.txt'),
      shell('mv notes/draft.txt notes/final.txt'),
      finish(),
      // A second run, after the person's next message.
      acknowledge('Clearing it.'),
      planNotes(),
      shell('printf "# Todo\\n" > notes/todo.md && mkdir -p archive'),
      finish('Cleared.'),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    await harness.runtime.sendMessage(id, 'Clear the list');
    await harness.runtime.idle(id);

    const archive = archiveOf(harness);
    const exported = await archive.exportConversation(id);
    const decoded = decodeBundle(exported.bytes);
    // Only the bytes the workspace no longer holds travel as blobs.
    expect(decoded.history?.blobs.map(({ content }) => new TextDecoder().decode(content)).sort()).toEqual([
      '# Todo\n- buy milk\n',
      '# Todo\n- buy oat milk\n',
      'old',
    ]);
    const importedId = await archive.importBundle(exported.bytes);
    expect(importedId).toBe('imported-1');

    const changes = new WorkspaceChanges(harness.database);
    const actions = await settledActions(id);
    expect(await settledActions(importedId)).toEqual(actions);
    const changed: string[][] = [];
    for (const uuid of actions) {
      const original = await changes.ofAction(id, uuid);
      expect(await changes.ofAction(importedId, uuid), uuid).toEqual(original);
      if (original.length > 0) changed.push(original.map(({ path }) => path));
    }
    // The steps that changed files, as the run made them (the folders notes/ and archive/ they
    // made are in the history, for a rewind, but are no changed files).
    expect(changed).toEqual([
      ['notes/todo.md'],
      ['notes/todo.md'],
      ['notes/draft.txt', 'notes/old.txt'],
      ['notes/old.txt'],
      ['notes/draft.txt', 'notes/final.txt'],
      ['notes/todo.md'],
    ]);
    const counts = await changes.countsByAction(id);
    expect(Object.keys(counts)).toHaveLength(6);
    expect(await changes.countsByAction(importedId)).toEqual(counts);

    const history = new WorkspaceHistory(harness.database);
    const checkpoints = await history.checkpoints(id);
    const importedCheckpoints = await history.checkpoints(importedId);
    expect(importedCheckpoints.map(({ seq, uuid }) => ({ seq, uuid }))).toEqual(
      checkpoints.map(({ seq, uuid }) => ({ seq, uuid })),
    );
    const states = await workspaceAtEachStep(id);
    expect(states.size).toBe(checkpoints.length);
    expect(await workspaceAtEachStep(importedId)).toEqual(states);
    // The steps differ from one another: the comparison above is not of empty workspaces.
    expect(new Set([...states.values()].map((state) => state.join('\n'))).size).toBeGreaterThan(5);
    // The sed -i step's versions (both kept: it edited the file the write made) read back the
    // same from the import's kept blobs. It is the second step to change one file.
    const sed = actions.filter((uuid) => counts[uuid] === 1)[1];
    if (!sed) throw new Error('no second one-file step');
    expect((await changes.versions(id, sed, 'notes/todo.md'))?.before).not.toBeNull();
    expect(await changes.versions(importedId, sed, 'notes/todo.md')).toEqual(
      await changes.versions(id, sed, 'notes/todo.md'),
    );

    // A format 2 bundle of the same conversation still imports, as before: no history.
    const olderId = await archive.importBundle(olderFormatBundle(decoded, 2));
    expect(await changes.countsByAction(olderId)).toEqual({});
    expect(await history.checkpoints(olderId)).toEqual([]);
    expect((await harness.runtime.readConversation(olderId))?.events.length).toBe(
      (await harness.runtime.readConversation(id))?.events.length,
    );
  });
});
