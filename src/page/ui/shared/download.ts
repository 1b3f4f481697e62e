/**
 * How long a download's object URL stays alive after its click. The browser reads the blob
 * after the click has returned, at a moment of its choosing (later on a busy machine); revoked
 * before then, the download never starts. FileSaver.js keeps its URLs for 40 s for the same
 * reason; the cost is the blob's memory for that long.
 */
export const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/**
 * Saves bytes as a file through the browser's download (a temporary object URL on an
 * `<a download>`, revoked `DOWNLOAD_URL_LIFETIME_MS` after the click).
 */
export function downloadBytes(bytes: Uint8Array, fileName: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
