import { contentTypeForPath } from '../protocol/mime-types.ts';
import { DATABASE_NAME } from '../storage/db-name.ts';
import { inlineSiteDocument } from './inline-site.ts';
import { ISOLATION_HEADERS } from './isolation-headers.ts';

/** Where a preview URL points: a conversation's workspace file (relative to /home/ubuntu). */
export type PreviewTarget = { conversationId: string; path: string };

/**
 * Parses `<scope>preview/<conversation>/<path>`; a path ending in `/` (or none) means its
 * index.html. Returns null for other URLs and for paths that climb out with `..`.
 */
export function parsePreviewUrl(url: URL, scopePath: string): PreviewTarget | null {
  const prefix = `${scopePath.replace(/\/?$/, '/')}preview/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const [rawId, ...rest] = url.pathname.slice(prefix.length).split('/');
  if (!rawId) return null;
  let conversationId: string;
  let segments: string[];
  try {
    conversationId = decodeURIComponent(rawId);
    segments = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '..' || segment.includes('/') || segment.includes('\\')))
    return null;
  const parts = segments.filter((segment) => segment !== '' && segment !== '.');
  const isDirectory = rest.length === 0 || rest.at(-1) === '';
  return { conversationId, path: [...parts, ...(isDirectory ? ['index.html'] : [])].join('/') };
}

/**
 * Serves a workspace file from IndexedDB (an HTML page with its own files folded in). The
 * response carries a CSP `sandbox`, so a
 * preview opened directly still runs in an opaque origin (no access to the app's data),
 * and the isolation headers, so the isolated app page may frame it.
 */
export async function previewResponse(target: PreviewTarget): Promise<Response> {
  const content = await readWorkspaceFile(target).catch(() => null);
  const headers = {
    // The app page is cross-origin isolated: a preview framed in it must carry the same policy.
    ...ISOLATION_HEADERS,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': 'sandbox allow-scripts allow-forms allow-popups allow-modals',
    'X-Content-Type-Options': 'nosniff',
  };
  if (!content) {
    return new Response(`Not found in the workspace: /home/ubuntu/${target.path}`, {
      status: 404,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const type = contentTypeForPath(target.path);
  if (type.startsWith('text/html')) {
    // The page runs in an opaque origin, which the service worker does not serve: its own
    // stylesheets, scripts and images go inside it (see inlineSiteDocument).
    const html = await inlineSiteDocument(new TextDecoder().decode(content), target.path, (path) =>
      readWorkspaceFile({ conversationId: target.conversationId, path }),
    );
    return new Response(html, { status: 200, headers: { ...headers, 'Content-Type': type } });
  }
  // A copy typed as an ArrayBuffer view, which Response accepts as a body.
  return new Response(new Uint8Array(content), {
    status: 200,
    headers: { ...headers, 'Content-Type': type },
  });
}

/** One file's bytes from the `files` table, without creating the database if it is missing. */
function readWorkspaceFile(target: PreviewTarget): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains('files')) {
        database.close();
        resolve(null);
        return;
      }
      const read = database
        .transaction('files', 'readonly')
        .objectStore('files')
        .get([target.conversationId, target.path]);
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        database.close();
        const row = read.result as { kind?: unknown; content?: unknown } | undefined;
        resolve(row?.kind === 'file' && row.content instanceof Uint8Array ? row.content : null);
      };
    };
  });
}
