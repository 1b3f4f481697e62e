import {
  NetworkError,
  type NetworkPort,
  type NetworkResponse,
} from '@/shared/protocol/ports/network-port.ts';
import type { PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import type { ExtractedPage } from '../pages/extracted-page.ts';
import { pageFromMarkdown, pageFromReaderReply } from '../pages/reader-markdown.ts';

/** Turns HTML into a page (loaded lazily: the DOM and Defuddle are large). */
export type HtmlExtractor = (html: string, pageUrl: string) => Promise<ExtractedPage>;

/** A way of reading a page that did not work, and whether trying others is pointless. */
export class WayFailed extends Error {
  constructor(
    message: string,
    /** True when no other way would do better (the content is not a page). */
    readonly isFinal = false,
    /** The HTTP status, when the failure is one. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'WayFailed';
  }
}

/** Largest page read, in bytes. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const ACCEPT_PAGE = 'text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.5';

/** Reads `url` (straight from its site, or the proxy's address for it) as a page. */
export async function readAddress(
  network: NetworkPort,
  requestUrl: string,
  pageUrl: string,
  extract: HtmlExtractor,
  signal: AbortSignal,
): Promise<{ page: ExtractedPage; finalUrl: string }> {
  const response = await send(network, { url: requestUrl, headers: { Accept: ACCEPT_PAGE } }, signal);
  const finalUrl = requestUrl === pageUrl ? response.url : pageUrl;
  return { page: await pageFromResponse(response, finalUrl, extract), finalUrl };
}

/** Reads `url` through the Jina Reader relay, which answers with the page as markdown. */
export async function readThroughJina(
  network: NetworkPort,
  url: string,
  key: string | null,
  signal: AbortSignal,
): Promise<{ page: ExtractedPage; finalUrl: string }> {
  const response = await send(
    network,
    {
      url: `https://r.jina.ai/${url}`,
      headers: { Accept: 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    },
    signal,
  );
  const text = new TextDecoder().decode(response.body);
  return { page: pageFromReaderReply(text, response.headers['content-type'] ?? '', url), finalUrl: url };
}

/** Reads `url` through Tavily's extract endpoint (a key), which answers with markdown. */
export async function readThroughTavily(
  network: NetworkPort,
  url: string,
  key: string,
  signal: AbortSignal,
): Promise<{ page: ExtractedPage; finalUrl: string }> {
  const response = await send(
    network,
    {
      url: 'https://api.tavily.com/extract',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ urls: [url], format: 'markdown', extract_depth: 'basic' }),
    },
    signal,
  );
  let reply: unknown;
  try {
    reply = JSON.parse(new TextDecoder().decode(response.body));
  } catch {
    throw new WayFailed('Tavily sent a reply that is not JSON');
  }
  const results = (reply as { results?: unknown }).results;
  const first = Array.isArray(results) ? (results[0] as { raw_content?: unknown; url?: unknown }) : undefined;
  if (!first || typeof first.raw_content !== 'string' || first.raw_content.trim() === '') {
    const failed = (reply as { failed_results?: { error?: unknown }[] }).failed_results?.[0]?.error;
    throw new WayFailed(`Tavily could not extract it${typeof failed === 'string' ? ` (${failed})` : ''}`);
  }
  return { page: pageFromMarkdown('', first.raw_content, url), finalUrl: url };
}

/** A GET (or the given request) whose failure says why in a few words; 2xx only. */
async function send(
  network: NetworkPort,
  request: Parameters<NetworkPort['fetch']>[0],
  signal: AbortSignal,
): Promise<NetworkResponse> {
  let response: NetworkResponse;
  try {
    response = await network.fetch({ ...request, maxBytes: MAX_PAGE_BYTES, signal });
  } catch (error) {
    if (signal.aborted || !(error instanceof NetworkError)) throw error;
    if (error.kind === 'unreachable')
      throw new WayFailed('it refused a request from this page (CORS) or could not be reached');
    throw new WayFailed(error.message);
  }
  if (response.status >= 200 && response.status < 300) return response;
  throw new WayFailed(
    `${new URL(request.url).host} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    false,
    response.status,
  );
}

/** The page a response holds, by its content type. */
async function pageFromResponse(
  response: NetworkResponse,
  pageUrl: string,
  extract: HtmlExtractor,
): Promise<ExtractedPage> {
  const type = (response.headers['content-type'] ?? '').toLowerCase();
  const text = () => new TextDecoder().decode(response.body);
  if (type.includes('html') || (type === '' && /^\s*<(!doctype|html)/i.test(text()))) {
    return extract(text(), pageUrl);
  }
  if (type.startsWith('text/') || type.includes('json') || type.includes('xml')) {
    const body = type.includes('json') ? `\`\`\`json\n${text()}\n\`\`\`` : text();
    return pageFromMarkdown('', body, pageUrl);
  }
  if (type.includes('pdf')) {
    throw new WayFailed(
      'it is a PDF, which the browser tool does not read: save it with `shell` (curl -o) and read it with `file`',
      true,
    );
  }
  throw new WayFailed(`it is ${type || 'of an unknown type'}, not a page`, true);
}

/** The names the person sees for each way of reading a page. */
export const WAY_NAMES: Readonly<Record<PageSource, string>> = {
  direct: 'the site itself',
  jina_reader: 'Jina Reader',
  cors_proxy: 'your CORS proxy',
  tavily: 'Tavily',
  workspace: 'the workspace',
};
