import { z } from 'zod';
import { defineTool, invalidArguments } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { PageError } from '@/agent-worker/toolkit/ports/web-port.ts';
import { liveReport } from '@/agent-worker/toolkit/web/browse/page-state-text.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './browser.md?raw';

/** Seed 000's `browser` parameters, in its order. */
export const BrowserParameters = z.object({
  brief: briefParameter(),
  focus: z
    .string()
    .optional()
    .describe(
      '(Required if intent is `informational`) Specific topic, section, or question to focus on when visiting the page. Helps guide reading and extraction efforts toward the most relevant content.',
    ),
  intent: z
    .enum(['navigational', 'informational', 'transactional'])
    .optional()
    .describe('The purpose of visiting this URL. Helps to determine how to handle the page.'),
  url: z
    .string()
    .describe('The URL to navigate to. Must include protocol prefix (e.g., https:// or file://).'),
});

/** Most characters of the page the observation carries (the whole page is in the saved file). */
const PAGE_EXCERPT_CHARACTERS = 8000;

const WAY_WORDS = {
  direct: 'directly',
  jina_reader: 'through Jina Reader',
  cors_proxy: 'through your CORS proxy',
  tavily: 'through Tavily',
  workspace: 'from the workspace',
} as const;

/**
 * `browser`: a thin adapter over the pages port. Opens the page, reports where its
 * readable markdown was saved, and gives the model the start of it (the sections about
 * `focus` first) inside a web-content block. The conversation's own HTML pages are asked
 * for live: as rendered in the agent's browser, with the console's errors and (for a
 * model that sees images) a screenshot; or, when that cannot be, from the file, saying why.
 */
export const browserTool = defineTool({
  name: 'browser',
  description,
  metaKind: 'browser',
  parameters: BrowserParameters,
  label: withTarget('open_page', 'url'),
  effect: 'reads',
  execute: async (params, context) => {
    const intent = params.intent ?? 'navigational';
    const focus = params.focus?.trim() || null;
    if (intent === 'informational' && focus === null) {
      return invalidArguments(
        '`focus` is required when `intent` is `informational`: say what to look for on the page.',
      );
    }
    let page: Awaited<ReturnType<typeof context.pages.open>>;
    try {
      const live = { screenshot: context.vision.seesImages };
      page = await context.pages.open({ url: params.url, intent, focus, live }, context.signal);
    } catch (error) {
      if (!(error instanceof PageError)) throw error;
      // The reasons may quote a site or a relay: the observation is marked as web content.
      return {
        status: 'error',
        kind: 'execution',
        message: error.message,
        meta: { url: params.url, intent, attempts: error.attempts, untrusted_content: UNTRUSTED_WEB },
      };
    }
    const excerpt =
      page.markdown.length <= PAGE_EXCERPT_CHARACTERS
        ? page.markdown
        : `${page.markdown.slice(0, PAGE_EXCERPT_CHARACTERS)}\n… [${page.markdown.length - PAGE_EXCERPT_CHARACTERS} more characters in ${page.path}]`;
    const live = await liveReport(
      page.live,
      context.vision,
      `Screenshot of ${page.liveUrl ?? page.finalUrl}`,
    );
    const lines = [
      live.meta.rendered
        ? `Opened the page in the agent's browser, its scripts run. Saved its rendered text as ${page.path} (${page.wordCount} words).`
        : `Opened the page ${WAY_WORDS[page.via]}${page.attempts.length > 0 ? ` (after ${page.attempts.length} other way${page.attempts.length === 1 ? '' : 's'} failed: see meta.attempts)` : ''}. Saved the readable page as ${page.path} (${page.wordCount} words).`,
      ...live.lines,
      ...(focus ? [`Sections about “${focus}” come first.`] : []),
      ...(intent === 'transactional'
        ? [
            'This browser reads pages; it cannot click, type or submit forms. For an action on the site, ask the user to take over the browser (message ask, suggested_action take_over_browser).',
          ]
        : []),
      '',
      asWebContent(page.finalUrl, `Title: ${page.title}\n\n${excerpt}`),
    ];
    return {
      status: 'success',
      content: lines.join('\n'),
      meta: {
        url: params.url,
        title: page.title,
        ...(page.finalUrl !== params.url ? { final_url: page.finalUrl } : {}),
        path: page.path,
        via: page.via,
        intent,
        ...(focus ? { focus } : {}),
        word_count: page.wordCount,
        ...(page.liveUrl ? { live_url: page.liveUrl } : {}),
        ...(page.attempts.length > 0 ? { attempts: page.attempts } : {}),
        ...live.meta,
        untrusted_content: UNTRUSTED_WEB,
      },
      ...(live.images.length > 0 ? { images: live.images } : {}),
    };
  },
});
