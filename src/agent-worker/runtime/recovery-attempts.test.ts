import { describe, expect, it } from 'vitest';
import { RECOVERY_RETRY_MS, RecoveryAttempts } from './recovery-attempts.ts';

const cannotOpen = () =>
  Object.assign(new Error('UnknownError Internal error opening backing store for indexedDB.open.'), {
    name: 'UnknownError',
  });

function counted(outcomes: Array<Error | null>, clock: { now: number }) {
  let attempts = 0;
  const failures: unknown[] = [];
  const recovery = new RecoveryAttempts(
    async () => {
      const outcome = outcomes[attempts++];
      if (outcome) throw outcome;
    },
    (error) => failures.push(error),
    () => clock.now,
  );
  return { recovery, failures, attempts: () => attempts };
}

describe('RecoveryAttempts', () => {
  it('tries again before a later command, at most every few seconds, while the database could not be opened', async () => {
    const clock = { now: 0 };
    const { recovery, failures, attempts } = counted([cannotOpen(), cannotOpen(), null], clock);
    await recovery.done();
    expect(attempts()).toBe(1);
    // Reads meanwhile wait for no new attempt.
    clock.now = RECOVERY_RETRY_MS - 1;
    await recovery.done();
    expect(attempts()).toBe(1);
    // Two commands at once share the second attempt.
    clock.now = RECOVERY_RETRY_MS;
    await Promise.all([recovery.done(), recovery.done()]);
    expect(attempts()).toBe(2);
    // What follows another tab's runs never starts one.
    clock.now = 3 * RECOVERY_RETRY_MS;
    await recovery.current();
    expect(attempts()).toBe(2);
    await recovery.done();
    expect(attempts()).toBe(3);
    // Recovered: never again.
    clock.now = 10 * RECOVERY_RETRY_MS;
    await recovery.done();
    expect(attempts()).toBe(3);
    expect(failures).toHaveLength(2);
  });

  it('reports any other failure, a connection closed after a failed write too, and does not try again', async () => {
    const clock = { now: 0 };
    const closed = Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
    const { recovery, failures, attempts } = counted([closed, new Error('a bug')], clock);
    await recovery.done();
    clock.now = 10 * RECOVERY_RETRY_MS;
    await recovery.done();
    expect(attempts()).toBe(1);
    expect(failures).toEqual([closed]);
  });
});
