import { z } from 'zod';
import { parsed } from './bundle-checks.ts';
import {
  BUNDLE_ENTRIES,
  BundleChange,
  BundleCheckpoint,
  BundleError,
  type BundleHistory,
  HISTORY_FORMAT_VERSION,
} from './bundle-format.ts';
import { quoted } from './bundle-paths.ts';
import { readZipEntry, type ZipEntry } from './zip-reader.ts';

/** What a kept version's entry is named after: its bytes' SHA-256, in lowercase hex. */
const BLOB_NAME = /^[0-9a-f]{64}$/;
const HISTORY_FOLDER = 'history/';

/**
 * The zip entries of a workspace history: its changes and checkpoints as JSON, each kept
 * version's bytes as `history/blobs/<sha-256>`. None for an absent or empty history.
 */
export function historyEntries(
  history: BundleHistory | undefined,
  json: (value: unknown) => Uint8Array,
): Record<string, Uint8Array> {
  if (!history) return {};
  const { changes, checkpoints, blobs } = history;
  if (changes.length === 0 && checkpoints.length === 0 && blobs.length === 0) return {};
  const entries: Record<string, Uint8Array> = {
    [BUNDLE_ENTRIES.historyChanges]: json(changes),
    [BUNDLE_ENTRIES.historyCheckpoints]: json(checkpoints),
  };
  for (const blob of blobs) entries[`${BUNDLE_ENTRIES.historyBlobPrefix}${blob.hash}`] = blob.content;
  return entries;
}

/**
 * True for a zip entry the history's layout has: its two JSON files, a blob named by a
 * SHA-256, or one of its folders (as a zip tool adds them).
 */
export function isHistoryEntry(entry: ZipEntry): boolean {
  const { name } = entry;
  if (entry.isDirectory) return name === HISTORY_FOLDER || name === BUNDLE_ENTRIES.historyBlobPrefix;
  if (name === BUNDLE_ENTRIES.historyChanges || name === BUNDLE_ENTRIES.historyCheckpoints) return true;
  return (
    name.startsWith(BUNDLE_ENTRIES.historyBlobPrefix) &&
    BLOB_NAME.test(name.slice(BUNDLE_ENTRIES.historyBlobPrefix.length))
  );
}

/**
 * The history a bundle carries, in shape (zod) but not yet checked against its workspace
 * and events (that needs the content hashes: `checkBundleHistory` in storage does it
 * before anything is written). Undefined when the bundle has none; a `history/` entry in
 * a bundle older than format 3 is refused as the unexpected entry it was then.
 */
export function readHistory(
  entries: ReadonlyMap<string, ZipEntry>,
  bytes: Uint8Array,
  formatVersion: number,
  readJson: (name: string) => unknown,
): BundleHistory | undefined {
  const present = [...entries.values()].filter((entry) => entry.name.startsWith(HISTORY_FOLDER));
  if (present.length === 0) return undefined;
  const first = present[0];
  if (formatVersion < HISTORY_FORMAT_VERSION && first)
    throw new BundleError(`This bundle has an unexpected entry: ${quoted(first.name)}.`);
  const list = <T extends z.ZodType>(schema: T, name: string): z.infer<T>[] =>
    entries.has(name) ? parsed(z.array(schema), readJson(name), name) : [];
  return {
    changes: list(BundleChange, BUNDLE_ENTRIES.historyChanges),
    checkpoints: list(BundleCheckpoint, BUNDLE_ENTRIES.historyCheckpoints),
    blobs: present
      .filter((entry) => !entry.isDirectory && entry.name.startsWith(BUNDLE_ENTRIES.historyBlobPrefix))
      .map((entry) => ({
        hash: entry.name.slice(BUNDLE_ENTRIES.historyBlobPrefix.length),
        content: readZipEntry(bytes, entry),
      })),
  };
}
