import type { PreviewConsoleEntry, PreviewPageState } from '../shared/protocol/preview-browser.ts';
import { MAX_DETAIL_CHARS, MAX_HREF_CHARS, PREVIEW_AREA_LIMITS } from '../shared/protocol/preview-limits.ts';
import type {
  PreviewCommand,
  PreviewRuntimeInit,
  PreviewStorageArea,
} from '../shared/protocol/preview-messages.ts';
import { AGENT_FRAME_NAME, answerDialogs } from './agent-dialogs.ts';
import { onCommand, postToApp, TAG } from './channel.ts';
import { captureConsole } from './console-capture.ts';
import { installCookies } from './cookies.ts';
import { installIndexedDb } from './indexed-db.ts';
import { runAction } from './page-actions.ts';
import { readPage, settled } from './page-state.ts';
import { drawPage } from './screenshot.ts';
import { createWebStorage } from './web-storage.ts';

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
  const consoleEntries = captureConsole(
    (entry: PreviewConsoleEntry) => postToApp(appOrigin, { tag: TAG, type: 'console', entry }),
    () => isDrawing,
  );
  const warn = (message: string) => console.warn(`[Sandpiper preview] ${message}`);
  // In the agent's frame (which nobody sees) a dialog would block the page and show over the app.
  const dialogs = window.name === AGENT_FRAME_NAME ? answerDialogs() : null;

  // One area that cannot be set up (its saved text damaged) leaves the others, and the page, working.
  const areas: [string, () => void][] = [
    ...(['local', 'session'] as const).map((area): [string, () => void] => [
      `${area}Storage`,
      () => {
        const storage = createWebStorage(init.areas[area], PREVIEW_AREA_LIMITS[area], save(area));
        Object.defineProperty(window, `${area}Storage`, { configurable: true, get: () => storage });
      },
    ]),
    ['cookies', () => installCookies(init.areas.cookies, PREVIEW_AREA_LIMITS.cookies, save('cookies'))],
    [
      'IndexedDB',
      () => installIndexedDb(init.areas.indexeddb, PREVIEW_AREA_LIMITS.indexeddb, save('indexeddb'), warn),
    ],
  ];
  for (const [name, install] of areas) {
    try {
      install();
    } catch (error) {
      warn(`${name} could not be set up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  onCommand(appOrigin, (command) => void answer(command));
  postToApp(appOrigin, { tag: TAG, type: 'hello', site, href: location.href.slice(0, MAX_HREF_CHARS) });

  async function answer(command: PreviewCommand): Promise<void> {
    let ok = true;
    let detail = '';
    try {
      await loaded();
      dialogs?.take();
      if (command.action) {
        ({ ok, detail } = runAction(command.action));
        await settled(150, 2_000);
      } else await settled(250, 3_000);
      const answered = dialogs?.take() ?? [];
      if (answered.length > 0) detail = [detail, ...answered].filter(Boolean).join('\n');
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
      postToApp(appOrigin, {
        tag: TAG,
        type: 'reply',
        id: command.id,
        ok,
        detail: detail.slice(0, MAX_DETAIL_CHARS),
        state,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      postToApp(appOrigin, {
        tag: TAG,
        type: 'reply',
        id: command.id,
        ok: false,
        detail: `The page could not be read: ${reason}`.slice(0, MAX_DETAIL_CHARS),
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
