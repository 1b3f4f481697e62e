import { z } from 'zod';
import {
  defineTool,
  errorText,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { PageError } from '@/agent-worker/toolkit/ports/web-port.ts';
import { NetworkError } from '@/shared/protocol/ports/network-port.ts';
import type { BrowserMeta } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { capOutput, muxdError } from '../../common/muxd-common.ts';
import { htmlToText } from './html-to-text.ts';

/** Seed 004's `web_fetch` limits. */
export const MAX_FETCH_BYTES = 1024 * 1024;
export const FETCH_TIMEOUT_MS = 30_000;

/** Seed 004's `web_fetch` parameters. */
export const WebFetchParameters = z.object({
  url: z.string().describe('URL to fetch'),
});

/** The text muxd makes of a body: HTML (by its type or a leading `<`) as plain text, anything else as it is; 50 KB at most. */
export function bodyText(body: string, contentType: string): string {
  const isHtml = contentType.includes('html') || body.trim().startsWith('<');
  return capOutput(isHtml ? htmlToText(body) : body);
}

type Fetched = { text: string; meta: BrowserMeta } | { error: string } | null;

/** Straight from the site through the tools' network (1 MB, 30 s); null when the page must go through the relay. */
async function fetchDirectly(url: string, context: ToolContext): Promise<Fetched> {
  try {
    const response = await context.network.fetch({
      url,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_FETCH_BYTES,
      signal: context.signal,
    });
    if (response.status >= 400) return { error: `HTTP ${response.status} fetching ${url}` };
    const text = bodyText(new TextDecoder().decode(response.body), response.headers['content-type'] ?? '');
    return {
      text,
      meta: {
        url,
        ...(response.url !== url ? { final_url: response.url } : {}),
        via: 'direct',
        untrusted_content: UNTRUSTED_WEB,
      },
    };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    if (error.kind === 'cancelled') throw error;
    if (error.kind === 'invalid_url') return { error: `creating request: ${error.message}` };
    // Refused by the allow-list, blocked by CORS, or over 1 MB: the pages port reads it another way.
    return null;
  }
}

/** Through the pages port: the ways Settings → Search allows (direct, Jina Reader, the CORS proxy), as readable text. */
async function fetchThroughPages(url: string, context: ToolContext): Promise<Fetched> {
  try {
    const page = await context.pages.open({ url, intent: 'navigational', focus: null }, context.signal);
    return {
      text: capOutput(page.markdown),
      meta: {
        url,
        title: page.title,
        ...(page.finalUrl !== url ? { final_url: page.finalUrl } : {}),
        path: page.path,
        via: page.via,
        untrusted_content: UNTRUSTED_WEB,
      },
    };
  } catch (error) {
    if (error instanceof PageError) return { error: `fetching URL: ${error.message}` };
    throw error;
  }
}

/**
 * `web_fetch`: a GET of the URL straight from the tab when the network allows it
 * (1 MB read, 30 s), HTML stripped to text as muxd does; when the browser or the
 * allow-list refuses it, the page is read through the relay the pages port uses. The
 * text is cut at 50 KB and marked as web content.
 */
export const webFetchTool = defineTool({
  name: 'web_fetch',
  description:
    'Fetch a URL and return the text content. HTML pages are automatically stripped to plain text.',
  metaKind: 'browser',
  parameters: WebFetchParameters,
  label: withTarget('open_page', 'url'),
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<BrowserMeta>> => {
    const url = params.url.trim();
    if (url === '') return muxdError('url is required', 'validation');
    try {
      new URL(url);
    } catch (error) {
      return muxdError(`creating request: parse "${url}": ${errorText(error)}`, 'validation');
    }
    const fetched = (await fetchDirectly(url, context)) ?? (await fetchThroughPages(url, context));
    if (!fetched) return muxdError(`fetching URL: ${url} could not be read`);
    if ('error' in fetched)
      return { ...muxdError(fetched.error), meta: { url, untrusted_content: UNTRUSTED_WEB } };
    return { status: 'success', content: fetched.text, meta: fetched.meta };
  },
});
