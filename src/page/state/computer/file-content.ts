import { mimeFromBytes } from '@/shared/protocol/mime-types.ts';

/**
 * What a version of a changed file is, read from its bytes (never from its name): an image
 * the diff shows as a picture (PNG, JPEG, GIF, WebP by their magic numbers, SVG by its
 * opening tag), or anything else with the name of its type.
 */
export type FileContent =
  | { kind: 'image'; mime: string; typeName: string }
  | { kind: 'other'; mime: string | null; typeName: string };

/** The raster images a diff shows as pictures, by the MIME type their signature gives. */
const IMAGE_NAMES: Record<string, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
};

/** Names for the other types `mimeFromBytes` recognises. */
const MIME_NAMES: Record<string, string> = {
  'application/pdf': 'PDF document',
  'image/avif': 'AVIF image',
  'audio/mpeg': 'MP3 audio',
  'audio/wav': 'WAV audio',
  'audio/ogg': 'Ogg audio',
  'audio/flac': 'FLAC audio',
  'audio/aac': 'AAC audio',
  'audio/mp4': 'M4A audio',
  'video/mp4': 'MP4 video',
  'video/quicktime': 'QuickTime video',
  'video/webm': 'WebM video',
};

/**
 * More signatures (offset, bytes) of common binary files, with their MIME type and name.
 * A weak one is printable text too ("MZ", "BM"): it names bytes only when they are not text.
 */
const SIGNATURES: readonly {
  offset: number;
  bytes: readonly number[];
  mime: string;
  typeName: string;
  isWeak?: boolean;
}[] = [
  { offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04], mime: 'application/zip', typeName: 'ZIP archive' },
  { offset: 0, bytes: [0x50, 0x4b, 0x05, 0x06], mime: 'application/zip', typeName: 'ZIP archive (empty)' },
  { offset: 0, bytes: [0x1f, 0x8b], mime: 'application/gzip', typeName: 'gzip archive' },
  {
    offset: 0,
    bytes: [0x42, 0x5a, 0x68],
    mime: 'application/x-bzip2',
    typeName: 'bzip2 archive',
    isWeak: true,
  },
  {
    offset: 0,
    bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
    mime: 'application/x-xz',
    typeName: 'xz archive',
  },
  {
    offset: 0,
    bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
    mime: 'application/x-7z-compressed',
    typeName: '7z archive',
  },
  {
    offset: 257,
    bytes: [0x75, 0x73, 0x74, 0x61, 0x72],
    mime: 'application/x-tar',
    typeName: 'tar archive',
    isWeak: true,
  },
  { offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d], mime: 'application/wasm', typeName: 'WebAssembly module' },
  { offset: 0, bytes: [0x7f, 0x45, 0x4c, 0x46], mime: 'application/x-elf', typeName: 'ELF executable' },
  {
    offset: 0,
    bytes: [0xca, 0xfe, 0xba, 0xbe],
    mime: 'application/java-vm',
    typeName: 'Java class or Mach-O binary',
  },
  {
    offset: 0,
    bytes: [0x4d, 0x5a],
    mime: 'application/x-msdownload',
    typeName: 'Windows executable',
    isWeak: true,
  },
  {
    offset: 0,
    bytes: [...'SQLite format 3\0'].map((char) => char.charCodeAt(0)),
    mime: 'application/vnd.sqlite3',
    typeName: 'SQLite database',
  },
  { offset: 0, bytes: [0x77, 0x4f, 0x46, 0x46], mime: 'font/woff', typeName: 'WOFF font', isWeak: true },
  { offset: 0, bytes: [0x77, 0x4f, 0x46, 0x32], mime: 'font/woff2', typeName: 'WOFF2 font', isWeak: true },
  { offset: 0, bytes: [0x00, 0x01, 0x00, 0x00, 0x00], mime: 'font/ttf', typeName: 'TrueType font' },
  { offset: 0, bytes: [0x4f, 0x54, 0x54, 0x4f], mime: 'font/otf', typeName: 'OpenType font', isWeak: true },
  { offset: 0, bytes: [0x42, 0x4d], mime: 'image/bmp', typeName: 'BMP image', isWeak: true },
  { offset: 0, bytes: [0x00, 0x00, 0x01, 0x00], mime: 'image/x-icon', typeName: 'ICO icon' },
];

/** An SVG document's start: an optional XML declaration, comments and doctype, then `<svg`. */
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/;

const decoder = new TextDecoder('utf-8');
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Whether the first 64 KB of `bytes` read as UTF-8 text (no NUL; a character cut at the end is fine). */
function isText(bytes: Uint8Array): boolean {
  const start = bytes.subarray(0, 64 * 1024);
  if (start.includes(0)) return false;
  try {
    strictDecoder.decode(start, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    // Ends the stream, whatever it held.
    strictDecoder.decode();
  }
}

function hasBytes(bytes: Uint8Array, offset: number, expected: readonly number[]): boolean {
  return (
    bytes.byteLength >= offset + expected.length &&
    expected.every((value, index) => bytes[offset + index] === value)
  );
}

/** Whether `bytes` are an SVG document (its opening tag within the first 4 KB). */
export function isSvg(bytes: Uint8Array): boolean {
  return SVG_START.test(decoder.decode(bytes.subarray(0, 4096)));
}

/**
 * What `bytes` are, by their magic numbers: an image a diff can show (PNG, JPEG, GIF,
 * WebP, or SVG), or another type named for the size-and-type summary ("ZIP archive",
 * "text"; "binary data" when nothing matches).
 */
export function fileContentOf(bytes: Uint8Array): FileContent {
  const mime = mimeFromBytes(bytes);
  const imageName = mime ? IMAGE_NAMES[mime] : undefined;
  if (mime && imageName) return { kind: 'image', mime, typeName: imageName };
  if (isSvg(bytes)) return { kind: 'image', mime: 'image/svg+xml', typeName: 'SVG image' };
  if (mime) return { kind: 'other', mime, typeName: MIME_NAMES[mime] ?? mime };
  const matching = SIGNATURES.filter((signature) => hasBytes(bytes, signature.offset, signature.bytes));
  const strong = matching.find((signature) => !signature.isWeak);
  if (strong) return { kind: 'other', mime: strong.mime, typeName: strong.typeName };
  if (isText(bytes)) return { kind: 'other', mime: 'text/plain', typeName: 'text' };
  const weak = matching[0];
  if (weak) return { kind: 'other', mime: weak.mime, typeName: weak.typeName };
  return { kind: 'other', mime: null, typeName: 'binary data' };
}
