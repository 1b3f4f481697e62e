/** Bytes as base64 (chunked, so large images do not overflow the call stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  const chunkSize = 0x8000;
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunkSize));
  }
  return btoa(binary);
}

/** The bytes base64 `text` encodes (whitespace ignored), or null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A base64 `data:` URL of `bytes`. */
export function dataUrlOf(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${bytesToBase64(bytes)}`;
}

/** The type and bytes of a base64 `data:` URL, or null for any other URL or a broken one. */
export function parseDataUrl(url: string): { mime: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/is.exec(url.trim());
  if (!match) return null;
  const bytes = base64ToBytes(match[3] ?? '');
  return bytes === null ? null : { mime: match[1] || 'application/octet-stream', bytes };
}
