import { describe, expect, it } from 'vitest';
import { RecoveryAttempts } from './recovery-attempts.ts';

const cannotOpen = () =>
  Object.assign(new Error('UnknownError Internal error opening backing store for indexedDB.open.'), {
    name: 'DatabaseClosedError',
  });

describe('RecoveryAttempts', () => {
  it('tries once at start, and again before the next command while the database could not be opened', async () => {
    const outcomes: Array<Error | null> = [cannotOpen(), cannotOpen(), null];
    let attempts = 0;
    const failures: unknown[] = [];
    const recovery = new RecoveryAttempts(
      async () => {
        const outcome = outcomes[attempts++];
        if (outcome) throw outcome;
      },
      (error) => failures.push(error),
    );
    await recovery.done();
    expect(attempts).toBe(1);
    // Two commands at once share the second attempt.
    await Promise.all([recovery.done(), recovery.done()]);
    expect(attempts).toBe(2);
    await recovery.done();
    expect(attempts).toBe(3);
    // Recovered: never again.
    await recovery.done();
    await recovery.done();
    expect(attempts).toBe(3);
    expect(failures).toHaveLength(2);
  });

  it('reports any other failure and does not try again', async () => {
    let attempts = 0;
    const failures: unknown[] = [];
    const recovery = new RecoveryAttempts(
      async () => {
        attempts += 1;
        throw new Error('a bug');
      },
      (error) => failures.push(error),
    );
    await recovery.done();
    await recovery.done();
    expect(attempts).toBe(1);
    expect(failures).toEqual([new Error('a bug')]);
  });
});
