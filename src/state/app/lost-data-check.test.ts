import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { databaseIdentity } from '../../storage/database-identity.ts';
import { SandpiperDatabase } from '../../storage/db.ts';
import { KNOWN_DATABASE_KEY, noteDatabase } from './lost-data-check.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the lost-data check', () => {
  it('says the data was lost when the database had to name itself anew, once', async () => {
    const name = `lost-${Math.random()}`;
    const storage = memoryStorage();
    let count = 0;
    const newId = () => {
      count += 1;
      return `id-${count}`;
    };
    let database = new SandpiperDatabase(name, { indexedDB, IDBKeyRange });
    // A first visit: nothing remembered.
    expect(noteDatabase(storage, await databaseIdentity(database, newId))).toBe(false);
    // Later loads, conversations deleted or not: the same database.
    expect(noteDatabase(storage, await databaseIdentity(database, newId))).toBe(false);
    database.close();
    // The browser deletes the database; the next load finds it new.
    await new Promise((resolve) => {
      indexedDB.deleteDatabase(name).onsuccess = resolve;
    });
    database = new SandpiperDatabase(name, { indexedDB, IDBKeyRange });
    expect(noteDatabase(storage, await databaseIdentity(database, newId))).toBe(true);
    expect(noteDatabase(storage, await databaseIdentity(database, newId))).toBe(false);
    expect(storage.items.get(KNOWN_DATABASE_KEY)).toBe('id-2');
    database.close();
  });

  it('stays quiet for a name another tab made, and when storage refuses', () => {
    // Two tabs opened a new database at once: one name won; the other tab's is replaced, quietly.
    expect(noteDatabase(memoryStorage({ [KNOWN_DATABASE_KEY]: 'a' }), { id: 'b', isNew: false })).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(noteDatabase(refusing, { id: 'a', isNew: true })).toBe(false);
    expect(noteDatabase(undefined, { id: 'a', isNew: true })).toBe(false);
  });
});
