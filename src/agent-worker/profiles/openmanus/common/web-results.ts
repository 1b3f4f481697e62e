import type { SearchReport } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import { readPage } from './page-reading.ts';

/** Seed 002's `SearchResult`: one result as `web_search` reports it. */
export type WebResult = {
  position: number;
  url: string;
  title: string;
  description: string;
  /** The search provider (our "engine") that returned it. */
  source: string;
  /** The page's text when `fetch_content` asked for it and it could be read. */
  rawContent: string | null;
  /** Where the page was saved when its content was fetched. */
  path: string | null;
};

/** Most characters of a fetched page kept per result (seed 002's content fetcher cuts at 10,000). */
export const RAW_CONTENT_CHARACTERS = 10_000;
/** Characters of a fetched page shown per result in the output. */
const CONTENT_PREVIEW_CHARACTERS = 1000;

/** Seed 002's error when no engine brings a result. */
export const ALL_ENGINES_FAILED = 'All search engines failed to return results after multiple retries.';

/**
 * Searches with the engine fallback of seed 002 mapped onto our providers: the search
 * port asks the providers Settings → Search switches on, in order, moving on when one
 * fails or brings too little (and retrying after a rate-limit pause); results are merged
 * by URL and the first `numResults` kept.
 */
export async function searchWeb(
  context: ToolContext,
  query: string,
  numResults: number,
): Promise<{ results: WebResult[]; report: SearchReport }> {
  const report = await context.search.search({ type: 'info', queries: [query], time: 'all' }, context.signal);
  const results = report.hits.slice(0, numResults).map((hit, index) => ({
    position: index + 1,
    url: hit.url,
    title: hit.title,
    description: hit.snippet,
    source: hit.source,
    rawContent: null,
    path: null,
  }));
  return { results, report };
}

/** Seconds a result's page may take to read (seed 002's content fetcher waits 10). */
export const FETCH_TIMEOUT_SECONDS = 10;

/**
 * Each result with its page's text, read through the pages port within 10 seconds; a page
 * that cannot be read in time keeps none (as in seed 002), only stopping the run throws.
 */
export async function fetchContents(context: ToolContext, results: WebResult[]): Promise<WebResult[]> {
  return Promise.all(
    results.map(async (result) => {
      let outcome: Awaited<ReturnType<typeof readPage>>;
      try {
        outcome = await readPage(context, result.url, FETCH_TIMEOUT_SECONDS * 1000);
      } catch (error) {
        if (context.signal.aborted) throw error;
        return result;
      }
      if ('error' in outcome) return result;
      const text = outcome.page.markdown.split(/\s+/).join(' ').trim();
      return text
        ? { ...result, rawContent: text.slice(0, RAW_CONTENT_CHARACTERS), path: outcome.page.path }
        : result;
    }),
  );
}

/** Seed 002's output of a search: a numbered list with URL, description and a content preview. */
export function formatResults(query: string, results: readonly WebResult[]): string {
  const lines = [`Search results for '${query}':`];
  results.forEach((result, index) => {
    lines.push(`\n${index + 1}. ${result.title.trim() || 'No title'}`);
    lines.push(`   URL: ${result.url}`);
    if (result.description.trim()) lines.push(`   Description: ${result.description}`);
    if (result.rawContent) {
      const preview = result.rawContent.slice(0, CONTENT_PREVIEW_CHARACTERS).replace(/\n/g, ' ').trim();
      lines.push(
        `   Content: ${preview}${result.rawContent.length > CONTENT_PREVIEW_CHARACTERS ? '...' : ''}`,
      );
    }
    if (result.path) lines.push(`   Saved page: ${result.path}`);
  });
  return lines.join('\n');
}

/** Why no engine answered: one line per provider, or that none is switched on. */
export function engineReasons(report: SearchReport): string {
  if (report.providers.length === 0)
    return 'No search provider is switched on (Settings → Search): ask the user to switch one on.';
  return report.providers
    .map(
      (provider) =>
        `- ${provider.name}: ${provider.status === 'answered' ? 'no results' : (provider.reason ?? provider.status)}`,
    )
    .join('\n');
}
