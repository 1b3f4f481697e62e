import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchLiveQuery } from './watch-live-query.ts';

// Dexie's liveQuery runs only where Dexie has an IndexedDB (it observes changes through it). Given
// to Dexie here: with unit files sharing a worker, Dexie may have been loaded before any global one.
beforeAll(() => {
  Object.assign(Dexie.dependencies, { indexedDB, IDBKeyRange });
});

describe('watchLiveQuery', () => {
  it('watches again after a failure', async () => {
    let calls = 0;
    const value = 'first';
    const values: string[] = [];
    const errors: unknown[] = [];
    const watching = watchLiveQuery(
      async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`failure ${calls}`);
        return value;
      },
      { next: (next) => values.push(next), error: (error) => errors.push(error) },
      10,
    );
    await expect.poll(() => values).toEqual(['first']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['failure 1', 'failure 2']);
    watching.unsubscribe();
  });

  it('tries no more once unsubscribed, even with a try pending', async () => {
    let calls = 0;
    const watching = watchLiveQuery(
      async () => {
        calls += 1;
        throw new Error('still failing');
      },
      { next: () => undefined, error: () => undefined },
      20,
    );
    await expect.poll(() => calls).toBeGreaterThan(1);
    // It keeps failing, so the next try is always pending: stopped now, none runs.
    watching.unsubscribe();
    const before = calls;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(before);
  });
});
