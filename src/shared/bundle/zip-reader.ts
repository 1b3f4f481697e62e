import { Inflate } from 'fflate';
import { concatBytes, megabytes } from '../protocol/bytes.ts';

export { megabytes };

import { BundleError, type BundleLimits } from './bundle-format.ts';
import { quoted } from './bundle-paths.ts';

/** One entry as the zip's central directory declares it, checked before anything is inflated. */
export type ZipEntry = {
  name: string;
  isDirectory: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's compressed bytes start and end in the zip. */
  dataStart: number;
  dataEnd: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Deflate cannot shrink data more than about 1032 to 1: a header that claims more lies. */
const DEFLATE_MAX_RATIO = 1100;
const MADE_BY_UNIX = 3;
const FILE_TYPE_MASK = 0o170000;
const REGULAR_FILE = 0o100000;
const DIRECTORY = 0o040000;
const SYMBOLIC_LINK = 0o120000;

const names = new TextDecoder('utf-8', { fatal: true });

/**
 * The entries of a zip as its central directory lists them. Everything a bomb or a
 * trick would need is refused here, before a byte is inflated: too many entries, sizes
 * whose sum passes the limit or that no compression reaches, ZIP64, encryption,
 * symbolic links and special files, names that are not text, the same name twice (also
 * in another Unicode form), entries that overlap or disagree with their local header.
 */
export function readZipDirectory(bytes: Uint8Array, limits: BundleLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0)
    throw new BundleError('This bundle is split over several zip files; Sandpiper bundles are one file.');
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw zip64();
  if (count === 0) throw new BundleError('This is not a Sandpiper bundle: the zip is empty.');
  if (count > limits.maxEntries)
    throw new BundleError(`This bundle has ${count} entries, more than the ${limits.maxEntries} allowed.`);
  if (directoryOffset + directorySize > end) throw damaged('its table of contents is cut or misplaced');
  const entries: ZipEntry[] = [];
  const seen = new Map<string, string>();
  let declaredTotal = 0;
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== DIRECTORY_ENTRY)
      throw damaged('its table of contents is cut or misplaced');
    const entry = directoryEntry(bytes, view, offset, directoryOffset);
    const key = entry.name.normalize('NFC');
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new BundleError(
        earlier === entry.name
          ? `This bundle has the entry ${quoted(entry.name)} twice.`
          : `This bundle has the entry ${quoted(entry.name)} twice, written in two Unicode forms.`,
      );
    }
    seen.set(key, entry.name);
    declaredTotal += entry.size;
    if (declaredTotal > limits.maxUnpackedBytes) {
      throw new BundleError(
        `This bundle unpacks to more than ${megabytes(limits.maxUnpackedBytes)}; it was refused before unpacking (a zip bomb looks like this).`,
      );
    }
    entries.push(entry);
    const variableLength =
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
    offset += 46 + variableLength;
  }
  const byStart = [...entries].sort((a, b) => a.dataStart - b.dataStart);
  for (let index = 1; index < byStart.length; index++) {
    if ((byStart[index]?.dataStart ?? 0) < (byStart[index - 1]?.dataEnd ?? 0))
      throw damaged('two of its entries share the same bytes (a zip bomb looks like this)');
  }
  return entries;
}

/**
 * The bytes of `entry`, inflated with its declared size as the cap: an entry that holds
 * more (or less) than it declares, or whose checksum differs, is refused as damaged.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const compressed = bytes.subarray(entry.dataStart, entry.dataEnd);
  let content: Uint8Array;
  if (entry.method === 0) {
    content = compressed;
  } else {
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    const inflate = new Inflate();
    inflate.ondata = (chunk) => {
      inflated += chunk.byteLength;
      if (inflated <= entry.size) chunks.push(chunk);
    };
    try {
      // Small steps: deflate grows at most about 1,000-fold, so one step inflates at most ~4 MB past the cap.
      const step = 4 * 1024;
      for (let start = 0; start < compressed.byteLength && inflated <= entry.size; start += step) {
        const stop = Math.min(compressed.byteLength, start + step);
        inflate.push(compressed.subarray(start, stop), stop === compressed.byteLength);
      }
    } catch (error) {
      throw damaged(
        `${quoted(entry.name)} does not inflate (${error instanceof Error ? error.message : error})`,
      );
    }
    if (inflated > entry.size)
      throw damaged(`${quoted(entry.name)} holds more than the ${entry.size} bytes it declares`);
    content = concatBytes(chunks);
  }
  if (content.byteLength !== entry.size)
    throw damaged(
      `${quoted(entry.name)} holds ${content.byteLength} bytes, not the ${entry.size} it declares`,
    );
  if (crc32(content) !== entry.crc) throw damaged(`${quoted(entry.name)} fails its checksum`);
  return content;
}

function directoryEntry(bytes: Uint8Array, view: DataView, offset: number, directoryStart: number): ZipEntry {
  const madeBy = view.getUint16(offset + 4, true) >> 8;
  const flags = view.getUint16(offset + 8, true);
  const method = view.getUint16(offset + 10, true);
  const crc = view.getUint32(offset + 16, true);
  const compressedSize = view.getUint32(offset + 20, true);
  const size = view.getUint32(offset + 24, true);
  const nameLength = view.getUint16(offset + 28, true);
  const diskStart = view.getUint16(offset + 34, true);
  const fileType = (view.getUint32(offset + 38, true) >>> 16) & FILE_TYPE_MASK;
  const localOffset = view.getUint32(offset + 42, true);
  const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
  const name = entryName(nameBytes);
  if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw zip64();
  if (diskStart !== 0)
    throw new BundleError('This bundle is split over several zip files; Sandpiper bundles are one file.');
  if (flags & 0x1) throw new BundleError(`This bundle is encrypted (${quoted(name)}); bundles never are.`);
  if (method !== 0 && method !== 8)
    throw new BundleError(`This bundle uses an unsupported compression (method ${method}, ${quoted(name)}).`);
  if (madeBy === MADE_BY_UNIX && fileType === SYMBOLIC_LINK)
    throw new BundleError(`This bundle holds a symbolic link (${quoted(name)}); bundles hold only files.`);
  if (madeBy === MADE_BY_UNIX && fileType !== 0 && fileType !== REGULAR_FILE && fileType !== DIRECTORY)
    throw new BundleError(`This bundle holds a special file (${quoted(name)}); bundles hold only files.`);
  const isImpossible =
    (method === 0 && compressedSize !== size) ||
    (method === 8 && size > compressedSize * DEFLATE_MAX_RATIO + 1024);
  if (isImpossible)
    throw new BundleError(
      `This bundle declares that ${quoted(name)} unpacks to ${size} bytes from ${compressedSize}, which no real file does (a zip bomb looks like this).`,
    );
  const local = localData(bytes, localOffset, nameBytes, name);
  const dataEnd = local + compressedSize;
  if (dataEnd > directoryStart) throw damaged(`${quoted(name)} runs past the end of the data`);
  return {
    name,
    isDirectory: name.endsWith('/'),
    method,
    crc,
    compressedSize,
    size,
    dataStart: local,
    dataEnd,
  };
}

/** Where an entry's data starts, once its local header is found and agrees with the directory. */
function localData(bytes: Uint8Array, offset: number, nameBytes: Uint8Array, name: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (offset + 30 > bytes.byteLength || view.getUint32(offset, true) !== LOCAL_HEADER)
    throw damaged(`the entry ${quoted(name)} is not where its table of contents says`);
  const nameLength = view.getUint16(offset + 26, true);
  const extraLength = view.getUint16(offset + 28, true);
  const localName = bytes.subarray(offset + 30, offset + 30 + nameLength);
  const isSame =
    localName.byteLength === nameBytes.byteLength && localName.every((byte, i) => byte === nameBytes[i]);
  if (!isSame) throw damaged(`the entry ${quoted(name)} has another name in its own header`);
  return offset + 30 + nameLength + extraLength;
}

function entryName(nameBytes: Uint8Array): string {
  let name: string;
  try {
    name = names.decode(nameBytes);
  } catch {
    throw new BundleError('This bundle has an entry whose name is not valid text (UTF-8).');
  }
  if (name.length === 0) throw new BundleError('This bundle has an entry without a name.');
  return name;
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - 0xffff; offset--) {
    if (view.getUint32(offset, true) !== END_OF_DIRECTORY) continue;
    if (offset + 22 + view.getUint16(offset + 20, true) === view.byteLength) return offset;
  }
  throw new BundleError('This is not a Sandpiper bundle: the file is not a zip, or it is cut short.');
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function zip64(): BundleError {
  return new BundleError(
    'This bundle uses ZIP64 sizes, which no Sandpiper bundle needs (it would be too big).',
  );
}

function damaged(what: string): BundleError {
  return new BundleError(`This bundle is damaged: ${what}.`);
}
