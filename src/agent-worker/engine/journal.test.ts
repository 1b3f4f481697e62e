import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { EventBody } from '../../shared/protocol/events.ts';
import { SandpiperDatabase } from '../../shared/storage/db.ts';
import { EventRepository } from '../../shared/storage/event-repository.ts';
import { Journal } from './journal.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const note = (text: string): EventBody => ({ type: 'notice', kind: 'stopped', text, forModel: false });

/** A journal over a fresh database with one conversation (seq 0: the task), and what it published. */
async function journalWithConversation() {
  database = new SandpiperDatabase(`journal-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const published: BroadcastMessage[] = [];
  const journal = new Journal(database, (message) => published.push(message));
  const conversation = {
    id: 'c1',
    title: 'Task',
    status: 'running' as const,
    createdAt: 1,
    updatedAt: 1,
    profileId: 'manus',
  };
  await journal.createConversation(conversation, [{ type: 'user_message', text: 'Task' }]);
  published.length = 0;
  const stored = async () => (await new EventRepository(database).list('c1')).map((event) => event.seq);
  const publishedSeqs = () =>
    published.flatMap((message) => (message.type === 'event' ? [message.event.seq] : []));
  return { journal, published, stored, publishedSeqs };
}

describe('Journal.stage', () => {
  it('numbers the events at once and publishes them only once they are committed', async () => {
    const { journal, stored, publishedSeqs } = await journalWithConversation();
    const staged = journal.stage('c1', [note('one'), note('two')]);
    expect(staged?.events.map((event) => event.seq)).toEqual([1, 2]);
    // The commit begins after the current task: nothing is stored or shown yet.
    expect(publishedSeqs()).toEqual([]);
    expect(await stored()).toEqual([0]);
    await staged?.committed;
    expect(publishedSeqs()).toEqual([1, 2]);
    expect(await stored()).toEqual([0, 1, 2]);
  });

  it('commits later writes of the conversation after it, in order', async () => {
    const { journal, publishedSeqs, stored } = await journalWithConversation();
    const staged = journal.stage('c1', [note('staged')]);
    const appended = await journal.append('c1', [note('appended')]);
    expect(appended.map((event) => event.seq)).toEqual([2]);
    await staged?.committed;
    expect(publishedSeqs()).toEqual([1, 2]);
    expect(await stored()).toEqual([0, 1, 2]);
  });

  it('shows nothing of a write that fails, rejects its commit, and numbers the next write from the database', async () => {
    const { journal, publishedSeqs, stored } = await journalWithConversation();
    let isFull = true;
    database.events.hook('creating', () => {
      if (isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const staged = journal.stage('c1', [note('lost')]);
    await expect(staged?.committed).rejects.toThrow();
    expect(publishedSeqs()).toEqual([]);
    isFull = false;
    const next = await journal.append('c1', [note('after')]);
    expect(next.map((event) => event.seq)).toEqual([1]);
    expect(await stored()).toEqual([0, 1]);
  });

  it('is refused when the next number is not known without reading the database', async () => {
    const { journal } = await journalWithConversation();
    const fresh = new Journal(database, () => undefined);
    expect(fresh.stage('c1', [note('x')])).toBeNull();
    expect(journal.stage('c1', [note('x')])).not.toBeNull();
  });
});
