/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import {
  PREVIEW_TAB_PAGE,
  PREVIEW_TOP_LEVEL_PARAMETER,
  SKIP_WAITING_MESSAGE,
} from '../shared/pwa/messages.ts';
import { parsePreviewUrl } from '../shared/pwa/preview-url.ts';
import {
  dueNotification,
  dueSchedules,
  readSchedules,
  SCHEDULE_CHECK_TAG,
} from '../shared/pwa/schedule-check.ts';
import { appShellNavigation } from './app-shell.ts';
import { withIsolationHeaders } from './isolation-headers.ts';
import { previewResponse } from './preview-route.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Every same-origin response leaves with the isolation headers (and the Python worker's script with its policy). */
const isolation = {
  handlerWillRespond: async ({ request, response }: { request: Request; response: Response }) =>
    withIsolationHeaders(response, request.url),
};
const scopePath = new URL(self.registration.scope).pathname;

// The app shell: precached at install, served cache-first, old revisions cleaned up.
addPlugins([isolation]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
const appShell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute((options) => appShellNavigation(options.request.destination, () => appShell(options)), {
    // Anchored to the path: workbox tests path and query together (`/?/preview/` is the app, refused in a frame).
    denylist: [new RegExp(`^${scopePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}preview/`)],
  }),
);

// Workspace previews (`expose`), straight from IndexedDB. A preview opened as a tab of its
// own gets the preview tab page (the app's origin, like the app), which frames the same
// address: framed, the page is served sandboxed, and its storage and console reach the tab.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && parsePreviewUrl(url, scopePath) !== null,
  async ({ url, request }) => {
    if (request.destination === 'document' && !url.searchParams.has(PREVIEW_TOP_LEVEL_PARAMETER)) {
      const tab = await matchPrecache(PREVIEW_TAB_PAGE);
      if (tab) return appShellNavigation('document', async () => withIsolationHeaders(tab));
    }
    return previewResponse(parsePreviewUrl(url, scopePath)!, self.location.origin);
  },
);

// Heavy lazy parts (xterm, web-llm's code, reveal.js): cached the first time they load.
// WebLLM's weights come from other origins and go to WebLLM's own cache, never here.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${scopePath}assets/`),
  new CacheFirst({
    cacheName: 'sandpiper-lazy-assets',
    plugins: [isolation, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// Anything else of ours goes to the network, still with the headers; other origins are left alone.
registerRoute(({ sameOrigin }) => sameOrigin, new NetworkOnly({ plugins: [isolation] }));

// First install takes over at once (so the page can reload into isolation); later
// versions wait until the person accepts the update.
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Periodic Background Sync (installed Chromium apps, when the browser grants it): look for
// due schedules while no tab is open, and ask the person to open the app to run them.
self.addEventListener('periodicsync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== SCHEDULE_CHECK_TAG) return;
  sync.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      // An open tab's scheduler fires them itself.
      if (windows.length > 0) return;
      for (const schedule of dueSchedules(await readSchedules(), Date.now())) {
        const { title, options } = dueNotification(schedule);
        await self.registration.showNotification(title, options);
      }
    })(),
  );
});

// Clicking that notification opens (or focuses) the app, whose scheduler then catches up;
// clicking a scheduled run's notification (shown from here where pages cannot show them)
// opens its conversation.
self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  const conversationId = (notification.data as { conversationId?: unknown } | null)?.conversationId;
  const isOurs = String(notification.tag).startsWith('schedule-due:') || typeof conversationId === 'string';
  if (!isOurs) return;
  notification.close();
  const url =
    typeof conversationId === 'string'
      ? `${self.registration.scope}#/c/${encodeURIComponent(conversationId)}`
      : self.registration.scope;
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window' });
      if (!open) return void (await self.clients.openWindow(url));
      await open.focus();
      if (typeof conversationId === 'string') await open.navigate(url).catch(() => undefined);
    })(),
  );
});
