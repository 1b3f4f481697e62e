import { z } from 'zod';

/** Where attached files go in the workspace (relative to `/home/ubuntu`). */
export const UPLOADS_FOLDER = 'uploads';

/** Most files one send may carry (a project folder can be large; its total is still capped by the limit). */
export const MAX_UPLOAD_FILES = 10_000;

/**
 * One file a person attaches: its path relative to where it goes (a name, or a folder's
 * tree as `project/src/main.ts`), its MIME type as the browser reported it ('' when it
 * did not know) and its bytes (sent transferred, not copied).
 */
export const UploadFile = z.object({
  path: z.string().min(1).max(1024),
  type: z.string().max(255),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes must be a Uint8Array'),
});
export type UploadFile = z.infer<typeof UploadFile>;

/**
 * Where a send's files land: `uploads` under `/home/ubuntu/uploads/`, `home` straight
 * under `/home/ubuntu/` (a project folder opened into a new conversation).
 */
export const UploadDestination = z.enum(['uploads', 'home']);
export type UploadDestination = z.infer<typeof UploadDestination>;

/** The files of one message and where they go. */
export const MessageUpload = z.object({
  files: z.array(UploadFile).max(MAX_UPLOAD_FILES),
  destination: UploadDestination.default('uploads'),
});
export type MessageUpload = z.input<typeof MessageUpload>;

/** A file as the message that brought it records it: workspace path (relative), MIME type, bytes. */
export const MessageAttachment = z.object({
  path: z.string().min(1),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
});
export type MessageAttachment = z.infer<typeof MessageAttachment>;

/**
 * Null when `addedBytes` fit in a workspace holding `usedBytes` under `limitBytes`, else
 * the reason the whole send is refused (nothing is written).
 */
export function uploadRoomProblem(usedBytes: number, addedBytes: number, limitBytes: number): string | null {
  if (usedBytes + addedBytes <= limitBytes) return null;
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `These files (${mib(addedBytes)}) do not fit in the workspace: it holds ${mib(usedBytes)} of its ${mib(limitBytes)} limit. Remove some files or raise the limit in Settings; nothing was sent.`;
}
