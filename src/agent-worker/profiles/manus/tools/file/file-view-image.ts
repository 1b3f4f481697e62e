import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { imageDimensions } from '@/agent-worker/toolkit/file-bytes.ts';
import type { VisionPort } from '@/agent-worker/toolkit/ports/vision-port.ts';
import type { ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';

/** Said of an image `view`ed when the conversation's model does not see images. */
export const IMAGE_NOT_SEEN =
  'You cannot see the image itself: this conversation’s model is set as not seeing images (Settings → Providers → Images). Work from its name, size and the text around it, or ask the user what it shows.';

/** Whether a binary file is taken for an image: its type by name, or a PNG/GIF/JPEG header. */
export function isImage(bytes: Uint8Array, mime: string): boolean {
  return mime.startsWith('image/') || imageDimensions(bytes) !== null;
}

/**
 * `file.view` of an image: its type, size and bytes; for a model that sees images, the
 * image itself, fitted (see `VisionPort.imageForModel`), after the observation. When it
 * cannot be made (a format the worker cannot decode), the observation says why.
 */
export async function viewImage(request: {
  path: string;
  mime: string;
  bytes: Uint8Array;
  vision: VisionPort;
}): Promise<ToolOutcome<FileMeta>> {
  const { path, mime, bytes, vision } = request;
  const size = imageDimensions(bytes);
  const facts = `${path}: ${mime} image, ${size ? `${size.width}×${size.height} px, ` : ''}${bytes.byteLength} bytes.`;
  const meta: FileMeta = { path, mime, ...(size ? { width: size.width, height: size.height } : {}) };
  if (!vision.seesImages) return { status: 'success', content: `${facts} ${IMAGE_NOT_SEEN}`, meta };
  const image = await vision.imageForModel(bytes, mime, path);
  if ('refused' in image)
    return { status: 'success', content: `${facts} It could not be shown to you: ${image.refused}`, meta };
  return {
    status: 'success',
    content: `${facts} The image follows this observation${scaledNote(image, size)}.`,
    meta: { ...meta, width: size?.width ?? image.width, height: size?.height ?? image.height },
    images: [image],
  };
}

function scaledNote(image: ObservationImage, size: { width: number; height: number } | null): string {
  if (size && size.width === image.width && size.height === image.height) return '';
  return ` (scaled to ${image.width}×${image.height} px)`;
}
