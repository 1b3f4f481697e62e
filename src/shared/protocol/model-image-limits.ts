import { z } from 'zod';

/**
 * Longest side, in pixels, of an image shown to a model: larger images are scaled down
 * in the worker before they enter the context (Anthropic's guidance is 1,568 px; OpenAI
 * scales to fit 2,048 × 768 at high detail, so nothing is lost there either).
 */
export const MODEL_IMAGE_MAX_SIDE = 1568;
/** Most images one observation carries (a `view` of many PDF pages shows the first ones). */
export const MAX_OBSERVATION_IMAGES = 4;
/** Longest base64 text of one image kept in the log (about 3 MB of bytes). */
export const MAX_IMAGE_DATA_CHARS = 4 * 1024 * 1024;

/** The formats every vision API takes. */
export const ModelImageMime = z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export type ModelImageMime = z.infer<typeof ModelImageMime>;

/**
 * An image an observation shows the model (only when its provider sees images): what it
 * is of (`label`: a path, or a PDF's page), its size and its bytes as base64. Made once,
 * when the action completes, and kept in the log beside the envelope, so every later
 * request carries the same bytes (the prompt prefix never changes).
 */
export const ObservationImage = z.object({
  label: z.string().min(1).max(1024),
  mime: ModelImageMime,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  data: z
    .string()
    .min(1)
    .max(MAX_IMAGE_DATA_CHARS)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'),
});
export type ObservationImage = z.infer<typeof ObservationImage>;

/** The `data:` URL of an image, as chat APIs take it in an `image_url` part. */
export function imageDataUrl(image: Pick<ObservationImage, 'mime' | 'data'>): string {
  return `data:${image.mime};base64,${image.data}`;
}

/**
 * Prompt tokens an image costs, estimated (for the context's size, not billing): about
 * one token per 750 pixels (Anthropic's rule; OpenAI's tiles come to a similar figure at
 * these sizes), at least 85.
 */
export function imageTokens(image: Pick<ObservationImage, 'width' | 'height'>): number {
  return Math.max(85, Math.ceil((image.width * image.height) / 750));
}
