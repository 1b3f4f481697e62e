import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { previewPath, WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { localPreviewPage } from '../computer/exposed-site.ts';
import { livePageUrl } from '../computer/page-report.ts';
import { httpUrl } from '../computer/search-report.ts';
import type { ActionItem, Attachment } from './thread-reducer.ts';

/**
 * Where a result's attachment opens (seed 003 §2.3): a deck in the deck viewer, a site (a
 * workspace page or an exposed server) in the preview, another workspace file in the
 * Files tab (which shows images, audio, rendered markdown and highlighted code), a web
 * link in a new tab. `none`: nothing to open (a path outside the workspace).
 */
export type AttachmentView =
  | { kind: 'deck'; path: string }
  /** `pagePath`: a workspace site's page, relative to /home/ubuntu (null for a server's address). */
  | { kind: 'site'; url: string; isWorkspace: boolean; pagePath: string | null }
  | { kind: 'file'; path: string }
  | { kind: 'link'; url: string }
  | { kind: 'none' };

/** What the conversation's own actions say about its deliverables (read from their meta, by kind). */
export type KnownDeliverables = {
  /** Absolute paths of the decks `slides` built. */
  deckPaths: ReadonlySet<string>;
  /** Addresses `expose` reported (a server's, or a workspace preview). */
  exposedUrls: ReadonlySet<string>;
  /**
   * The workspace page each local preview's address showed (relative to /home/ubuntu),
   * by the address as recorded, which may be another app's (an imported conversation).
   */
  previewPages: ReadonlyMap<string, string>;
};

/** The decks and exposed addresses the conversation's successful actions reported. */
export function knownDeliverables(items: readonly ActionItem[]): KnownDeliverables {
  const deckPaths = new Set<string>();
  const exposedUrls = new Set<string>();
  const previewPages = new Map<string, string>();
  for (const item of items) {
    if (item.status !== 'success') continue;
    if (item.metaKind === 'slides') {
      const deck = readToolMeta('slides', item.meta).deck_path;
      const path = deck === undefined ? null : workspacePathOf(deck);
      if (path !== null) deckPaths.add(`${WORKSPACE_ROOT}/${path}`);
    } else if (item.metaKind === 'expose') {
      const url = readToolMeta('expose', item.meta).url;
      if (url !== undefined) exposedUrls.add(url);
      const page = localPreviewPage(item.meta);
      if (url !== undefined && page !== null) previewPages.set(url, page);
    }
  }
  return { deckPaths, exposedUrls, previewPages };
}

/** A deck the slides tool builds lives at `<folder>/slides/index.html`. */
const DECK_PATH = /(^|\/)slides\/index\.html$/;

/**
 * Where `attachment` opens in the conversation `conversationId` of the app at `appBase`.
 * A preview address is only ever this conversation's (another's is refused), and a web
 * address the conversation did not expose is an ordinary link.
 */
export function attachmentView(
  attachment: Attachment,
  known: KnownDeliverables,
  conversationId: string,
  appBase: URL,
): AttachmentView {
  const path = attachment.path.trim();
  const url = httpUrl(path);
  // A local preview's address as the conversation recorded it: its page here, whatever app made it.
  const previewed = known.previewPages.get(path) ?? (url === null ? undefined : known.previewPages.get(url));
  if (previewed !== undefined)
    return {
      kind: 'site',
      url: new URL(previewPath(conversationId, previewed), appBase).href,
      isWorkspace: true,
      pagePath: previewed,
    };
  if (url !== null) {
    const preview = livePageUrl(url, conversationId, appBase);
    if (preview !== null && new URL(url).origin === appBase.origin)
      return { kind: 'site', url: preview, isWorkspace: true, pagePath: previewPagePath(preview, appBase) };
    if (new URL(url).origin === appBase.origin) return { kind: 'none' };
    return known.exposedUrls.has(path) || known.exposedUrls.has(url)
      ? { kind: 'site', url, isWorkspace: false, pagePath: null }
      : { kind: 'link', url };
  }
  const relative = workspacePathOf(path);
  if (relative === null) return { kind: 'none' };
  const absolute = `${WORKSPACE_ROOT}/${relative}`;
  if (known.deckPaths.has(absolute) || DECK_PATH.test(relative)) return { kind: 'deck', path: absolute };
  if (/\.html?$/i.test(relative)) {
    return {
      kind: 'site',
      url: new URL(previewPath(conversationId, relative), appBase).href,
      isWorkspace: true,
      pagePath: relative,
    };
  }
  return { kind: 'file', path: relative };
}

/**
 * The workspace page a preview address (`…/preview/<conversation>/<path>`, as `livePageUrl`
 * made it) shows: its path, with `index.html` for a folder; null when it is not one.
 */
export function previewPagePath(previewUrl: string, appBase: URL): string | null {
  const prefix = `${appBase.pathname.replace(/\/?$/, '/')}preview/`;
  const { pathname } = new URL(previewUrl, appBase);
  if (!pathname.startsWith(prefix)) return null;
  const [, ...segments] = pathname.slice(prefix.length).split('/');
  let path: string;
  try {
    path = segments.map((segment) => decodeURIComponent(segment)).join('/');
  } catch {
    return null;
  }
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}
