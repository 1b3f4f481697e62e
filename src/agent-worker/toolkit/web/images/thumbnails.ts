/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIDE = 320;

export type Thumbnail = { bytes: Uint8Array; mime: string; extension: string; width: number; height: number };

/** Makes a thumbnail of an image, or null when this platform (or this format) cannot. */
export type Thumbnailer = (bytes: Uint8Array, mime: string) => Promise<Thumbnail | null>;

/**
 * Thumbnails drawn in the worker: the image decoded with `createImageBitmap`, scaled to
 * at most `THUMBNAIL_SIDE` on its longer side on an `OffscreenCanvas`, encoded as WebP
 * (PNG where the browser cannot encode WebP). Null where there is no OffscreenCanvas
 * (Node) or the image cannot be decoded in a worker (SVG).
 */
export const canvasThumbnailer: Thumbnailer = async (bytes, mime) => {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  if (mime === 'image/svg+xml') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.82 });
    const isWebp = blob.type === 'image/webp';
    return {
      bytes: new Uint8Array(await blob.arrayBuffer()),
      mime: isWebp ? 'image/webp' : blob.type,
      extension: isWebp ? 'webp' : 'png',
      width,
      height,
    };
  } finally {
    bitmap.close();
  }
};
