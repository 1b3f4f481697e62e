import type { PreviewConsoleEntry, PreviewPageState } from '../protocol/preview-browser.ts';
import type { PreviewCommand, PreviewRuntimeInit, PreviewStorageArea } from '../protocol/preview-messages.ts';
import { onCommand, postToApp, TAG } from './channel.ts';
import { captureConsole } from './console-capture.ts';
import { installCookies } from './cookies.ts';
import { installIndexedDb } from './indexed-db.ts';
import { runAction } from './page-actions.ts';
import { readPage, settled } from './page-state.ts';
import { drawPage } from './screenshot.ts';
import { createWebStorage } from './web-storage.ts';

/** The limits of preview-messages.ts (values, not imported: the runtime carries no zod). */
const LIMITS: Record<PreviewStorageArea, number> = {
  local: 5 * 1024 * 1024,
  session: 5 * 1024 * 1024,
  cookies: 64 * 1024,
  indexeddb: 25 * 1024 * 1024,
};

declare global {
  // Set by the service worker's line before this script, read once and removed.
  var __sandpiperPreviewInit: PreviewRuntimeInit | undefined;
}

/**
 * The preview runtime: the first script of every HTML page the service worker serves
 * from a workspace. The page runs in an opaque origin (it can never reach the app's own
 * data), where the browser's storage throws; this gives it working `localStorage`,
 * `sessionStorage`, `document.cookie` and IndexedDB, saved by the app under the
 * conversation and site, reports its console's errors to the app (the preview's console
 * drawer), and answers the app's agent frame (the page as rendered, actions on it).
 */
function start(init: PreviewRuntimeInit): void {
  const { appOrigin, site } = init;
  const save = (area: PreviewStorageArea) => (data: string) =>
    postToApp(appOrigin, { tag: TAG, type: 'storage', site, area, data });

  let isDrawing = false;
  const consoleEntries = captureConsole((entry: PreviewConsoleEntry) => {
    if (!isDrawing) postToApp(appOrigin, { tag: TAG, type: 'console', entry });
  });
  const warn = (message: string) => console.warn(`[Sandpiper preview] ${message}`);

  for (const area of ['local', 'session'] as const) {
    const storage = createWebStorage(init.areas[area], LIMITS[area], save(area));
    Object.defineProperty(window, `${area}Storage`, { configurable: true, get: () => storage });
  }
  installCookies(init.areas.cookies, LIMITS.cookies, save('cookies'));
  installIndexedDb(init.areas.indexeddb, LIMITS.indexeddb, save('indexeddb'), warn);

  onCommand(appOrigin, (command) => void answer(command));
  postToApp(appOrigin, { tag: TAG, type: 'hello', site, href: location.href });

  async function answer(command: PreviewCommand): Promise<void> {
    let ok = true;
    let detail = '';
    try {
      await loaded();
      if (command.action) {
        ({ ok, detail } = runAction(command.action));
        await settled(150, 2_000);
      } else await settled(250, 3_000);
      const state: PreviewPageState = { ...readPage(), console: consoleEntries(), screenshot: null };
      if (command.screenshot) {
        isDrawing = true;
        try {
          state.screenshot = await drawPage();
        } catch (error) {
          state.screenshotRefused =
            `The page could not be drawn: ${error instanceof Error ? error.message : String(error)}`.slice(
              0,
              500,
            );
        } finally {
          isDrawing = false;
        }
      }
      postToApp(appOrigin, { tag: TAG, type: 'reply', id: command.id, ok, detail, state });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      postToApp(appOrigin, {
        tag: TAG,
        type: 'reply',
        id: command.id,
        ok: false,
        detail: `The page could not be read: ${reason}`,
        state: null,
      });
    }
  }
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

const init = globalThis.__sandpiperPreviewInit;
delete globalThis.__sandpiperPreviewInit;
if (init) start(init);
