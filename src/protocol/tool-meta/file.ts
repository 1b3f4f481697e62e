import { z } from 'zod';

/** One edit of `file.edit` as reported: the text looked for and how many times it was replaced. */
export const EditSummaryEntry = z.object({ find: z.string(), count: z.number().int().nonnegative() });
export type EditSummaryEntry = z.infer<typeof EditSummaryEntry>;

/** Seed 001 `file` meta (path, mime, derived text, edit summary) plus ours: an image's size in pixels. */
export const FileMeta = z.looseObject({
  path: z.string(),
  mime: z.string(),
  derived_text: z.string().optional(),
  edit_summary: z.array(EditSummaryEntry).optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
});
export type FileMeta = z.infer<typeof FileMeta>;
