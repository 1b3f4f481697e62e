import { z } from 'zod';
import { WEB_SERVICE_IDS } from './web-services.ts';

/** Where `{url}` goes in a CORS proxy address. */
export const PROXY_URL_PLACEHOLDER = '{url}';

/**
 * Settings → Search: which third-party services may be contacted, the order the person
 * prefers for search providers, and the addresses only they can give. Keys live in the
 * settings' tool keys under each service's `keyName`.
 */
export const WebSettings = z.object({
  /** Services switched off (`WebServiceId`s); every other one may be used. */
  disabledServices: z.array(z.enum(WEB_SERVICE_IDS)),
  /** Search providers in the person's order of preference (missing ones follow in the default order). */
  providerOrder: z.array(z.enum(WEB_SERVICE_IDS)),
  /** A SearXNG instance with the JSON format enabled, e.g. `https://searx.example.org`. */
  searxngUrl: z.string().url().nullable(),
  /** A CORS proxy address with `{url}` where the target goes, e.g. `https://proxy.example/?url={url}`. */
  corsProxyTemplate: z
    .string()
    .refine(
      (value) => value.includes(PROXY_URL_PLACEHOLDER) && /^https?:\/\//.test(value),
      `A CORS proxy address starts with http(s):// and contains ${PROXY_URL_PLACEHOLDER}.`,
    )
    .nullable(),
  /** Sent to Crossref as `mailto` (its polite pool) and in `Api-User-Agent` to Wikimedia, when given. */
  contactEmail: z.string().email().nullable(),
  /**
   * The sites the agent's web tools may read (page reads, image downloads, the address a
   * relay is asked to read), as URL prefixes; absent or null: any site (the default). The
   * search services' own APIs are governed by their switches, not by this list.
   */
  allowedSites: z
    .array(
      z.string().refine((value) => sitePrefixProblem(value) === null, {
        error: (issue) => sitePrefixProblem(String(issue.input)) ?? 'not a site prefix.',
      }),
    )
    .nullable()
    .optional(),
});
export type WebSettings = z.infer<typeof WebSettings>;

export const DEFAULT_WEB_SETTINGS: WebSettings = {
  disabledServices: [],
  providerOrder: [],
  searxngUrl: null,
  corsProxyTemplate: null,
  contactEmail: null,
};

/**
 * Why `text` is not a site prefix (an http(s) URL, optionally with a path, without a
 * user name, query or fragment), or null when it is one.
 */
export function sitePrefixProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a URL: start it with https://, e.g. https://docs.python.org.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${text}" is not an http(s) address.`;
  if (url.username || url.password) return `"${text}" holds a user name or password.`;
  if (url.search || url.hash) return `"${text}" has a query or fragment: give a site, or a site and a path.`;
  return null;
}

/** The proxy address for `target`, or null when no proxy is set. */
export function proxiedUrl(template: string | null, target: string): string | null {
  return template === null ? null : template.replace(PROXY_URL_PLACEHOLDER, encodeURIComponent(target));
}
