import { z } from 'zod';
import type { ExtractedPage } from './extracted-page.ts';
import { countWords, firstHeading, isoDate, oneLine } from './page-text.ts';
import { neutraliseLinks } from './safe-markdown.ts';

/**
 * Jina Reader's JSON reply (`Accept: application/json`), as its formatter writes it
 * (jina-ai/reader, `FormattedPageDto`): `{code, status, data: {title, description, url,
 * content, publishedTime, warning, metadata, usage}}`; a failure has `data: null` and a
 * `message` (`readableMessage` on newer replies).
 */
export const JinaReaderReply = z.looseObject({
  code: z.number().optional(),
  status: z.number().optional(),
  message: z.string().nullish(),
  readableMessage: z.string().nullish(),
  data: z
    .looseObject({
      title: z.string().nullish(),
      description: z.string().nullish(),
      url: z.string().nullish(),
      content: z.string().nullish(),
      publishedTime: z.string().nullish(),
      warning: z.string().nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type JinaReaderReply = z.infer<typeof JinaReaderReply>;

/** Why a relay's reply could not be made into a page (its message says it in a few words). */
export class ReaderReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReaderReplyError';
  }
}

/**
 * A page from a reply of the Jina Reader relay (`https://r.jina.ai/<url>`): the JSON
 * reply, or the plain-text one (`Title: …`, `URL Source: …`, `Published Time: …`,
 * `Markdown Content:` and the markdown). The markdown goes through `neutraliseLinks`.
 * Throws a `ReaderReplyError` for a failure reply, a reply of another shape, or no content.
 */
export function pageFromReaderReply(body: string, contentType: string, pageUrl: string): ExtractedPage {
  const isJson = /json/i.test(contentType) || /^\s*\{/.test(body);
  return isJson ? pageFromJsonReply(body, pageUrl) : pageFromTextReply(body, pageUrl);
}

function pageFromJsonReply(body: string, pageUrl: string): ExtractedPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ReaderReplyError('Jina Reader sent a reply that is not JSON');
  }
  const parsed = JinaReaderReply.safeParse(json);
  if (!parsed.success) throw new ReaderReplyError('Jina Reader sent a reply of an unexpected shape');
  const { data, code } = parsed.data;
  if (!data || (code !== undefined && code >= 400)) {
    const reason = oneLine(parsed.data.readableMessage ?? parsed.data.message ?? '', 200);
    throw new ReaderReplyError(`Jina Reader could not read it${reason ? ` (${reason})` : ''}`);
  }
  const content = data.content ?? '';
  if (content.trim() === '') throw new ReaderReplyError('Jina Reader returned no content');
  const lang = data.metadata?.lang;
  return buildPage({
    title: data.title ?? '',
    markdown: content,
    pageUrl,
    published: data.publishedTime,
    lang: typeof lang === 'string' ? lang : undefined,
  });
}

const TEXT_HEADER = /^(Title|URL Source|Published Time|Warning|Number of Pages|Description):[ \t]?(.*)$/;

function pageFromTextReply(body: string, pageUrl: string): ExtractedPage {
  const text = body.replace(/\r\n?/g, '\n');
  const marker = /^Markdown Content:[ \t]*$/m.exec(text);
  const fields = new Map<string, string>();
  if (marker) {
    for (const line of text.slice(0, marker.index).split('\n')) {
      const field = TEXT_HEADER.exec(line);
      if (field && !fields.has(field[1]!)) fields.set(field[1]!, field[2]!);
    }
  }
  const content = marker ? text.slice(marker.index + marker[0].length).replace(/^\n/, '') : text;
  if (content.trim() === '') throw new ReaderReplyError('Jina Reader returned no content');
  return buildPage({
    title: fields.get('Title') ?? '',
    markdown: content,
    pageUrl,
    published: fields.get('Published Time'),
  });
}

/**
 * A page from markdown a relay returned (Tavily extract's `raw_content`, a text file):
 * the title given, else the first heading, else the address's host. The markdown goes
 * through `neutraliseLinks`, relative links made absolute against `pageUrl`.
 */
export function pageFromMarkdown(title: string, markdown: string, pageUrl: string): ExtractedPage {
  return buildPage({ title, markdown, pageUrl });
}

function buildPage(parts: {
  title: string;
  markdown: string;
  pageUrl: string;
  published?: string | null;
  lang?: string;
}): ExtractedPage {
  const markdown = neutraliseLinks(parts.markdown.trim(), parts.pageUrl);
  const title = oneLine(parts.title) || firstHeading(markdown) || hostOf(parts.pageUrl);
  const published = isoDate(parts.published);
  const lang = parts.lang ? oneLine(parts.lang, 35) : '';
  return {
    title,
    markdown,
    wordCount: countWords(markdown),
    ...(published ? { published } : {}),
    ...(lang ? { lang } : {}),
  };
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'file:' ? (parsed.pathname.split('/').pop() ?? '') : parsed.hostname;
  } catch {
    return '';
  }
}
