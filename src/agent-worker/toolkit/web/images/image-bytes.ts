import { imageSize } from 'image-size';

/** What the bytes of an image say about it. */
export type ImageFacts = { width: number; height: number; mime: string; extension: string };

const MIME_BY_TYPE: Record<string, { mime: string; extension: string }> = {
  png: { mime: 'image/png', extension: 'png' },
  jpg: { mime: 'image/jpeg', extension: 'jpg' },
  gif: { mime: 'image/gif', extension: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp' },
  svg: { mime: 'image/svg+xml', extension: 'svg' },
  bmp: { mime: 'image/bmp', extension: 'bmp' },
  avif: { mime: 'image/avif', extension: 'avif' },
  ico: { mime: 'image/x-icon', extension: 'ico' },
  tiff: { mime: 'image/tiff', extension: 'tiff' },
};

/**
 * The true width, height and format of an image, read from its bytes (image-size
 * understands the headers of every common format), or null when the bytes are not an
 * image it knows — whatever the server's Content-Type claimed.
 */
export function readImageFacts(bytes: Uint8Array): ImageFacts | null {
  try {
    const size = imageSize(bytes);
    const format = size.type ? MIME_BY_TYPE[size.type] : undefined;
    if (!format || !(size.width > 0) || !(size.height > 0)) return null;
    const rotated = size.orientation !== undefined && size.orientation >= 5;
    return {
      width: rotated ? size.height : size.width,
      height: rotated ? size.width : size.height,
      ...format,
    };
  } catch {
    return null;
  }
}
