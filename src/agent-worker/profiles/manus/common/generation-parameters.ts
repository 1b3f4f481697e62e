import { z } from 'zod';
import { IMAGE_SIZE_PATTERN } from '@/shared/protocol/media/media-settings.ts';

/*
 * The generation actions' parameters are kept to what a small model needs to see: the
 * three tools must fit beside seed 000's twelve in a 4,096-token window (compact form),
 * so optional parameters whose name and type say enough carry no description here; the
 * tools' descriptions explain them (the full form).
 */

/** How many images one call may ask for. */
export const MOST_IMAGES = 4;

/** A required text: trimmed, not empty (checked here, not shown in the schema). */
export function requiredText() {
  return z
    .string()
    .trim()
    .refine((text) => text.length > 0, 'Must not be empty.');
}

/** The output file's name (the tools' descriptions say where it goes and how clashes are named). */
export const fileNameParameter = z.string().optional();

/** The image parameters `generate_image` and `edit_image` share. */
export const imageParameters = {
  count: z.number().int().min(1).max(MOST_IMAGES).optional(),
  file_name: fileNameParameter,
  size: z
    .string()
    .refine(
      (size) => IMAGE_SIZE_PATTERN.test(size),
      'Give the size as WIDTHxHEIGHT (like 1024x1024) or "auto".',
    )
    .optional()
    .describe('WIDTHxHEIGHT or auto'),
};
