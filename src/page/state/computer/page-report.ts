import { z } from 'zod';
import type { EnvelopeMeta } from '@/shared/protocol/envelope.ts';
import { BrowserMeta, PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { readFields } from '@/shared/protocol/tool-meta/index.ts';
import { previewPath, workspacePathOf } from '@/shared/protocol/workspace.ts';
import type { ActionItem } from '../thread/thread-reducer.ts';
import { httpUrl } from './search-report.ts';

/** One way of reading the page that was tried before one worked (or none did). */
const PageAttempt = z.object({ via: PageSource, reason: z.string() });
export type PageAttempt = z.infer<typeof PageAttempt>;

/** A browser action as the reader view shows it. */
export type PageReport = {
  /** The address asked for (meta, else the call's). */
  url: string | null;
  /** Where the content came from after redirects, when it differs from `url`. */
  finalUrl: string | null;
  title: string | null;
  /** The saved markdown, as a workspace path (relative to /home/ubuntu), or null. */
  markdownPath: string | null;
  via: PageSource | null;
  wordCount: number | null;
  liveUrl: string | null;
  attempts: PageAttempt[];
};

/** A browser action's meta read through `BrowserMeta`, leniently; the URL falls back to the call's. */
export function pageReport(meta: EnvelopeMeta, callArguments: Record<string, unknown> = {}): PageReport {
  const fields = readFields(BrowserMeta, meta);
  const url = fields.url ?? (typeof callArguments.url === 'string' ? callArguments.url : null);
  const finalUrl = fields.final_url && fields.final_url !== url ? fields.final_url : null;
  const attempts = Array.isArray(meta.attempts)
    ? meta.attempts.flatMap((entry) => {
        const parsed = PageAttempt.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  return {
    url,
    finalUrl,
    title: fields.title?.trim() ? fields.title : null,
    markdownPath: fields.path ? workspacePathOf(fields.path) : null,
    via: fields.via ?? null,
    wordCount: fields.word_count ?? null,
    liveUrl: fields.live_url ?? null,
    attempts,
  };
}

const SOURCE_LABELS: Record<PageSource, string> = {
  direct: 'Read directly from the site',
  jina_reader: 'Read through the Jina Reader relay',
  cors_proxy: 'Read through your CORS proxy',
  tavily: 'Read through Tavily',
  workspace: 'Read from the workspace',
};

/** How the page was read, in words ("Read through the Jina Reader relay"). */
export function pageSourceLabel(via: PageSource): string {
  return SOURCE_LABELS[via];
}

/**
 * The address to show a workspace page live at, or null when `liveUrl` is not one of this
 * app's `preview/` addresses (nothing from elsewhere is ever framed). The conversation in
 * the address is replaced by `conversationId`, the one open now: an imported bundle's
 * conversation has a new id, and its workspace is the one the page belongs to.
 */
export function livePageUrl(liveUrl: string, conversationId: string, appBase: URL): string | null {
  let url: URL;
  try {
    url = new URL(liveUrl, appBase);
  } catch {
    return null;
  }
  const prefix = `${appBase.pathname.replace(/\/?$/, '/')}preview/`;
  if (url.origin !== appBase.origin || !url.pathname.startsWith(prefix)) return null;
  const [, ...rest] = url.pathname.slice(prefix.length).split('/');
  let segments: string[];
  try {
    segments = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '..' || segment.includes('/') || segment.includes('\\')))
    return null;
  const path = segments.join('/');
  const trailing = path === '' || path.endsWith('/') ? '/' : '';
  return new URL(`${previewPath(conversationId, path)}${trailing}`, appBase).href;
}

/** The first http(s) address in `text` (trailing punctuation left out), or null. */
export function firstHttpUrl(text: string): string | null {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`)\]]+/g)) {
    const url = httpUrl(match[0].replace(/[.,;:!?]+$/, ''));
    if (url) return url;
  }
  return null;
}

/**
 * The page a take-over question is about: the address of the latest `browser` action
 * before it that read a site (where the redirect led, else where it was sent; workspace
 * pages are passed over), else the first http(s) address in the question; null when
 * there is none.
 */
export function takeOverPageUrl(actions: readonly ActionItem[], ask: ActionItem): string | null {
  const before = actions.filter((action) => action.metaKind === 'browser' && action.seq < ask.seq);
  for (const action of before.reverse()) {
    const report = pageReport(action.meta, action.callArguments);
    // A workspace page is served by the sandbox, not something to open in another tab.
    if (report.via === 'workspace' || report.liveUrl !== null) continue;
    const url = httpUrl(report.finalUrl) ?? httpUrl(report.url);
    if (url) return url;
  }
  return firstHttpUrl(ask.question ?? ask.content);
}

/**
 * True when a response's Content-Security-Policy sandboxes the document without its
 * origin: a `sandbox` directive that does not grant `allow-same-origin`. The live page is
 * framed only then (the preview route sends `sandbox allow-scripts …`).
 */
export function isSandboxedPolicy(policy: string | null): boolean {
  if (!policy) return false;
  return policy.split(',').some((single) =>
    single.split(';').some((directive) => {
      const [name, ...tokens] = directive.trim().toLowerCase().split(/\s+/);
      return name === 'sandbox' && !tokens.includes('allow-same-origin');
    }),
  );
}
