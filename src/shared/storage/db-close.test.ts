import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAsTheBrowserDoes } from './close-fixtures.ts';
import { SandpiperDatabase } from './db.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

describe('a connection the browser closes mid-write', () => {
  it('fails a write still waiting, instead of holding its writer for ever', async () => {
    database = new SandpiperDatabase(`close-${randomUUID()}`, { indexedDB, IDBKeyRange });
    await database.open();
    // Chromium may neither complete nor abort a transaction under way (tests/bench/full-disk).
    const hung = database.unlessClosed(new Promise<never>(() => undefined));
    closeAsTheBrowserDoes(database);
    await expect(hung).rejects.toMatchObject({
      name: 'DatabaseClosedError',
      message: expect.stringMatching(/^The browser closed the database connection/),
    });
  });

  it('is not a close the page asked for: a write in flight then completes', async () => {
    database = new SandpiperDatabase(`close-${randomUUID()}`, { indexedDB, IDBKeyRange });
    await database.open();
    const write = database.unlessClosed(database.settings.put({ key: 'k', value: 1 }));
    database.close();
    await expect(write).resolves.toBe('k');
  });
});
