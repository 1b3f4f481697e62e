import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { EventBody } from '@/shared/protocol/events.ts';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { EventRepository } from '@/shared/storage/event-repository.ts';
import { WorkspaceAtCheckpoint } from '@/shared/storage/workspace-history.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { Journal } from '../../engine/journal.ts';
import { CommandQueue } from '../command-queue.ts';
import { WorkspaceChanges } from '../workspace-changes.ts';
import { ConversationCheckpoints } from './conversation-checkpoints.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const file = (conversationId: string, path: string, text: string): WorkspaceFile => {
  const content = new TextEncoder().encode(text);
  return { conversationId, path, kind: 'file', content, size: content.byteLength, modifiedAt: 1 };
};
const envelope = (
  uuid: string,
  status: 'running' | 'success' | 'asking',
  role?: 'ask' | 'result',
): EventBody => ({
  type: 'envelope',
  envelope: { uuid, status, content: status, meta: { action_type: 'shell.exec', tool: 'shell' } },
  toolCallId: `call-${uuid}`,
  ...(role ? { role } : {}),
});

async function open(options: { isRunning?: boolean } = {}) {
  database = new SandpiperDatabase(`rewind-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const published: BroadcastMessage[] = [];
  const journal = new Journal(database, () => undefined);
  const forgotten: string[] = [];
  let next = 0;
  const checkpoints = new ConversationCheckpoints({
    database,
    commands: new CommandQueue(),
    publish: (message) => published.push(message),
    newId: () => `fork-${++next}`,
    now: () => 5_000,
    journal,
    sandboxes: { forget: (id) => forgotten.push(id) },
    locks: { holdIfFree: async (_id, task) => ({ isHeld: true, value: await task() }) },
    active: { has: () => options.isRunning ?? false },
  });
  const workspace = new WorkspaceRepository(database);
  const write = (id: string, writes: WorkspaceFile[], deletes: string[] = []) =>
    workspace.apply(id, { writes, deletes }, 1_000_000);
  return { journal, checkpoints, workspace, write, published, forgotten };
}

/** A conversation of three steps: a1 writes a.txt and b.txt, a2 edits a.txt and deletes b.txt, a3 moves a.txt to c.txt. */
async function threeSteps(parts: Awaited<ReturnType<typeof open>>) {
  const { journal, write } = parts;
  await journal.createConversation(
    { id: 'c', title: 'Task', status: 'running', createdAt: 1, updatedAt: 1, profileId: 'manus' },
    [{ type: 'user_message', text: 'Task' }],
  );
  await journal.append('c', [envelope('a1', 'running')]);
  await write('c', [file('c', 'a.txt', 'one'), file('c', 'b.txt', 'bee')]);
  const [first] = await journal.append('c', [envelope('a1', 'success')]);
  await journal.append('c', [envelope('a2', 'running')]);
  await write('c', [file('c', 'a.txt', 'two')], ['b.txt']);
  const [second] = await journal.append('c', [envelope('a2', 'success')]);
  await journal.append('c', [envelope('a3', 'running')]);
  await write('c', [file('c', 'c.txt', 'two')], ['a.txt']);
  await journal.append('c', [envelope('a3', 'success')], { conversation: { status: 'done' } });
  return { first: first?.seq ?? -1, second: second?.seq ?? -1 };
}

/** The workspace as path → text. */
async function contents(workspace: WorkspaceRepository, id: string): Promise<Record<string, string>> {
  const files = await workspace.list(id);
  return Object.fromEntries(files.map((each) => [each.path, new TextDecoder().decode(each.content)]));
}

/** The workspace at each checkpoint, as path → hash. */
async function statesAt(id: string, seqs: readonly number[]) {
  const reader = new WorkspaceAtCheckpoint(database);
  const states: Record<number, string[]> = {};
  for (const seq of seqs)
    states[seq] = ((await reader.entries(id, seq)) ?? []).map(
      (each) => `${each.path}:${each.entry.kind === 'file' ? each.entry.hash : 'dir'}`,
    );
  return states;
}

describe('rewinding a conversation', () => {
  it('drops the later steps, puts the workspace back as it was after the step, and can be undone', async () => {
    const parts = await open();
    const { checkpoints, workspace, published, forgotten } = parts;
    const { first, second } = await threeSteps(parts);
    const events = new EventRepository(database);
    const changes = new WorkspaceChanges(database);
    const before = { events: await events.list('c'), files: await contents(workspace, 'c') };
    const counts = await changes.countsByAction('c');
    const states = await statesAt('c', [first, second]);

    expect(await checkpoints.preview('c', first)).toEqual({ steps: 2, messages: 0, paths: 3 });
    const pending = await checkpoints.rewind('c', first);
    expect(pending).toMatchObject({ atSeq: first, steps: 2, messages: 0 });
    expect(await contents(workspace, 'c')).toEqual({ 'a.txt': 'one', 'b.txt': 'bee' });
    expect((await events.list('c')).at(-1)?.seq).toBe(first);
    expect((await database.conversations.get('c'))?.status).toBe('idle');
    // What the kept step changed reads the same; the dropped steps have none.
    expect(await changes.countsByAction('c')).toEqual({ a1: 2 });
    expect((await statesAt('c', [first]))[first]).toEqual(states[first]);
    expect(published).toContainEqual({ type: 'conversation_rewound', conversationId: 'c' });
    expect(forgotten).toEqual(['c']);

    await checkpoints.undoRewind('c');
    expect(await events.list('c')).toEqual(before.events);
    expect(await contents(workspace, 'c')).toEqual(before.files);
    expect(await changes.countsByAction('c')).toEqual(counts);
    expect(await statesAt('c', [first, second])).toEqual(states);
    expect((await database.conversations.get('c'))?.status).toBe('done');
    expect(await checkpoints.pending('c')).toBeNull();
  });

  it('says how many files a rewind puts back, not counting their folders', async () => {
    const parts = await open();
    const { journal, checkpoints, write } = parts;
    const folder = (path: string): WorkspaceFile => ({
      conversationId: 'c',
      path,
      kind: 'directory',
      content: new Uint8Array(),
      size: 0,
      modifiedAt: 1,
    });
    await journal.createConversation(
      { id: 'c', title: 'Task', status: 'running', createdAt: 1, updatedAt: 1, profileId: 'manus' },
      [{ type: 'user_message', text: 'Task' }],
    );
    await journal.append('c', [envelope('a1', 'running')]);
    const [first] = await journal.append('c', [envelope('a1', 'success')]);
    await journal.append('c', [envelope('a2', 'running')]);
    await write('c', [folder('notes-app'), folder('notes-app/js'), file('c', 'notes-app/index.html', 'x')]);
    await write('c', [file('c', 'notes-app/js/app.js', 'y')]);
    await journal.append('c', [envelope('a2', 'success')], { conversation: { status: 'done' } });

    expect(await checkpoints.preview('c', first?.seq ?? -1)).toEqual({ steps: 1, messages: 0, paths: 2 });
  });

  it('counts a step after a rewind with its own changes only', async () => {
    const parts = await open();
    const { checkpoints, journal, write } = parts;
    const { first } = await threeSteps(parts);
    await checkpoints.rewind('c', first);
    await journal.append('c', [{ type: 'user_message', text: 'Again' }, envelope('a4', 'running')]);
    await write('c', [file('c', 'd.txt', 'dee')]);
    await journal.append('c', [envelope('a4', 'success')]);
    const changes = new WorkspaceChanges(database);
    expect((await changes.ofAction('c', 'a4')).map((change) => change.path)).toEqual(['d.txt']);
    expect(await changes.countsByAction('c')).toEqual({ a1: 2, a4: 1 });
    // The task's changes credit the dropped steps' writes and the restore to nobody: not to the person's message.
    const task = await changes.ofTask('c');
    expect(
      task.map(({ path, actionUuids, isChangedByPerson }) => ({ path, actionUuids, isChangedByPerson })),
    ).toEqual([
      { path: 'a.txt', actionUuids: ['a1'], isChangedByPerson: false },
      { path: 'b.txt', actionUuids: ['a1'], isChangedByPerson: false },
      { path: 'd.txt', actionUuids: ['a4'], isChangedByPerson: false },
    ]);
  });

  it('undoes two rewinds in a row back to before the first', async () => {
    const parts = await open();
    const { checkpoints, workspace } = parts;
    const { first, second } = await threeSteps(parts);
    const before = await contents(workspace, 'c');
    const states = await statesAt('c', [first, second]);
    await checkpoints.rewind('c', second);
    expect(await contents(workspace, 'c')).toEqual({ 'a.txt': 'two' });
    await checkpoints.rewind('c', first);
    expect(await contents(workspace, 'c')).toEqual({ 'a.txt': 'one', 'b.txt': 'bee' });
    await checkpoints.undoRewind('c');
    expect(await contents(workspace, 'c')).toEqual(before);
    expect(await statesAt('c', [first, second])).toEqual(states);
    expect(await new WorkspaceChanges(database).countsByAction('c')).toEqual({ a1: 2, a2: 2, a3: 2 });
  });

  it('is refused at an answer (its question closes with the step after it), and ends done at a delivered result', async () => {
    const parts = await open();
    const { journal, checkpoints } = parts;
    await journal.createConversation(
      { id: 'c', title: 'Task', status: 'running', createdAt: 1, updatedAt: 1, profileId: 'manus' },
      [{ type: 'user_message', text: 'Task' }],
    );
    const ask = (status: 'running' | 'asking' | 'success') => envelope('q', status, 'ask');
    await journal.append('c', [ask('running')]);
    await journal.append('c', [ask('asking')]);
    const [reply, answered] = await journal.append('c', [
      { type: 'user_reply', text: 'Yes', askUuid: 'q' },
      ask('success'),
    ]);
    const result = envelope('r', 'success', 'result');
    await journal.append('c', [envelope('r', 'running', 'result')]);
    const [delivered] = await journal.append('c', [result]);
    await journal.append('c', [{ type: 'user_message', text: 'More' }, envelope('x', 'running')]);
    await journal.append('c', [envelope('x', 'success')], { conversation: { status: 'idle' } });
    await expect(checkpoints.rewind('c', reply?.seq ?? -1)).rejects.toThrow(/question’s step/);
    await expect(checkpoints.fork('c', reply?.seq ?? -1)).rejects.toThrow(/question’s step/);
    await checkpoints.rewind('c', answered?.seq ?? -1);
    expect((await database.conversations.get('c'))?.status).toBe('idle');
    await checkpoints.undoRewind('c');
    await checkpoints.rewind('c', delivered?.seq ?? -1);
    expect((await database.conversations.get('c'))?.status).toBe('done');
  });

  it('can no longer be undone once the conversation goes on (a message, a stop, a notice)', async () => {
    const parts = await open();
    const { first } = await threeSteps(parts);
    await parts.checkpoints.rewind('c', first);
    await parts.journal.append('c', [{ type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false }]);
    expect(await parts.checkpoints.pending('c')).toBeNull();
  });

  it('can no longer be undone once the person sends a message', async () => {
    const parts = await open();
    const { first } = await threeSteps(parts);
    await parts.checkpoints.rewind('c', first);
    await parts.journal.append('c', [{ type: 'user_message', text: 'Go on' }]);
    expect(await parts.checkpoints.pending('c')).toBeNull();
    await expect(parts.checkpoints.undoRewind('c')).rejects.toThrow(/no rewind to undo/);
  });

  it('is refused while the conversation runs, for a step without a checkpoint, and at the last step', async () => {
    const running = await open({ isRunning: true });
    const { first } = await threeSteps(running);
    await expect(running.checkpoints.rewind('c', first)).rejects.toThrow(/stop it first/);
    database.close();
    const idle = await open();
    await threeSteps(idle);
    await expect(idle.checkpoints.rewind('c', 1)).rejects.toThrow(/no checkpoint/);
    const last = (await new EventRepository(database).lastSeq('c')) ?? -1;
    await expect(idle.checkpoints.rewind('c', last)).rejects.toThrow(/nothing after it/);
  });

  it('changes nothing when it fails midway (one transaction)', async () => {
    const parts = await open();
    const { first } = await threeSteps(parts);
    const before = {
      events: await new EventRepository(database).list('c'),
      files: await contents(parts.workspace, 'c'),
    };
    // The plan is written last: a row the schema refuses makes the whole rewind fail after the workspace was restored.
    const { ConversationRewinds } = await import('@/shared/storage/conversation-rewind.ts');
    const rewinds = new ConversationRewinds(database);
    await expect(
      rewinds.rewind('c', first, () => ({ plan: { broken: true } as never, status: 'idle' })),
    ).rejects.toThrow();
    expect(await new EventRepository(database).list('c')).toEqual(before.events);
    expect(await contents(parts.workspace, 'c')).toEqual(before.files);
    expect(await rewinds.pending('c')).toBeNull();
  });
});

describe('forking a conversation', () => {
  it('makes a new conversation with the steps up to one and the workspace as it was then, the original untouched', async () => {
    const parts = await open();
    const { checkpoints, workspace, published } = parts;
    const { first, second } = await threeSteps(parts);
    const events = new EventRepository(database);
    const original = { events: await events.list('c'), files: await contents(workspace, 'c') };
    const states = await statesAt('c', [first, second]);

    const forkId = await checkpoints.fork('c', second);
    expect(forkId).toBe('fork-1');
    expect(await contents(workspace, forkId)).toEqual({ 'a.txt': 'two' });
    const forked = await events.list(forkId);
    expect(forked.map(({ seq, body }) => ({ seq, body }))).toEqual(
      original.events.filter((event) => event.seq <= second).map(({ seq, body }) => ({ seq, body })),
    );
    const row = await database.conversations.get(forkId);
    expect(row).toMatchObject({
      status: 'idle',
      forkedFrom: { conversationId: 'c', seq: second, title: 'Task' },
    });
    expect(
      published.some((message) => message.type === 'conversation' && message.conversation.id === forkId),
    ).toBe(true);
    // Its steps keep their changes, and its checkpoints read as the original's did.
    expect(await new WorkspaceChanges(database).countsByAction(forkId)).toEqual({ a1: 2, a2: 2 });
    expect(await statesAt(forkId, [first, second])).toEqual(states);
    // The original is unchanged.
    expect(await events.list('c')).toEqual(original.events);
    expect(await contents(workspace, 'c')).toEqual(original.files);
    // And the fork can be rewound in its turn.
    await checkpoints.rewind(forkId, first);
    expect(await contents(workspace, forkId)).toEqual({ 'a.txt': 'one', 'b.txt': 'bee' });
    expect(await contents(workspace, 'c')).toEqual(original.files);
  });
});
