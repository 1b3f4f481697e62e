import previewRuntime from 'virtual:preview-runtime';
import { contentTypeForPath } from '../shared/protocol/mime-types.ts';
import {
  PREVIEW_STORAGE_AREAS,
  type PreviewRuntimeInit,
  type PreviewStorageArea,
  previewSiteOf,
} from '../shared/protocol/preview-messages.ts';
import { inlineSiteDocument } from '../shared/pwa/inline-site.ts';
import type { PreviewTarget } from '../shared/pwa/preview-url.ts';
import { DATABASE_NAME } from '../shared/storage/db-name.ts';
import { ISOLATION_HEADERS } from './isolation-headers.ts';
import { withPreviewRuntime } from './preview-runtime-tag.ts';

/**
 * Serves a workspace file from IndexedDB (an HTML page with its own files folded in, and
 * the preview runtime first, holding the site's saved storage). The response carries a
 * CSP `sandbox`, so a preview opened directly still runs in an opaque origin (no access
 * to the app's data), and the isolation headers, so the isolated app page may frame it.
 * `appOrigin` is the only origin the runtime talks to.
 */
export async function previewResponse(target: PreviewTarget, appOrigin: string): Promise<Response> {
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
    const site = previewSiteOf(target.path);
    const [html, areas] = await Promise.all([
      inlineSiteDocument(new TextDecoder().decode(content), target.path, (path) =>
        readWorkspaceFile({ conversationId: target.conversationId, path }),
      ),
      readPreviewStorage(target.conversationId, site).catch(() => noAreas()),
    ]);
    const init: PreviewRuntimeInit = { appOrigin, conversationId: target.conversationId, site, areas };
    return new Response(withPreviewRuntime(html, previewRuntime, init), {
      status: 200,
      headers: { ...headers, 'Content-Type': type },
    });
  }
  // A copy typed as an ArrayBuffer view, which Response accepts as a body.
  return new Response(new Uint8Array(content), {
    status: 200,
    headers: { ...headers, 'Content-Type': type },
  });
}

/** One file's bytes from the `files` table. */
async function readWorkspaceFile(target: PreviewTarget): Promise<Uint8Array | null> {
  const [row] = (await readRows('files', [[target.conversationId, target.path]])) as (
    | {
        kind?: unknown;
        content?: unknown;
      }
    | undefined
  )[];
  return row?.kind === 'file' && row.content instanceof Uint8Array ? row.content : null;
}

function noAreas(): Record<PreviewStorageArea, string | null> {
  return { local: null, session: null, cookies: null, indexeddb: null };
}

/** The text each storage area of a site keeps (`previewStorage` table), null where it keeps none. */
async function readPreviewStorage(
  conversationId: string,
  site: string,
): Promise<Record<PreviewStorageArea, string | null>> {
  const rows = await readRows(
    'previewStorage',
    PREVIEW_STORAGE_AREAS.map((area) => [conversationId, site, area]),
  );
  const areas = noAreas();
  PREVIEW_STORAGE_AREAS.forEach((area, at) => {
    const data = (rows[at] as { data?: unknown } | undefined)?.data;
    if (typeof data === 'string') areas[area] = data;
  });
  return areas;
}

/**
 * Rows of one table by key, read with IndexedDB itself (Dexie is the page's), never
 * creating the database or the table: a missing one reads as no rows.
 */
function readRows(table: string, keys: IDBValidKey[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(table)) {
        database.close();
        resolve(keys.map(() => undefined));
        return;
      }
      const transaction = database.transaction(table, 'readonly');
      const store = transaction.objectStore(table);
      const reads = keys.map((key) => store.get(key));
      transaction.oncomplete = () => {
        database.close();
        resolve(reads.map((read) => read.result as unknown));
      };
      transaction.onerror = () => {
        database.close();
        reject(transaction.error);
      };
    };
  });
}
