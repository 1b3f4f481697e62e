import { z } from 'zod';
import { PreviewConsoleEntry } from '../preview-browser.ts';
import { UNTRUSTED_WEB } from './search-meta.ts';

/** How a page was read: straight from its site, through a relay, or from the workspace. */
export const PAGE_SOURCES = ['direct', 'jina_reader', 'cors_proxy', 'tavily', 'workspace'] as const;
export const PageSource = z.enum(PAGE_SOURCES);
export type PageSource = z.infer<typeof PageSource>;

/**
 * `browser` meta (ours: the seeds describe none): the page opened, where its readable
 * content was saved as markdown, how it was read, and for a workspace page the
 * same-origin address the live page is shown at (in a sandboxed iframe). A workspace HTML
 * page may have been read as rendered (loaded in the agent's browser, its scripts run):
 * then its console's errors and warnings come too; or, asked for live and not loaded,
 * why. The live fields are optional: logs and bundles from before them still parse.
 */
export const BrowserMeta = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  /** The address the content came from after redirects, when it differs. */
  final_url: z.string().optional(),
  /** The saved markdown (`/home/ubuntu/pages/…`). */
  path: z.string().optional(),
  via: PageSource.optional(),
  intent: z.enum(['navigational', 'informational', 'transactional']).optional(),
  focus: z.string().optional(),
  /** Words of readable content. */
  word_count: z.number().int().nonnegative().optional(),
  /** `/preview/…` address of a workspace page (shown live, sandboxed). */
  live_url: z.string().optional(),
  /** Ways of reading it that failed before one worked (or all of them, when none did). */
  attempts: z.array(z.looseObject({ via: PageSource, reason: z.string() })).optional(),
  /** True when the content is the page as rendered in the agent's browser (its scripts ran). */
  rendered: z.boolean().optional(),
  /** The rendered page's console errors and warnings, oldest first (present, maybe empty, when rendered). */
  console: z.array(PreviewConsoleEntry).optional(),
  /** Why a workspace page was read from its file instead of rendered (live previews unavailable, or the load failed). */
  not_rendered: z.string().optional(),
  untrusted_content: z.literal(UNTRUSTED_WEB).optional(),
});
export type BrowserMeta = z.infer<typeof BrowserMeta>;

/** The meta kind `browser`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'browser', schema: BrowserMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    browser: typeof BrowserMeta;
  }
}
