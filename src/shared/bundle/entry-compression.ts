import { deflateSync } from 'fflate';

/** Entries smaller than this are deflated whatever they hold (it is quick). */
const PROBE_FROM_BYTES = 64 * 1024;
/** How much of an entry is tried. */
const SAMPLE_BYTES = 16 * 1024;
/** A sample still this large after a quick deflate is taken for bytes that do not compress. */
const INCOMPRESSIBLE_SHARE = 0.95;

/**
 * The deflate level for a bundle entry: 0 (stored as it is) for bytes that do not compress
 * (images, archives, media, encrypted or random data), 6 for the rest. Deflating 50 MB of
 * such bytes took seconds on the agent worker's thread for no gain (tests/bench/backup-copy);
 * storing them costs a copy and a checksum. Decided from the bytes themselves: a quick
 * deflate of a sample from their middle (past any header).
 */
export function compressionLevelFor(bytes: Uint8Array): 0 | 6 {
  if (bytes.byteLength < PROBE_FROM_BYTES) return 6;
  const start = Math.floor((bytes.byteLength - SAMPLE_BYTES) / 2);
  const sample = bytes.subarray(start, start + SAMPLE_BYTES);
  return deflateSync(sample, { level: 1 }).byteLength > sample.byteLength * INCOMPRESSIBLE_SHARE ? 0 : 6;
}
