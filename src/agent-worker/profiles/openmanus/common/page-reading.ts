import { PageError, type PageReport } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import type { PreviewLookOptions } from '@/shared/protocol/preview-browser.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** Where the OpenManus web tools keep their state (the crawl cache, the browser's tabs). */
export const OPENMANUS_WEB_STATE = `${WORKSPACE_ROOT}/.sandpiper`;

/** How a page was read, in words. */
export const WAY_WORDS = {
  direct: 'read directly',
  jina_reader: 'read through Jina Reader',
  cors_proxy: 'read through your CORS proxy',
  tavily: 'read through Tavily',
  workspace: 'read from the workspace',
} as const;

/** A page opened through the pages port, or why it could not be. */
export type PageOutcome = { page: PageReport } | { error: string };

/**
 * Opens `url` through the pages port (the relays and extraction `browser` uses), within
 * `timeoutMs` when given, and the conversation's own HTML pages live when `live` says so;
 * a page no way can read, or one that takes too long, is an error in words (stopping the
 * run still throws).
 */
export async function readPage(
  context: ToolContext,
  url: string,
  timeoutMs?: number,
  live?: PreviewLookOptions,
): Promise<PageOutcome> {
  const signal = timeoutMs
    ? AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)])
    : context.signal;
  try {
    const request = { url, intent: 'navigational' as const, focus: null, ...(live ? { live } : {}) };
    return { page: await context.pages.open(request, signal) };
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (signal.aborted) return { error: `Timed out after ${Math.round((timeoutMs ?? 0) / 1000)} seconds.` };
    if (error instanceof PageError) return { error: error.message };
    throw error;
  }
}

/** Reads a JSON state file of the workspace, or `fallback` when there is none or it is unreadable. */
export async function readJsonState<T>(context: ToolContext, path: string, fallback: T): Promise<T> {
  if (!(await context.workspace.exists(path))) return fallback;
  try {
    return JSON.parse(new TextDecoder().decode(await context.workspace.read(path))) as T;
  } catch {
    return fallback;
  }
}

/** The body of a page file saved by the pages port (its header, up to the first rule, left out). */
export function savedPageBody(saved: string): string {
  const rule = saved.indexOf('\n---\n');
  return rule < 0 ? saved : saved.slice(rule + 5).trim();
}

/** Links (not images) and images in a page's markdown. */
export function countLinks(markdown: string): { links: number; images: number } {
  const images = markdown.match(/!\[[^\]]*\]\([^)]*\)/g)?.length ?? 0;
  const all = markdown.match(/\[[^\]]*\]\([^)]*\)/g)?.length ?? 0;
  return { links: all - images, images };
}

/** Words in a text. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
