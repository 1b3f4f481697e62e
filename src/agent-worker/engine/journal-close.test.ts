import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAsTheBrowserDoes } from '../../shared/storage/close-fixtures.ts';
import { SandpiperDatabase } from '../../shared/storage/db.ts';
import { Journal } from './journal.ts';

let database: SandpiperDatabase;
afterEach(() => {
  vi.restoreAllMocks();
  database?.close();
});

describe('the journal on a connection the browser closes mid-write', () => {
  it('stops the journal’s append with that error, and leaves a write that finished alone', async () => {
    database = new SandpiperDatabase(`close-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const journal = new Journal(database, () => undefined);
    await journal.createConversation(
      { id: 'c', title: 'T', status: 'idle', createdAt: 1, updatedAt: 1, profileId: 'manus' },
      [{ type: 'user_message', text: 'Hi' }],
    );
    const finished = await journal.append('c', [{ type: 'user_message', text: 'Again' }]);
    expect(finished).toHaveLength(1);
    vi.spyOn(database, 'transaction').mockReturnValue(new Promise(() => undefined) as never);
    const append = journal.append('c', [{ type: 'user_message', text: 'Lost' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    closeAsTheBrowserDoes(database);
    await expect(append).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  });
});
