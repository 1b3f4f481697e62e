import { z } from 'zod';
import { mimeForPath } from '../mime-types.ts';
import { baseName } from '../workspace.ts';

/** A file or link attached to a message, as `meta.attachments` always reports it (seed 001). */
export const Attachment = z.object({
  name: z.string().min(1),
  path: z.string().min(1),
  mime: z.string().min(1),
});
export type Attachment = z.infer<typeof Attachment>;

/** What a model (seed 000: a path) or an older log (seed 001: an object) may give as an attachment. */
export const AttachmentInput = z.union([
  z.string().min(1),
  z.object({ name: z.string().optional(), path: z.string().min(1), mime: z.string().optional() }),
]);
export type AttachmentInput = z.infer<typeof AttachmentInput>;

/** `{name, path, mime}` from a path string or a partial object: the name from the path, the MIME type by extension. */
export function normalizeAttachment(value: AttachmentInput): Attachment {
  if (typeof value === 'string') {
    const path = value.trim();
    return { name: baseName(path), path, mime: mimeForPath(path) };
  }
  const path = value.path.trim();
  return {
    name: value.name?.trim() || baseName(path),
    path,
    mime: value.mime?.trim() || mimeForPath(path),
  };
}

/** `meta.attachments` in the order given, each normalised; malformed entries are skipped, never reordered. */
export function attachmentsOf(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = AttachmentInput.safeParse(entry);
    if (!parsed.success) return [];
    const attachment = normalizeAttachment(parsed.data);
    return attachment.path === '' ? [] : [attachment];
  });
}
