import { type UnzipFileInfo, unzipSync } from 'fflate';

/** Most bytes one entry of an Office file may unpack to. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** Most bytes all the entries of an Office file together may unpack to. */
export const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;

const MEGABYTE = 1024 * 1024;

/** Thrown when a zip's entries claim more than the limits: the file is refused unread. */
export class UnpackLimitError extends Error {}

function refuse(limit: number): never {
  throw new UnpackLimitError(`this file unpacks to more than ${limit / MEGABYTE} MB; it is refused.`);
}

/**
 * An fflate `unzipSync` filter that refuses (throws) before inflating when an entry
 * unpacks to more than `MAX_ENTRY_BYTES`, or the entries kept so far to more than
 * `MAX_UNPACKED_BYTES` together; `keep` chooses the entries to unpack.
 */
export function sizeLimitedFilter(keep: (file: UnzipFileInfo) => boolean): (file: UnzipFileInfo) => boolean {
  let total = 0;
  return (file) => {
    if (!keep(file)) return false;
    if (file.originalSize > MAX_ENTRY_BYTES) refuse(MAX_ENTRY_BYTES);
    total += file.originalSize;
    if (total > MAX_UNPACKED_BYTES) refuse(MAX_UNPACKED_BYTES);
    return true;
  };
}

/**
 * Reads only a zip's central directory (nothing is inflated) and throws when its
 * entries claim more than the limits above, so a zip bomb is refused before a library
 * (mammoth, read-excel-file) unpacks it. A file that is not a zip passes: the library
 * reports that itself.
 */
export function checkZipSizes(bytes: Uint8Array): void {
  const filter = sizeLimitedFilter(() => true);
  try {
    unzipSync(bytes, { filter: (file) => filter(file) && false });
  } catch (error) {
    if (error instanceof UnpackLimitError) throw error;
  }
}
