import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { factoryThatFailsToOpen } from './close-fixtures.ts';
import { SandpiperDatabase } from './db.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

describe('a database the browser could not open (a full disk)', () => {
  it('tries to open again on the next request, and goes on once it can', async () => {
    const { factory, state } = factoryThatFailsToOpen();
    database = new SandpiperDatabase(`reopen-${randomUUID()}`, { indexedDB: factory, IDBKeyRange });
    await expect(database.settings.get('k')).rejects.toMatchObject({
      message: expect.stringMatching(/Internal error opening backing store/),
    });
    const opensWhileFull = state.opens;
    // Still full: the next request tries again (and fails again, with the same words).
    await expect(database.settings.put({ key: 'k', value: 1 })).rejects.toMatchObject({
      message: expect.stringMatching(/Internal error opening backing store/),
    });
    expect(state.opens).toBeGreaterThan(opensWhileFull);
    // Space freed: the same connection object opens and works, without a reload.
    state.failing = false;
    await database.settings.put({ key: 'k', value: 2 });
    await expect(database.settings.get('k')).resolves.toEqual({ key: 'k', value: 2 });
  });

  it('stays closed after a close the page asked for', async () => {
    database = new SandpiperDatabase(`reopen-${randomUUID()}`, { indexedDB, IDBKeyRange });
    await database.open();
    database.close();
    await expect(database.settings.get('k')).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  });

  it('opens again when the page opens it after closing it', async () => {
    database = new SandpiperDatabase(`reopen-${randomUUID()}`, { indexedDB, IDBKeyRange });
    await database.open();
    database.close();
    await database.open();
    await database.settings.put({ key: 'k', value: 3 });
    await expect(database.settings.get('k')).resolves.toEqual({ key: 'k', value: 3 });
  });
});
