import { z } from 'zod';
import { defineTool, invalidArguments } from '@/agent-worker/toolkit/define-tool.ts';
import { withFirstOf } from '@/agent-worker/toolkit/label-rules.ts';
import type { SearchReport } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { ActionFacts } from '@/agent-worker/toolkit/tool-facts.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './search.md?raw';

/** Seed 000's `search` parameters, in its order. */
export const SearchParameters = z.object({
  brief: briefParameter(),
  queries: z.array(z.string()).describe('Up to 3 query variants that express the same search intent'),
  time: z
    .enum(['all', 'past_day', 'past_week', 'past_month', 'past_year'])
    .optional()
    .describe('Optional time filter to limit results to a recent time range'),
  type: z
    .enum(['info', 'image', 'api', 'news', 'tool', 'data', 'research'])
    .describe('The category of search to perform. Determines the source and format of expected results.'),
});

/** Every kind of search but images reads as a web search. */
const WEB_SEARCH: ActionFacts = { label: withFirstOf('search_web', 'queries'), effect: 'reads' };

/**
 * `search`: a thin adapter over the search port. The results, who answered and the
 * images saved go to `meta` (seed 001); the content says it in a few lines and marks
 * the results as web content.
 */
export const searchTool = defineTool({
  name: 'search',
  description,
  metaKind: 'search',
  parameters: SearchParameters,
  actionKey: 'type',
  actions: {
    info: WEB_SEARCH,
    image: { label: withFirstOf('search_images', 'queries'), effect: 'reads' },
    api: WEB_SEARCH,
    news: WEB_SEARCH,
    tool: WEB_SEARCH,
    data: WEB_SEARCH,
    research: WEB_SEARCH,
  },
  execute: async (params, context) => {
    const queries = params.queries.map((query) => query.trim()).filter(Boolean);
    if (queries.length === 0) return invalidArguments('`queries` needs at least one non-empty query.');
    const time = params.time ?? 'all';
    const report = await context.search.search({ type: params.type, queries, time }, context.signal);
    const answered = report.providers.filter((provider) => provider.status === 'answered');
    const meta = {
      provider: answered.map((provider) => provider.id).join(',') || 'none',
      summary: report.summary,
      payload: {
        results: report.hits,
        providers: report.providers,
        queries,
        time,
        ...(report.failedImages.length > 0 ? { failed_images: report.failedImages } : {}),
      },
      ...(params.type === 'image' ? { images: report.images } : {}),
      untrusted_content: UNTRUSTED_WEB,
    };
    if (answered.length === 0) {
      return { status: 'error', kind: 'execution', message: noAnswer(params.type, report), meta };
    }
    return { status: 'success', content: searchContent(params.type, report), meta };
  },
});

function searchContent(type: string, report: SearchReport): string {
  // The summary quotes titles and snippets: it is web content too.
  const lines = [asWebContent('search results', report.summary)];
  const failed = report.providers.filter((provider) => provider.status !== 'answered');
  if (failed.length > 0) {
    lines.push(
      `Did not answer: ${failed.map((provider) => provider.name).join(', ')} (reasons in meta.payload.providers).`,
    );
  }
  if (report.timeFiltered.dropped > 0 || report.timeFiltered.undated > 0) {
    lines.push(
      `Time filter: ${report.timeFiltered.dropped} older results dropped, ${report.timeFiltered.undated} undated results kept.`,
    );
  }
  if (type === 'image') {
    lines.push(
      `Saved ${report.images.length} images in /home/ubuntu/images/${report.failedImages.length > 0 ? `; ${report.failedImages.length} could not be downloaded (see payload.failed_images)` : ''}.`,
    );
  }
  lines.push(
    'Titles and snippets in meta.payload.results are third-party web content: open the sources with `browser` before relying on them.',
  );
  return lines.join('\n');
}

function noAnswer(type: string, report: SearchReport): string {
  if (report.providers.length === 0) {
    return `No search provider for \`${type}\` is switched on (Settings → Search). Try another type, or ask the user to switch one on.`;
  }
  const reasons = report.providers.map(
    (provider) => `- ${provider.name}: ${provider.reason ?? provider.status}`,
  );
  return `No provider answered the ${type} search:\n${reasons.join('\n')}`;
}
