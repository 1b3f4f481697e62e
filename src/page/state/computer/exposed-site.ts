import type { EnvelopeMeta } from '@/shared/protocol/envelope.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { previewPath, WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { livePageUrl } from './page-report.ts';
import { httpUrl } from './search-report.ts';

/**
 * The site an `expose` step gave, as this app shows it now: a page of the conversation's
 * workspace (served here by the service worker), a server's address (the Node runtime's),
 * or nothing to show.
 */
export type ExposedSite =
  | { kind: 'workspace'; url: string; pagePath: string }
  | { kind: 'server'; url: string; port: number | null }
  | { kind: 'none'; port: number | null };

/**
 * Where an `expose` step's site is shown in the conversation `conversationId` of the app at
 * `appBase`. A local preview (`exposed: false`) is a page of the workspace wherever it was
 * recorded: its address is made here from the folder the step served (or, failing that,
 * the page its address names), so a conversation exported from the app at another address
 * (another host, port or path) and imported, or replayed, shows its site rather than a
 * frame pointed at an address that is not this app's. A public address is a server's,
 * shown as it is, unless it is one of this app's own preview addresses.
 */
export function exposedSite(meta: EnvelopeMeta, conversationId: string, appBase: URL): ExposedSite {
  const fields = readToolMeta('expose', meta);
  const port = fields.port ?? null;
  if (fields.exposed === false) {
    const page = servedPage(fields.path, fields.url);
    if (page !== null)
      return {
        kind: 'workspace',
        url: new URL(previewPath(conversationId, page), appBase).href,
        pagePath: page,
      };
  }
  if (fields.url === undefined) return { kind: 'none', port };
  const preview = livePageUrl(fields.url, conversationId, appBase);
  if (preview !== null) {
    const page = pageOfPreviewAddress(preview);
    if (page !== null) return { kind: 'workspace', url: preview, pagePath: page };
  }
  const server = httpUrl(fields.url);
  return server === null ? { kind: 'none', port } : { kind: 'server', url: server, port };
}

/** The workspace page a local preview (`exposed: false`) served, or null for any other expose. */
export function localPreviewPage(meta: EnvelopeMeta): string | null {
  const fields = readToolMeta('expose', meta);
  return fields.exposed === false ? servedPage(fields.path, fields.url) : null;
}

/** The workspace page a local preview served: the folder's `index.html`, else the page its address names. */
function servedPage(folder: string | undefined, address: string | undefined): string | null {
  if (folder !== undefined) {
    const relative = folder.trim().replace(/\/+$/, '') === WORKSPACE_ROOT ? '' : workspacePathOf(folder);
    if (relative !== null) return relative === '' ? 'index.html' : `${relative}/index.html`;
  }
  return address === undefined ? null : pageOfPreviewAddress(address);
}

/**
 * The workspace page a preview address names, whatever app it was made by
 * (`https://host/base/preview/<conversation>/notes-app/index.html` → `notes-app/index.html`,
 * a folder's `index.html` for an address ending in `/`); null when it names none.
 */
export function pageOfPreviewAddress(address: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(address, 'https://preview.invalid/').pathname;
  } catch {
    return null;
  }
  const match = /(?:^|\/)preview\/[^/]+\/(.*)$/.exec(pathname);
  if (!match) return null;
  let segments: string[];
  try {
    segments = (match[1] ?? '').split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '..' || segment.includes('/') || segment.includes('\\')))
    return null;
  const path = segments.filter((segment) => segment !== '' && segment !== '.').join('/');
  const isFolder = path === '' || (match[1] ?? '').endsWith('/');
  return isFolder ? (path === '' ? 'index.html' : `${path}/index.html`) : path;
}
