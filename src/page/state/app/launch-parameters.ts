import { NEW_CONVERSATION_QUERY } from '@/shared/pwa/web-manifest.ts';

/** The query parameter that names a bundle to import on load: `?bundle=<url>`. */
export const BUNDLE_PARAMETER = 'bundle';

const [NEW_KEY, NEW_VALUE] = NEW_CONVERSATION_QUERY.split('=') as [string, string];

/** What the page was opened for, read from its URL. */
export type LaunchParameters = {
  /** An absolute http(s) URL of a bundle to import, or null. */
  bundleUrl: string | null;
  /** True when `?bundle=` named something that is not an http(s) URL. */
  isBundleUrlInvalid: boolean;
  /** True when opened by the "New conversation" shortcut. */
  isNewConversation: boolean;
  /** The same URL without these parameters (path, other parameters and hash kept), or null if unchanged. */
  cleanUrl: string | null;
};

/**
 * Reads the launch parameters: `?bundle=<url>` (resolved against the page, http or
 * https only) and the manifest shortcut's `?action=new`.
 */
export function readLaunchParameters(location: URL): LaunchParameters {
  const raw = location.searchParams.get(BUNDLE_PARAMETER);
  let bundleUrl: string | null = null;
  let isBundleUrlInvalid = false;
  if (raw !== null) {
    try {
      const resolved = new URL(raw, location);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') bundleUrl = resolved.href;
      else isBundleUrlInvalid = true;
    } catch {
      isBundleUrlInvalid = true;
    }
  }
  const isNewConversation = location.searchParams.get(NEW_KEY) === NEW_VALUE;
  let cleanUrl: string | null = null;
  if (raw !== null || isNewConversation) {
    const clean = new URL(location);
    clean.searchParams.delete(BUNDLE_PARAMETER);
    if (isNewConversation) clean.searchParams.delete(NEW_KEY);
    cleanUrl = `${clean.pathname}${clean.search}${clean.hash}`;
  }
  return { bundleUrl, isBundleUrlInvalid, isNewConversation, cleanUrl };
}
