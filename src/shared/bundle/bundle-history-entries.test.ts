import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleHistoryContents } from '../storage/bundle-history-fixtures.ts';
import { decodeBundle, encodeBundle } from './bundle-codec.ts';
import { olderFormatBundle, sampleBundleContents } from './bundle-fixtures.ts';
import { BUNDLE_FORMAT_VERSION, BundleError, DEFAULT_BUNDLE_LIMITS } from './bundle-format.ts';

/** The entries of the sample bundle with its history, edited by `edit`, zipped again. */
function edited(edit: (entries: Record<string, Uint8Array>) => void): Uint8Array {
  const entries = unzipSync(encodeBundle(sampleHistoryContents(), '0.1.0', 5));
  edit(entries);
  return zipSync(entries);
}

const refusal = (bytes: Uint8Array, limits = DEFAULT_BUNDLE_LIMITS) => {
  try {
    decodeBundle(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return (error as Error).message;
  }
  throw new Error('the bundle was accepted');
};

describe('the workspace history in a bundle', () => {
  it('is written as format 3 and read back whole: changes, checkpoints and each kept version', () => {
    const contents = sampleHistoryContents();
    const bytes = encodeBundle(contents, '0.1.0', 5);
    const entries = unzipSync(bytes);
    expect(JSON.parse(strFromU8(entries['manifest.json'] ?? new Uint8Array())).formatVersion).toBe(3);
    expect(BUNDLE_FORMAT_VERSION).toBe(3);
    expect(Object.keys(entries).filter((name) => name.startsWith('history/'))).toEqual([
      'history/changes.json',
      'history/checkpoints.json',
      ...(contents.history?.blobs ?? []).map(({ hash }) => `history/blobs/${hash}`),
    ]);
    expect(decodeBundle(bytes)).toEqual(contents);
  });

  it('writes no history entries for a conversation without one', () => {
    const names = Object.keys(unzipSync(encodeBundle(sampleBundleContents(), '0.1.0', 5)));
    expect(names.some((name) => name.startsWith('history/'))).toBe(false);
    const empty = { ...sampleBundleContents(), history: { changes: [], checkpoints: [], blobs: [] } };
    expect(Object.keys(unzipSync(encodeBundle(empty, '0.1.0', 5)))).toEqual(names);
  });

  it('reads a format 2 bundle as before, without a history, and refuses a history entry in one', () => {
    const contents = sampleHistoryContents();
    const { history: _history, ...withoutHistory } = contents;
    expect(decodeBundle(olderFormatBundle(contents, 2))).toEqual(withoutHistory);
    const entries = unzipSync(encodeBundle(contents, '0.1.0', 5));
    const manifest = JSON.parse(strFromU8(entries['manifest.json'] ?? new Uint8Array()));
    entries['manifest.json'] = strToU8(JSON.stringify({ ...manifest, formatVersion: 2 }));
    expect(refusal(zipSync(entries))).toBe('This bundle has an unexpected entry: "history/changes.json".');
  });

  it('refuses a kept version not named by a SHA-256, and entries the history layout lacks', () => {
    for (const name of ['history/blobs/abc', 'history/blobs/../../evil', 'history/notes.txt']) {
      const bytes = edited((entries) => {
        entries[name] = strToU8('x');
      });
      expect(refusal(bytes), name).toMatch(/^This bundle has an unexpected entry: /);
    }
    const upper = edited((entries) => {
      entries[`history/blobs/${'A'.repeat(64)}`] = strToU8('x');
    });
    expect(refusal(upper)).toMatch(/unexpected entry/);
  });

  it('refuses history JSON out of shape, saying where, and a checkpoint that points at another workspace', () => {
    const wrongRev = edited((entries) => {
      const changes = JSON.parse(strFromU8(entries['history/changes.json'] ?? new Uint8Array()));
      changes[1].rev = 'four';
      entries['history/changes.json'] = strToU8(JSON.stringify(changes));
    });
    expect(refusal(wrongRev)).toBe(
      'This bundle is not valid: history/changes.json, item 2, rev: expected number, received string.',
    );
    const elsewhere = edited((entries) => {
      const checkpoints = JSON.parse(strFromU8(entries['history/checkpoints.json'] ?? new Uint8Array()));
      checkpoints[1].workspaceId = 'parent';
      entries['history/checkpoints.json'] = strToU8(JSON.stringify(checkpoints));
    });
    expect(refusal(elsewhere)).toMatch(/^This bundle is not valid: history\/checkpoints\.json, item 2: /);
  });

  it('counts the history entries in the size limits, before inflating them', () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    const bomb = edited((entries) => {
      entries['history/blobs/0000000000000000000000000000000000000000000000000000000000000000'] = zeros;
    });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(refusal(bomb, { ...DEFAULT_BUNDLE_LIMITS, maxUnpackedBytes: 5 * 1024 * 1024 })).toMatch(
      /unpacks to more than 5\.0 MB; it was refused before unpacking/,
    );
    const count = Object.keys(unzipSync(encodeBundle(sampleHistoryContents(), '0.1.0', 5))).length;
    const withoutHistory = Object.keys(unzipSync(encodeBundle(sampleBundleContents(), '0.1.0', 5))).length;
    expect(count).toBe(withoutHistory + 4);
    expect(
      refusal(encodeBundle(sampleHistoryContents(), '0.1.0', 5), {
        ...DEFAULT_BUNDLE_LIMITS,
        maxEntries: withoutHistory,
      }),
    ).toBe(`This bundle has ${count} entries, more than the ${withoutHistory} allowed.`);
  });
});
