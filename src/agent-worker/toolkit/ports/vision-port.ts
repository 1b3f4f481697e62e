import type { ObservationImage } from '@/shared/protocol/model-image-limits.ts';

/** Why an image could not be made for the model, in words for the observation. */
export type ImageRefusal = { refused: string };

/**
 * Images for a model that sees them. Whether it does is the conversation's provider's
 * (Settings → Providers: set, said by its server, or guessed from the model's name). The
 * platform does the pixel work (decoding, scaling to `MODEL_IMAGE_MAX_SIDE`, encoding,
 * rendering PDF pages), in the worker; where it cannot (no OffscreenCanvas), it says so.
 */
export interface VisionPort {
  /** True when observations may show this conversation's model images. */
  readonly seesImages: boolean;
  /** The image fitted for the model (scaled down and re-encoded when too big or in another format). */
  imageForModel(bytes: Uint8Array, mime: string, label: string): Promise<ObservationImage | ImageRefusal>;
  /** PDF pages (1-based) drawn as images for the model, in order. */
  pdfPagesForModel(
    bytes: Uint8Array,
    pages: readonly number[],
    label: string,
    signal?: AbortSignal,
  ): Promise<ObservationImage[] | ImageRefusal>;
}
