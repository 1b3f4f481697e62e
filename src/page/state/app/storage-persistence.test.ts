import { describe, expect, it } from 'vitest';
import { checkPersistence, persistenceState, requestPersistence } from './storage-persistence.ts';

const storage = (persisted: boolean, grants: boolean) => {
  const calls: string[] = [];
  return {
    calls,
    persisted: async () => {
      calls.push('persisted');
      return persisted;
    },
    persist: async () => {
      calls.push('persist');
      return grants;
    },
  };
};

describe('storage persistence', () => {
  it('asks only when not yet persisted, and reports the outcome', async () => {
    const already = storage(true, false);
    expect(await requestPersistence(already)).toBe('persisted');
    expect(already.calls).toEqual(['persisted']);
    const granted = storage(false, true);
    expect(await requestPersistence(granted)).toBe('persisted');
    expect(granted.calls).toEqual(['persisted', 'persist']);
    expect(await requestPersistence(storage(false, false))).toBe('best-effort');
    expect(persistenceState()).toBe('best-effort');
  });

  it('says so where the browser has no such API, and can check without asking', async () => {
    expect(await requestPersistence(undefined)).toBe('unsupported');
    const probe = storage(false, true);
    expect(await checkPersistence(probe)).toBe('best-effort');
    expect(probe.calls).toEqual(['persisted']);
  });
});
