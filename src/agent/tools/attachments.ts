import { z } from 'zod';
import { mimeForPath } from '../../protocol/mime-types.ts';

/** An attachment as seed 001 describes it, and as `meta.attachments` always reports it. */
export const Attachment = z.object({
  name: z.string().min(1),
  path: z.string().min(1),
  mime: z.string().min(1),
});
export type Attachment = z.infer<typeof Attachment>;

/** The last path segment, or the whole string for a URL without one. */
export function nameForPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const segment = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return segment || path;
}

/** Turns seed 000's path strings and seed 001's objects alike into `{name, path, mime}`. */
export function normalizeAttachment(value: string | Partial<Attachment>): Attachment {
  if (typeof value === 'string') {
    const path = value.trim();
    return { name: nameForPath(path), path, mime: mimeForPath(path) };
  }
  const path = (value.path ?? '').trim();
  return {
    name: value.name?.trim() || nameForPath(path),
    path,
    mime: value.mime?.trim() || mimeForPath(path),
  };
}
