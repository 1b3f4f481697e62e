import { describe, expect, it } from 'vitest';
import { isQuotaError } from './storage-full.ts';

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

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
