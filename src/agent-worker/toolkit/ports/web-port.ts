import type { PreviewLookOptions, PreviewPageState } from '@/shared/protocol/preview-browser.ts';
import type { PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import type { SearchImage } from '@/shared/protocol/tool-meta/search-meta.ts';
import type {
  FailedImage,
  ProviderOutcome,
  SearchHit,
  SearchTime,
  SearchType,
} from '@/shared/protocol/web/search-results.ts';

/**
 * The web ports: search across the providers the settings allow, and open a page as
 * readable markdown. Both reach the outside only through the web network (the services
 * switched on in Settings → Search), queue behind providers' rate limits, and report
 * progress; every piece of text they return is untrusted.
 */

export type SearchRequest = { type: SearchType; queries: readonly string[]; time: SearchTime };

export type SearchReport = {
  /** Merged, de-duplicated, best rank first. */
  hits: SearchHit[];
  providers: ProviderOutcome[];
  /** A few sentences built from the top titles and snippets (no model call). */
  summary: string;
  /** Image results saved in the workspace (type `image`). */
  images: SearchImage[];
  failedImages: FailedImage[];
  /** Results dropped by the time filter, and results kept because they carry no date. */
  timeFiltered: { dropped: number; undated: number };
};

export interface SearchPort {
  search(request: SearchRequest, signal: AbortSignal): Promise<SearchReport>;
}

export type PageRequest = {
  url: string;
  intent: 'navigational' | 'informational' | 'transactional';
  focus: string | null;
  /**
   * For the conversation's own HTML pages: load them live (scripts run, in the agent's
   * browser) when live previews are available, with a screenshot if asked. Other pages
   * are read as always.
   */
  live?: PreviewLookOptions;
};

/**
 * How a page asked for live was read: as rendered in the agent's browser (its state: the
 * text after its scripts ran, elements, console, screenshot), or from its file, and why.
 */
export type LiveReading = { state: PreviewPageState } | { notRendered: string };

export type PageReport = {
  url: string;
  finalUrl: string;
  title: string;
  /** The readable content as markdown (sections relevant to `focus` first). */
  markdown: string;
  /** Where the markdown was saved in the workspace. */
  path: string;
  via: PageSource;
  wordCount: number;
  /** For a workspace page: its same-origin preview address. */
  liveUrl: string | null;
  /** How each way of reading it fared before one worked (empty when the first did). */
  attempts: { via: PageSource; reason: string }[];
  /** Present when the request asked for live and the page is one of the conversation's own HTML pages. */
  live?: LiveReading;
};

/** Why a page could not be opened: every way tried, and what the person can do. */
export class PageError extends Error {
  constructor(
    message: string,
    readonly attempts: { via: PageSource; reason: string }[],
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export interface PagesPort {
  open(request: PageRequest, signal: AbortSignal): Promise<PageReport>;
}
