/** MIME types by file extension, for attachments, file views and the preview route. */
const MIME_BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  cjs: 'text/javascript',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  jsx: 'text/javascript',
  json: 'application/json',
  csv: 'text/csv',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  wasm: 'application/wasm',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
};

/** The MIME type for a path or URL: `text/uri-list` for web links, by extension otherwise. */
export function mimeForPath(path: string): string {
  if (/^https?:\/\//i.test(path)) return 'text/uri-list';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** The Content-Type to serve a path with: text types get `charset=utf-8`. */
export function contentTypeForPath(path: string): string {
  const mime = mimeForPath(path);
  const isText =
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime === 'image/svg+xml' ||
    mime === 'application/xml';
  return isText ? `${mime}; charset=utf-8` : mime;
}

/** True when `bytes` holds `signature` (ASCII, or byte values) starting at `offset`. */
function hasSignature(bytes: Uint8Array, offset: number, signature: string | readonly number[]): boolean {
  const expected =
    typeof signature === 'string' ? [...signature].map((char) => char.charCodeAt(0)) : signature;
  if (bytes.byteLength < offset + expected.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

/**
 * `%PDF-` and a version digit at the start (after a byte-order mark or blank lines, which
 * some writers leave). Readers also accept other junk before it, but a text file that
 * mentions `%PDF-` must stay text, so nothing else is skipped.
 */
function isPdf(bytes: Uint8Array): boolean {
  let offset = hasSignature(bytes, 0, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (offset < bytes.byteLength && [0x09, 0x0a, 0x0d, 0x20].includes(bytes[offset] ?? -1)) offset += 1;
  const digit = bytes[offset + 5] ?? 0;
  return hasSignature(bytes, offset, '%PDF-') && digit >= 0x30 && digit <= 0x39;
}

/** ISO media (`....ftyp<brand>`): AVIF images, M4A audio, QuickTime and MP4 video. */
function isoMediaMime(bytes: Uint8Array): string | null {
  if (!hasSignature(bytes, 4, 'ftyp')) return null;
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
  if (brand === 'qt  ') return 'video/quicktime';
  return 'video/mp4';
}

/**
 * The MIME type `bytes` announce by their signature (PDF, PNG, JPEG, GIF, WebP, AVIF,
 * MP3, WAV, Ogg, FLAC, AAC, M4A, MP4, QuickTime, WebM), or null when they name none of
 * these. A file's bytes say what it is better than its name does.
 */
export function mimeFromBytes(bytes: Uint8Array): string | null {
  if (isPdf(bytes)) return 'application/pdf';
  if (hasSignature(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (hasSignature(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (hasSignature(bytes, 0, 'GIF87a') || hasSignature(bytes, 0, 'GIF89a')) return 'image/gif';
  if (hasSignature(bytes, 0, 'RIFF') && hasSignature(bytes, 8, 'WEBP')) return 'image/webp';
  if (hasSignature(bytes, 0, 'RIFF') && hasSignature(bytes, 8, 'WAVE')) return 'audio/wav';
  if (hasSignature(bytes, 0, 'ID3')) return 'audio/mpeg';
  if (hasSignature(bytes, 0, 'OggS')) return 'audio/ogg';
  if (hasSignature(bytes, 0, 'fLaC')) return 'audio/flac';
  if (hasSignature(bytes, 0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  const iso = isoMediaMime(bytes);
  if (iso !== null) return iso;
  // MPEG audio frame sync: 0xFFF then the layer bits (MP3's layer III, or AAC's ADTS).
  if (bytes[0] === 0xff && (bytes[1] === 0xfb || bytes[1] === 0xf3 || bytes[1] === 0xf2)) return 'audio/mpeg';
  if (bytes[0] === 0xff && (bytes[1] === 0xf1 || bytes[1] === 0xf9)) return 'audio/aac';
  return null;
}

/** A file's MIME type: what its bytes announce when they announce one, else by its name. */
export function mimeForFile(path: string, bytes: Uint8Array): string {
  return mimeFromBytes(bytes) ?? mimeForPath(path);
}
