import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import type { PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import {
  countLinks,
  OPENMANUS_WEB_STATE,
  readJsonState,
  readPage,
  savedPageBody,
  WAY_WORDS,
  wordCount,
} from '../../common/page-reading.ts';
import description from './crawl4ai.md?raw';

/** Pages already crawled in this conversation (crawl4ai's cache): address → where it was saved. */
export const CRAWL_CACHE_PATH = `${OPENMANUS_WEB_STATE}/crawl4ai-cache.json`;
/** Characters of each page's markdown the output carries (the whole page is in the saved file). */
export const CRAWL_CONTENT_CHARACTERS = 20_000;
/** Most addresses one call crawls. */
export const MAX_CRAWL_URLS = 10;

type CacheEntry = { path: string; title: string; via: PageSource; finalUrl: string };

/** Seed 002's `crawl4ai` parameters: `url`, then crawl4ai's options (more URLs, timeout, cache, threshold). */
export const Crawl4aiParameters = z.object({
  url: z.string().describe('(required) URL to crawl.'),
  urls: z
    .array(z.string())
    .max(MAX_CRAWL_URLS - 1)
    .optional()
    .describe('(optional) More URLs to crawl in the same request (multiple URL support).'),
  timeout: z
    .number()
    .int()
    .min(5)
    .max(120)
    .default(30)
    .describe('(optional) Timeout in seconds for each URL. Default is 30.'),
  bypass_cache: z
    .boolean()
    .default(false)
    .describe('(optional) Whether to bypass cache and fetch fresh content. Default is false.'),
  word_count_threshold: z
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('(optional) Minimum word count for content blocks. Default is 10.'),
});

type Crawled =
  | {
      url: string;
      success: true;
      title: string;
      markdown: string;
      path: string;
      how: string;
      seconds: number;
    }
  | { url: string; success: false; error: string; seconds: number };

/**
 * OpenManus' `crawl4ai` (seed 002): each URL read through the pages port (the fetch,
 * relays and extraction `browser` uses) into clean markdown, short blocks under the word
 * threshold dropped; pages read before in the conversation come from the cache (the saved
 * file) unless `bypass_cache`. The output is crawl4ai's summary, as web content.
 */
export const crawl4aiTool = defineTool({
  name: 'crawl4ai',
  description: description.trim(),
  metaKind: 'browser',
  parameters: Crawl4aiParameters,
  // The crawl4ai library's own call shape (`urls`: one or a list) is accepted too.
  normalize: (raw) => {
    if (raw.url !== undefined || raw.urls === undefined) return raw;
    const list = typeof raw.urls === 'string' ? [raw.urls] : raw.urls;
    if (!Array.isArray(list) || list.length === 0) return raw;
    const [url, ...urls] = list;
    return { ...raw, url, urls };
  },
  label: withTarget('open_page', 'url'),
  effect: 'reads',
  execute: async (params, context) => {
    const requested = [params.url, ...(params.urls ?? [])].map((url) => url.trim());
    const valid = [...new Set(requested.filter(isWebUrl))];
    const skipped = requested.filter((url) => !isWebUrl(url));
    if (valid.length === 0) {
      return { status: 'error', kind: 'validation', message: 'No valid URLs provided' };
    }
    const cache = await readJsonState<Record<string, CacheEntry>>(context, CRAWL_CACHE_PATH, {});
    const crawled: Crawled[] = [];
    for (const url of valid) {
      context.progress.status({ text: `Crawling ${url}`, done: crawled.length, total: valid.length });
      const started = context.now();
      const cached = params.bypass_cache ? undefined : cache[url];
      const seconds = () => (context.now() - started) / 1000;
      if (cached && (await context.workspace.exists(cached.path))) {
        const saved = new TextDecoder().decode(await context.workspace.read(cached.path));
        crawled.push({
          url,
          success: true,
          title: cached.title,
          markdown: dropShortBlocks(savedPageBody(saved), params.word_count_threshold),
          path: cached.path,
          how: 'from the cache',
          seconds: seconds(),
        });
        continue;
      }
      const outcome = await readPage(context, url, params.timeout * 1000);
      if ('error' in outcome) {
        crawled.push({
          url,
          success: false,
          error: `Error crawling ${url}: ${outcome.error}`,
          seconds: seconds(),
        });
        continue;
      }
      const { page } = outcome;
      cache[url] = { path: page.path, title: page.title, via: page.via, finalUrl: page.finalUrl };
      crawled.push({
        url,
        success: true,
        title: page.title,
        markdown: dropShortBlocks(page.markdown, params.word_count_threshold),
        path: page.path,
        how: WAY_WORDS[page.via],
        seconds: seconds(),
      });
    }
    await context.workspace.save(CRAWL_CACHE_PATH, JSON.stringify(cache, null, 2));
    const first = crawled.find((result) => result.success);
    const content = [
      ...skipped.map((url) => `Invalid URL skipped: ${url}`),
      asWebContent('crawl4ai results', crawlSummary(valid.length, crawled)),
    ].join('\n');
    const meta = {
      url: first?.url ?? params.url,
      ...(first?.success
        ? { title: first.title, path: first.path, word_count: wordCount(first.markdown) }
        : {}),
      ...(first && cache[first.url] ? { via: cache[first.url]?.via } : {}),
      pages: crawled.map((result) =>
        result.success
          ? { url: result.url, path: result.path, title: result.title }
          : { url: result.url, error: result.error },
      ),
      untrusted_content: UNTRUSTED_WEB,
    };
    if (!first) return { status: 'error', kind: 'execution', message: content, meta };
    return { status: 'success', content, meta };
  },
});

function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The markdown without text blocks of fewer than `threshold` words (crawl4ai's
 * `word_count_threshold`); headings, lists, tables, quotes and code are kept.
 */
export function dropShortBlocks(markdown: string, threshold: number): string {
  const kept: string[] = [];
  let isInFence = false;
  for (const block of markdown.split(/\n{2,}/)) {
    const fences = block.match(/^\s*(```|~~~)/gm)?.length ?? 0;
    const isKept = isInFence || fences > 0 || STRUCTURED_BLOCK.test(block) || wordCount(block) >= threshold;
    if (isKept) kept.push(block);
    if (fences % 2 === 1) isInFence = !isInFence;
  }
  return kept.join('\n\n');
}

/** Blocks kept whatever their length: headings, lists, tables, quotes, images. */
const STRUCTURED_BLOCK = /^\s*(#|[-*+] |\d+\. |\||>|!\[)/;

/** Crawl4AI's results summary. */
function crawlSummary(total: number, results: readonly Crawled[]): string {
  const successful = results.filter((result) => result.success).length;
  const lines = [
    '🕷️ Crawl4AI Results Summary:',
    `📊 Total URLs: ${total}`,
    `✅ Successful: ${successful}`,
    `❌ Failed: ${results.length - successful}`,
    '',
  ];
  results.forEach((result, index) => {
    lines.push(`${index + 1}. ${result.url}`);
    if (result.success) {
      lines.push(`   ✅ Status: Success (${result.how})`);
      if (result.title) lines.push(`   📄 Title: ${result.title}`);
      const cut = result.markdown.length > CRAWL_CONTENT_CHARACTERS;
      lines.push(
        `   📝 Content: ${cut ? `${result.markdown.slice(0, CRAWL_CONTENT_CHARACTERS)}...` : result.markdown}`,
      );
      const { links, images } = countLinks(result.markdown);
      lines.push(`   📊 Stats: ${wordCount(result.markdown)} words, ${links} links, ${images} images`);
      lines.push(`   💾 Saved: ${result.path}`);
      lines.push(`   ⏱️ Time: ${result.seconds.toFixed(2)}s`);
    } else {
      lines.push('   ❌ Status: Failed');
      lines.push(`   🚫 Error: ${result.error}`);
    }
    lines.push('');
  });
  return lines.join('\n');
}
