import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { databaseIdentity } from '@/shared/storage/database-identity.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KNOWN_DATABASE_KEY, noteDatabase, watchForLostData } from './lost-data-check.ts';

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

describe('watchForLostData', () => {
  it('reads the identity again while the database cannot be read, and says the loss once it can', async () => {
    const saved = new Map([[KNOWN_DATABASE_KEY, 'before']]);
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    let reads = 0;
    const errors: unknown[] = [];
    let lost = 0;
    watchForLostData({
      read: async () => {
        reads += 1;
        if (reads <= 2) throw new Error('Internal error opening backing store');
        return { id: 'after', isNew: true };
      },
      storage,
      onLost: () => {
        lost += 1;
      },
      onError: (error) => errors.push(error),
      retryMs: 5,
    });
    await expect.poll(() => lost).toBe(1);
    expect(errors).toHaveLength(2);
    expect(saved.get(KNOWN_DATABASE_KEY)).toBe('after');
  });

  it('says a loss found when asked to read again, after a first read that found the database whole', async () => {
    const saved = new Map([[KNOWN_DATABASE_KEY, 'before']]);
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    // The page opened on its database; later the browser deleted it, and it came back new.
    let identity = { id: 'before', isNew: false };
    let reads = 0;
    let lost = 0;
    const watch = watchForLostData({
      read: async () => {
        reads += 1;
        return identity;
      },
      storage,
      onLost: () => {
        lost += 1;
      },
      onError: () => undefined,
      retryMs: 5,
    });
    await expect.poll(() => reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Nothing reads again by itself once the database answered.
    expect(reads).toBe(1);
    identity = { id: 'after', isNew: true };
    watch.checkAgain();
    await expect.poll(() => lost).toBe(1);
    // Asked again: the same new database, said once.
    watch.checkAgain();
    await expect.poll(() => reads).toBe(3);
    expect(lost).toBe(1);
    watch.stop();
  });

  it('stops trying when asked', async () => {
    let reads = 0;
    const watch = watchForLostData({
      read: async () => {
        reads += 1;
        throw new Error('still full');
      },
      storage: undefined,
      onLost: () => undefined,
      onError: () => undefined,
      retryMs: 5,
    });
    await expect.poll(() => reads).toBeGreaterThan(0);
    watch.stop();
    watch.checkAgain();
    const after = reads;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads).toBe(after);
  });
});
