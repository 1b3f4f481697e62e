import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SandpiperDatabase } from './db.ts';
import { holdForTest, type TestHold, type TestHoldPoint } from './test-hold.ts';
import { fileEntry } from './workspace-fixtures.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

const database = () => new SandpiperDatabase(`test-hold-${randomUUID()}`, { indexedDB, IDBKeyRange });
const holder = globalThis as { __sandpiperTestHold?: TestHold };

/** Installs a hold of `point` that holds until `release` is called; `isOpen` once the first read came back. */
function installHold(point: TestHoldPoint) {
  const state = {
    isOpen: false,
    isReleased: false,
    release: () => {
      state.isReleased = true;
    },
  };
  holder.__sandpiperTestHold = {
    shouldHold: (reached) => reached === point,
    isHolding: () => {
      state.isOpen = true;
      return !state.isReleased;
    },
  };
  return state;
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

afterEach(() => {
  delete holder.__sandpiperTestHold;
});

describe('test hold', () => {
  it('does nothing in the app: the write after it stays in the transaction, and a failure rolls both back', async () => {
    const db = database();
    const failed = db.transaction('rw', db.files, async () => {
      await db.files.put({ ...fileEntry('a.txt', 'one') });
      await holdForTest('workspace-save');
      await db.files.put({ ...fileEntry('b.txt', 'two') });
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    expect(await db.files.count()).toBe(0);
    db.close();
  });

  it('holds a workspace save open, its writes unseen, until released; then it commits', async () => {
    const db = database();
    const hold = installHold('workspace-save');
    const saved = new WorkspaceRepository(db).apply(
      'c',
      { writes: [fileEntry('a.txt', 'one'), fileEntry('b.txt', 'two')], deletes: [] },
      null,
    );
    await until(() => hold.isOpen);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A read-only transaction over the store waits for the held one: nothing of it is visible yet.
    let seen: number | null = null;
    const read = db.files.count().then((count) => {
      seen = count;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toBeNull();
    hold.release();
    await saved;
    await read;
    expect(seen).toBe(2);
    db.close();
  });

  it('holds only the point asked for', async () => {
    const db = database();
    installHold('rewind');
    await new WorkspaceRepository(db).apply('c', { writes: [fileEntry('a.txt', 'one')], deletes: [] }, null);
    expect(await db.files.count()).toBe(1);
    db.close();
  });
});
