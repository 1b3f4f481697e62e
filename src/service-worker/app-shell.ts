import { ISOLATION_HEADERS } from './isolation-headers.ts';

/**
 * How the service worker answers a navigation to the app itself. The app is a top-level
 * page only: a frame that navigates to it (a workspace page shown live, sent to `/` by
 * its own script) gets a refusal instead of a copy of the app at the app's origin, and
 * the app's responses carry `frame-ancestors 'none'` so no page can frame it at all.
 */
export const APP_SHELL_FRAME_POLICY = "frame-ancestors 'none'";

const FRAME_REFUSAL =
  '<!doctype html><meta charset="utf-8"><title>Not here</title><p style="font:14px system-ui;color:#555;margin:2em">This page tried to open Sandpiper inside the frame; Sandpiper does not open inside a frame.</p>';

/** Destinations of navigations that load the app as a top-level page. */
const TOP_LEVEL = new Set<RequestDestination>(['document', '']);

export async function appShellNavigation(
  destination: RequestDestination,
  serveShell: () => Promise<Response>,
): Promise<Response> {
  if (!TOP_LEVEL.has(destination)) {
    // A readable refusal (the isolated parent may show it: the isolation headers), inert.
    return new Response(FRAME_REFUSAL, {
      status: 403,
      headers: {
        ...ISOLATION_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const response = await serveShell();
  if (response.type === 'opaque' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', APP_SHELL_FRAME_POLICY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
