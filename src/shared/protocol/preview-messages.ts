import { z } from 'zod';
import { type PreviewAction, PreviewConsoleEntry, PreviewPageState } from './preview-browser.ts';
import {
  MAX_DETAIL_CHARS,
  MAX_HREF_CHARS,
  PREVIEW_AREA_LIMITS,
  PREVIEW_MESSAGE_TAG,
} from './preview-limits.ts';

export { PREVIEW_AREA_LIMITS, PREVIEW_MESSAGE_TAG } from './preview-limits.ts';

/**
 * What a preview page (the preview runtime the service worker puts first in every HTML
 * page it serves from a workspace) and the app page that frames it say to each other
 * with `postMessage`. The runtime posts only to the app's origin and obeys only messages
 * from it; the app reads the runtime's messages with these schemas, since the page's own
 * scripts share the runtime's window and can post anything.
 *
 * The runtime imports these types only (`import type`): zod stays out of every page.
 */

/** The storage a preview page keeps, each area saved whole as text. */
export const PREVIEW_STORAGE_AREAS = ['local', 'session', 'cookies', 'indexeddb'] as const;
export const PreviewStorageArea = z.enum(PREVIEW_STORAGE_AREAS);
export type PreviewStorageArea = z.infer<typeof PreviewStorageArea>;

/**
 * A site's name within its conversation: the first folder of the page's workspace path
 * (`notes-app/index.html` → `notes-app`), or '' for a page at the workspace's top. Two
 * sites of one conversation keep separate storage, as two origins would.
 */
export const PreviewSite = z
  .string()
  .max(255)
  .regex(/^[^/\\]*$/, 'a site is one folder name');

/** The site of a page at `path` (relative to /home/ubuntu). */
export function previewSiteOf(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  return parts.length > 1 ? parts[0]! : '';
}

/** What the service worker hands the runtime with the page: where it is and its saved storage. */
export type PreviewRuntimeInit = {
  /** The app's origin: the only one the runtime talks to. */
  appOrigin: string;
  conversationId: string;
  site: string;
  /** Each area's saved text, or null when it has none. */
  areas: Record<PreviewStorageArea, string | null>;
};

const Tagged = { tag: z.literal(PREVIEW_MESSAGE_TAG) };

/** Runtime → app. */
export const PreviewPageMessage = z.discriminatedUnion('type', [
  /** The page started (its runtime ran); sent again after each navigation within the frame. */
  z.object({ ...Tagged, type: z.literal('hello'), site: PreviewSite, href: z.string().max(MAX_HREF_CHARS) }),
  /** One area's whole content, to be saved in place of the last. */
  z.object({
    ...Tagged,
    type: z.literal('storage'),
    site: PreviewSite,
    area: PreviewStorageArea,
    data: z.string().max(Math.max(...Object.values<number>(PREVIEW_AREA_LIMITS))),
  }),
  z.object({ ...Tagged, type: z.literal('console'), entry: PreviewConsoleEntry }),
  /** The answer to a command. */
  z.object({
    ...Tagged,
    type: z.literal('reply'),
    id: z.number().int().nonnegative(),
    ok: z.boolean(),
    /** What happened (an action's detail), or why it failed. */
    detail: z.string().max(MAX_DETAIL_CHARS),
    state: PreviewPageState.nullable(),
  }),
]);
export type PreviewPageMessage = z.infer<typeof PreviewPageMessage>;

/** App → runtime: report the page (`look`), or act on it then report it. */
export type PreviewCommand = {
  tag: typeof PREVIEW_MESSAGE_TAG;
  type: 'command';
  id: number;
  screenshot: boolean;
  action: PreviewAction | null;
};
