// Dexie's liveQuery runs only where IndexedDB is global (it observes changes through it).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { watchLiveQuery } from './watch-live-query.ts';

describe('watchLiveQuery', () => {
  it('watches again after a failure, and stops when asked', async () => {
    let calls = 0;
    let value = 'first';
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
    value = 'second';
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(values).toEqual(['first']);
  });
});
