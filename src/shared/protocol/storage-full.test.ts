import { describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  isDatabaseUnopenable,
  isQuotaError,
  orFromBackupCopy,
} from './storage-full.ts';

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });
/** An error named `name`, wrapping `inner` as Dexie does. */
const named = (name: string, message: string, inner?: unknown) =>
  Object.assign(new Error(message), { name }, inner ? { inner } : {});

/** Chromium's other refusal to open a database on a full disk. */
const fullDiskOpen = named(
  'QuotaExceededError',
  'Encountered full disk while opening backing store for indexedDB.open.',
);

describe('isQuotaError', () => {
  it('knows a full storage by the error’s name or words, bare or wrapped as Dexie wraps it', () => {
    expect(isQuotaError(domError('QuotaExceededError', 'The quota has been exceeded.'))).toBe(true);
    // Chromium, its profile on a full disk (tests/bench/full-disk.bench.test.ts).
    expect(isQuotaError(domError('DataError', 'Failed to write blobs (IOError)'))).toBe(true);
    expect(
      isQuotaError(
        domError('UnknownError', 'Internal error: IO error: .../000123.log: No space left on device'),
      ),
    ).toBe(true);
    const wrapped = Object.assign(domError('AbortError', 'Transaction aborted'), {
      inner: domError('DataError', 'Failed to write blobs (IOError)'),
    });
    expect(isQuotaError(wrapped)).toBe(true);
  });

  it('is false for other failures', () => {
    expect(
      isQuotaError(
        domError('AbortError', 'The transaction was aborted, so the request cannot be fulfilled.'),
      ),
    ).toBe(false);
    expect(isQuotaError(domError('ConstraintError', 'Key already exists in the object store.'))).toBe(false);
    expect(isQuotaError(domError('DataError', 'Failed to read a key'))).toBe(false);
    expect(isQuotaError(new Error('A radio error occurred'))).toBe(false);
    // A tool's error naming a file is not IndexedDB's, whatever the file is called.
    expect(
      isQuotaError(domError('SandboxError', '/home/ubuntu/notes/ioerror-handling.md does not exist.')),
    ).toBe(false);
    expect(
      isQuotaError(domError('SandboxError', '/home/ubuntu/IO error: disk full.md does not exist.')),
    ).toBe(false);
    expect(isQuotaError(new Error('IO error: disk full (from a tool)'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a database that cannot be opened or whose connection closed, bare or wrapped', () => {
    const cannotOpen = named('UnknownError', 'Internal error opening backing store for indexedDB.open.');
    expect(isDatabaseUnavailable(cannotOpen)).toBe(true);
    expect(isDatabaseUnavailable(named('DatabaseClosedError', 'UnknownError …', cannotOpen))).toBe(true);
    expect(isDatabaseUnavailable(named('OpenFailedError', 'UnknownError …', cannotOpen))).toBe(true);
    // Through the worker the cause is dropped: Dexie's wrapper alone says it.
    expect(isDatabaseUnavailable(named('DatabaseClosedError', 'Database has been closed'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        named('UnknownError', 'Connection is closing because of: IO error: …/000004.log'),
      ),
    ).toBe(true);
  });
  it('is not a transaction that failed on its own, a migration that threw, or any other error', () => {
    expect(isDatabaseUnavailable(named('AbortError', 'The transaction was aborted'))).toBe(false);
    expect(
      isDatabaseUnavailable(named('OpenFailedError', 'UpgradeError …', named('UpgradeError', 'bad'))),
    ).toBe(false);
    expect(isDatabaseUnavailable(named('Error', 'Could not open backing-store.md'))).toBe(false);
    expect(isDatabaseUnavailable('DatabaseClosedError')).toBe(false);
  });
  it('knows Chromium’s quota error for an open on a full disk, not one of a write', () => {
    expect(isDatabaseUnavailable(fullDiskOpen)).toBe(true);
    expect(isDatabaseUnavailable(named('OpenFailedError', 'QuotaExceededError …', fullDiskOpen))).toBe(true);
    expect(isDatabaseUnavailable(named('DatabaseClosedError', 'QuotaExceededError …', fullDiskOpen))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(named('QuotaExceededError', 'The quota has been exceeded.'))).toBe(false);
    expect(
      isDatabaseUnavailable(named('AbortError', 'Transaction aborted', named('QuotaExceededError', 'Quota'))),
    ).toBe(false);
  });
});

describe('isDatabaseUnopenable', () => {
  it('knows a database that could not be opened, bare or wrapped', () => {
    const cannotOpen = named('UnknownError', 'Internal error opening backing store for indexedDB.open.');
    expect(isDatabaseUnopenable(cannotOpen)).toBe(true);
    expect(isDatabaseUnopenable(named('OpenFailedError', 'UnknownError …', cannotOpen))).toBe(true);
    expect(isDatabaseUnopenable(named('DatabaseClosedError', 'UnknownError …', cannotOpen))).toBe(true);
  });
  it('is not a connection the browser closed after a failed write, nor a migration that threw', () => {
    expect(isDatabaseUnopenable(named('DatabaseClosedError', 'Database has been closed'))).toBe(false);
    expect(
      isDatabaseUnopenable(named('UnknownError', 'Connection is closing because of: IO error: …/000004.log')),
    ).toBe(false);
    expect(
      isDatabaseUnopenable(named('OpenFailedError', 'UpgradeError …', named('UpgradeError', 'bad'))),
    ).toBe(false);
    expect(isDatabaseUnopenable(named('Error', 'Could not open backing-store.md'))).toBe(false);
  });
  it('knows Chromium’s quota error for an open on a full disk, not one of a write', () => {
    expect(isDatabaseUnopenable(fullDiskOpen)).toBe(true);
    expect(isDatabaseUnopenable(named('OpenFailedError', 'QuotaExceededError …', fullDiskOpen))).toBe(true);
    expect(isDatabaseUnopenable(named('QuotaExceededError', 'The quota has been exceeded.'))).toBe(false);
  });
});

describe('orFromBackupCopy', () => {
  it('answers from the copy only when the database itself failed and a copy is there', async () => {
    const cannotOpen = () =>
      Promise.reject(
        domError(
          'DatabaseClosedError',
          'UnknownError Internal error opening backing store for indexedDB.open.',
        ),
      );
    const fromCopy = async () => 'copy';
    let databaseReads = 0;
    const onDatabaseRead = () => {
      databaseReads += 1;
    };
    await expect(orFromBackupCopy(async () => 'database', fromCopy, onDatabaseRead)).resolves.toBe(
      'database',
    );
    expect(databaseReads).toBe(1);
    await expect(orFromBackupCopy(cannotOpen, fromCopy)).resolves.toBe('copy');
    // Any other failure stands (the copy would hide a bug).
    await expect(orFromBackupCopy(() => Promise.reject(new Error('No such tool')), fromCopy)).rejects.toThrow(
      'No such tool',
    );
    // No copy (or one that cannot be read): the database's error stands.
    await expect(orFromBackupCopy(cannotOpen, async () => null)).rejects.toThrow(/backing store/);
    await expect(orFromBackupCopy(cannotOpen, () => Promise.reject(new Error('broken zip')))).rejects.toThrow(
      /backing store/,
    );
  });
});
