import { z } from 'zod';
import { PreviewSite, PreviewStorageArea } from './preview-messages.ts';

/**
 * One area of one preview site's storage, as the app keeps it (`previewStorage` table)
 * and bundles carry it: the text the preview runtime saved, opaque to the app.
 */
export const PreviewStorageRow = z.object({
  conversationId: z.string().min(1),
  site: PreviewSite,
  area: PreviewStorageArea,
  data: z.string(),
  updatedAt: z.number(),
});
export type PreviewStorageRow = z.infer<typeof PreviewStorageRow>;
