import type { ImageRefusal } from '@/agent-worker/toolkit/ports/vision-port.ts';
import {
  MAX_IMAGE_DATA_CHARS,
  MODEL_IMAGE_MAX_SIDE,
  ModelImageMime,
  type ObservationImage,
} from '@/shared/protocol/model-image-limits.ts';
import { imageDimensions } from '../file-bytes.ts';
import { bytesToBase64 } from '../media/base64.ts';

/** Most bytes an image is sent as unchanged (base64 stays under every API's 5 MB per image). */
const PASS_THROUGH_BYTES = 3 * 1024 * 1024;
/** JPEG quality of a re-encoded image: text in screenshots stays legible. */
const JPEG_QUALITY = 0.9;

/** Whether this platform can decode, scale and encode images (a browser worker can; Node cannot). */
export function canDrawImages(): boolean {
  return typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

/** The size an image of `width` × `height` is shown at: at most `MODEL_IMAGE_MAX_SIDE` on its longer side. */
export function fittedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MODEL_IMAGE_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * An image as a model is shown it. PNG, JPEG and (still) GIF within the size limits go
 * as they are; anything larger, or in another format the browser decodes (WebP, BMP,
 * AVIF…), is scaled to fit `MODEL_IMAGE_MAX_SIDE` on an OffscreenCanvas over white and
 * encoded as JPEG, which every vision API (and llama.cpp's decoder) reads. SVG is not
 * drawn (a worker cannot decode it); the model can `read` it as text.
 */
export async function imageForModel(
  bytes: Uint8Array,
  mime: string,
  label: string,
): Promise<ObservationImage | ImageRefusal> {
  if (mime === 'image/svg+xml')
    return { refused: 'an SVG image is not shown as pixels here; `read` it: it is text.' };
  const size = imageDimensions(bytes);
  const sent = ModelImageMime.safeParse(mime);
  if (
    size &&
    sent.success &&
    sent.data !== 'image/webp' &&
    Math.max(size.width, size.height) <= MODEL_IMAGE_MAX_SIDE &&
    bytes.byteLength <= PASS_THROUGH_BYTES &&
    size.width > 0 &&
    size.height > 0
  ) {
    return { label, mime: sent.data, width: size.width, height: size.height, data: bytesToBase64(bytes) };
  }
  if (!canDrawImages())
    return {
      refused: 'this image would need resizing, and images cannot be drawn here (no OffscreenCanvas).',
    };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  } catch {
    return {
      refused: `the image could not be decoded (${mime}; damaged, or a format this browser cannot read).`,
    };
  }
  try {
    return await encodeForModel(bitmap, bitmap.width, bitmap.height, label);
  } finally {
    bitmap.close();
  }
}

/**
 * `source` (an image, or a canvas a PDF page was drawn on) scaled to fit and encoded as
 * JPEG over white; refused when even that is too large to keep.
 */
export async function encodeForModel(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  label: string,
): Promise<ObservationImage | ImageRefusal> {
  if (sourceWidth <= 0 || sourceHeight <= 0) return { refused: 'the image has no pixels.' };
  const { width, height } = fittedSize(sourceWidth, sourceHeight);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return { refused: 'no 2D canvas is available here to draw the image.' };
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  const data = bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
  if (data.length > MAX_IMAGE_DATA_CHARS)
    return { refused: 'the image is too large to send even when scaled down.' };
  return { label, mime: 'image/jpeg', width, height, data };
}
