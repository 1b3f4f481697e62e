import { z } from 'zod';

/** `browser` meta (ours: the seeds describe none): the page the browser shows. */
export const BrowserMeta = z.looseObject({ url: z.string(), title: z.string().optional() });
export type BrowserMeta = z.infer<typeof BrowserMeta>;
