import type { HttpMethod, NetworkPolicy } from '@/shared/protocol/ports/network-port.ts';

/** The prefix that allows any http(s) URL. */
export const ANY_ORIGIN = '*';

/** Percent-encodings that would let a path pass a prefix check and mean something else. */
const AMBIGUOUS_PATH = /%(2f|5c|2e)|\\|;/i;

/**
 * True when `url` may be requested under `policy`: an http(s) URL on the origin of one of
 * the allowed prefixes, whose path starts with that prefix's path at a segment boundary
 * (`https://api.example.com/v1` allows `/v1` and `/v1/users`, not `/v10` or `/v1-admin`),
 * with a method the policy allows. Paths with encoded separators are refused. The prefix
 * `*` (`ANY_ORIGIN`) allows every http(s) URL (the web network's direct page reads).
 */
export function isUrlAllowed(url: string, method: HttpMethod, policy: NetworkPolicy): boolean {
  if (!policy.allowedMethods.includes(method)) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username || target.password || AMBIGUOUS_PATH.test(target.pathname)) return false;
  if (policy.refusedOrigins?.includes(target.origin)) return false;
  return policy.allowedUrlPrefixes.some((prefix) => {
    if (prefix === ANY_ORIGIN) return true;
    let allowed: URL;
    try {
      allowed = new URL(prefix);
    } catch {
      return false;
    }
    if (allowed.origin !== target.origin) return false;
    const base = allowed.pathname.replace(/\/+$/, '');
    return base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`);
  });
}
