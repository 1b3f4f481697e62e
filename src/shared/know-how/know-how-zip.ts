import { BundleError } from '../bundle/bundle-format.ts';
import { readZipDirectory, readZipEntry, type ZipEntry } from '../bundle/zip-reader.ts';
import { KNOW_HOW_LIMITS } from '../protocol/know-how.ts';

/**
 * The entries of a skill's or a project's zip, read with the bundles' hardened reader
 * (sizes, entry count and bombs refused before anything is inflated; `extraEntries` for a
 * manifest), and a reader of one entry's bytes (its own copy, no view of the zip). The
 * reader's refusals say "it" where they would say "this bundle"; `refused` words them.
 */
export function openKnowHowZip(
  bytes: Uint8Array,
  refused: (reason: string) => Error,
  extra: { entries: number; bytes: number } = { entries: 0, bytes: 0 },
): { entries: ZipEntry[]; read: (entry: ZipEntry) => Uint8Array } {
  const worded = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      throw refused(
        error.message
          .replace(/^This is not a Sandpiper bundle: /, '')
          .replace(/this bundle|Sandpiper bundles/gi, 'it'),
      );
    }
  };
  const entries = worded(() =>
    readZipDirectory(bytes, {
      maxBundleBytes: KNOW_HOW_LIMITS.maxBytes * 2,
      maxUnpackedBytes: KNOW_HOW_LIMITS.maxBytes + extra.bytes,
      // Folders may have entries of their own.
      maxEntries: KNOW_HOW_LIMITS.maxFiles * 2 + extra.entries,
    }),
  );
  return { entries, read: (entry) => worded(() => readZipEntry(bytes, entry).slice()) };
}
