import { z } from 'zod';

/** One persisted workspace entry; `path` is relative to `/home/ubuntu`, without a leading slash. */
export const WorkspaceFile = z.object({
  conversationId: z.string().min(1),
  path: z.string().min(1),
  kind: z.enum(['file', 'directory']),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'content must be bytes'),
  size: z.number().int().nonnegative(),
  modifiedAt: z.number(),
});
export type WorkspaceFile = z.infer<typeof WorkspaceFile>;

/** A default workspace size limit per conversation: 200 MiB. */
export const DEFAULT_WORKSPACE_LIMIT_BYTES = 200 * 1024 * 1024;
