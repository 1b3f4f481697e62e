import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import type { PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { ExtractedPage } from '../pages/extracted-page.ts';
import { neutraliseLinks } from '../pages/safe-markdown.ts';

/** Where pages read by the browser are saved. */
export const PAGES_FOLDER = `${WORKSPACE_ROOT}/pages`;

/**
 * Saves a page's readable content as markdown in `/home/ubuntu/pages/`, under a name
 * from its host and path (`news.example-2026-11-harbour-bridge.md`), with a header that
 * says where and how it was read. Reading the same address again replaces the file; a
 * page read again under another address (a live page after an action) may name its file.
 */
export async function savePage(
  workspace: WorkspacePort,
  page: ExtractedPage,
  url: string,
  via: PageSource,
  now: number,
  path = `${PAGES_FOLDER}/${pageFileName(url)}.md`,
): Promise<string> {
  // The title is the page's words too: written through the same neutraliser as the body.
  const header = [
    `# ${neutraliseLinks(page.title.replace(/\s+/g, ' ').trim(), url)}`,
    '',
    `- Source: <${url.replace(/[<>\s]/g, encodeURIComponent)}>`,
    `- Read: ${new Date(now).toISOString()} (${via})`,
    ...(page.byline ? [`- By: ${neutraliseLinks(page.byline.replace(/\s+/g, ' ').trim(), url)}`] : []),
    ...(page.published ? [`- Published: ${page.published}`] : []),
    '',
    '---',
    '',
  ].join('\n');
  await workspace.save(path, `${header}${page.markdown.trim()}\n`);
  return path;
}

/** A file name for a page address: host and path as lower-case words, at most 80 characters. */
export function pageFileName(url: string): string {
  let host = '';
  let rest = url;
  try {
    const parsed = new URL(url);
    host = parsed.protocol === 'file:' ? 'workspace' : parsed.hostname.replace(/^www\./, '');
    rest = `${parsed.pathname}${parsed.search}`;
  } catch {
    // Not a URL: the whole text names it.
  }
  const words = `${host} ${rest.replace(/\.(html?|php|aspx?)$/i, '')}`
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/\.+(?=-|$)/g, '')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return words || 'page';
}
