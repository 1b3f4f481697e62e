import {
  NetworkError,
  type NetworkPort,
  type NetworkRequest,
  type NetworkResponse,
} from '@/shared/protocol/ports/network-port.ts';
import { WEB_SERVICES, type WebServiceId } from '@/shared/protocol/web/web-services.ts';
import { PROXY_URL_PLACEHOLDER, type WebSettings } from '@/shared/protocol/web/web-settings.ts';
import { createFetchNetwork } from '../ports/fetch-network.ts';
import { ANY_ORIGIN, isUrlAllowed } from '../ports/url-policy.ts';

/** Where the web networks' policy is changed, as refusals name it. */
const SET_IN = 'Settings → Search';

/** Where the person lists the sites the web tools may read, as refusals name it. */
const SITES_SET_IN = 'Settings → Search → Allowed sites';

/** Jina Reader reads the address that follows its origin: `https://r.jina.ai/<address>`. */
const JINA_READER_ORIGIN = 'https://r.jina.ai';

/** Tavily's extract endpoint reads the addresses in its body's `urls`. */
const TAVILY_EXTRACT = { origin: 'https://api.tavily.com', pathname: '/extract' };

/** How deep a relay's address inside another relay's is followed (deeper is refused). */
const MAX_RELAY_NESTING = 3;

/** True when the person has not switched `id` off. */
export function isServiceEnabled(web: WebSettings, id: WebServiceId): boolean {
  return !web.disabledServices.includes(id);
}

/** The origin of the person's CORS proxy, or null when none is set. */
export function proxyOrigin(web: WebSettings): string | null {
  if (web.corsProxyTemplate === null) return null;
  try {
    return new URL(web.corsProxyTemplate.replace(PROXY_URL_PLACEHOLDER, '')).origin;
  } catch {
    return null;
  }
}

/**
 * The URL prefixes a set of services may reach: the origins of those switched on, the
 * SearXNG instance and the CORS proxy when they are among them (and set), and for
 * `direct` any http(s) URL, or only the allowed sites when the person lists them (so the
 * network checks each redirect against them). A switched-off service contributes
 * nothing, so it is never contacted.
 */
export function prefixesFor(web: WebSettings, ids: readonly WebServiceId[]): string[] {
  const prefixes = new Set<string>();
  for (const service of WEB_SERVICES) {
    if (!ids.includes(service.id) || !isServiceEnabled(web, service.id)) continue;
    for (const origin of service.origins) prefixes.add(origin);
    if (service.id === 'direct') for (const site of web.allowedSites ?? [ANY_ORIGIN]) prefixes.add(site);
    if (service.id === 'searxng' && web.searxngUrl) prefixes.add(web.searxngUrl.replace(/\/+$/, ''));
    const proxy = proxyOrigin(web);
    if ((service.id === 'cors_proxy' || service.needsProxy) && proxy && isServiceEnabled(web, 'cors_proxy'))
      prefixes.add(proxy);
  }
  return [...prefixes];
}

/**
 * The addresses `request` asks the web to read: what a relay is asked to read (Jina
 * Reader's path, the CORS proxy's `{url}`, Tavily extract's `urls`), else the request's
 * own address. A relay request whose address cannot be made out gives `''`, which no
 * list allows.
 */
export function targetsOf(web: WebSettings, request: Pick<NetworkRequest, 'url' | 'body'>): string[] {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return [request.url];
  }
  if (url.origin === JINA_READER_ORIGIN) return [request.url.slice(JINA_READER_ORIGIN.length + 1)];
  if (url.origin === TAVILY_EXTRACT.origin && url.pathname.replace(/\/+$/, '') === TAVILY_EXTRACT.pathname)
    return extractUrlsOf(request.body);
  const proxy = web.corsProxyTemplate;
  if (proxy !== null && url.origin === proxyOrigin(web)) {
    const [before = '', after = ''] = proxy.split(PROXY_URL_PLACEHOLDER);
    const isProxied =
      request.url.startsWith(before) &&
      request.url.endsWith(after) &&
      request.url.length >= before.length + after.length;
    if (!isProxied) return [''];
    try {
      return [decodeURIComponent(request.url.slice(before.length, request.url.length - after.length))];
    } catch {
      return [''];
    }
  }
  return [request.url];
}

/** The `urls` of a Tavily extract body, or `['']` when it has none that can be read. */
function extractUrlsOf(body: NetworkRequest['body']): string[] {
  try {
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
    const urls = (JSON.parse(text) as { urls?: unknown }).urls;
    const list = Array.isArray(urls) ? urls : [urls];
    return list.length > 0 && list.every((item) => typeof item === 'string') ? (list as string[]) : [''];
  } catch {
    return [''];
  }
}

/**
 * The first address `request` would read that the allowed sites do not cover, or null
 * when there is none (or no list is on). The services' own addresses (their APIs, the
 * images they host) stay governed by their switches; a relay's address is checked for
 * the address inside it, relays within relays included.
 */
export function siteOutsideList(
  web: WebSettings,
  ids: readonly WebServiceId[],
  request: Pick<NetworkRequest, 'url' | 'body'>,
): string | null {
  const sites = web.allowedSites;
  if (sites === null || sites === undefined) return null;
  const relayOrigins = [JINA_READER_ORIGIN, proxyOrigin(web)];
  const ownPrefixes = prefixesFor(
    web,
    ids.filter((id) => id !== 'direct'),
  ).filter((prefix) => !relayOrigins.includes(prefix));
  const policy = { allowedUrlPrefixes: [...sites, ...ownPrefixes], allowedMethods: ['GET' as const] };
  const outside = (target: Pick<NetworkRequest, 'url' | 'body'>, depth: number): string | null => {
    for (const address of targetsOf(web, target)) {
      if (address !== target.url) {
        if (depth >= MAX_RELAY_NESTING) return address;
        const inner = outside({ url: address }, depth + 1);
        if (inner !== null) return inner;
      } else if (!isUrlAllowed(address, 'GET', policy)) return address;
    }
    return null;
  };
  return outside(request, 0);
}

/** The refusal of a read of `address`, which the allowed sites do not cover (its query left out). */
function outsideSitesError(address: string, sites: readonly string[]): NetworkError {
  let shown = address === '' ? 'an address the relay request does not show' : address;
  try {
    const url = new URL(address);
    shown = `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    // Not a URL: shown as it is (it carries no query to hide).
  }
  const list = sites.length === 0 ? 'none: no site may be read' : sites.join(', ');
  return new NetworkError(
    'not_allowed',
    `${shown} is not allowed: it is outside the sites allowed in ${SITES_SET_IN} (${list}). Use an allowed site, or ask the person to add this one.`,
  );
}

/** `network` behind the allowed sites: a request reading an address outside them never leaves. */
function withinAllowedSites(
  web: WebSettings,
  ids: readonly WebServiceId[],
  network: NetworkPort,
): NetworkPort {
  const sites = web.allowedSites;
  if (sites === null || sites === undefined) return network;
  return {
    policy: network.policy,
    fetch(request: NetworkRequest): Promise<NetworkResponse> {
      const outside = siteOutsideList(web, ids, request);
      if (outside !== null) return Promise.reject(outsideSitesError(outside, sites));
      return network.fetch(request);
    },
  };
}

/**
 * The web networks of one run: one per set of services, each allowed only those
 * services' addresses (GET and POST), and, when the person lists allowed sites, reading
 * only those (see `siteOutsideList`), built from the settings when first asked for.
 * Every page read, image download and relay read of the web tools goes through here.
 */
export class WebNetworks {
  private readonly networks = new Map<string, NetworkPort>();

  constructor(
    private readonly web: WebSettings,
    private readonly fetchImpl: typeof fetch | undefined,
    /** The app's own origin: never reached from here (its previews are other conversations' files). */
    private readonly appOrigin: string | null = null,
  ) {}

  for(ids: readonly WebServiceId[]): NetworkPort {
    const key = [...ids].sort().join(',');
    let network = this.networks.get(key);
    if (!network) {
      network = withinAllowedSites(
        this.web,
        ids,
        createFetchNetwork({
          policy: {
            allowedUrlPrefixes: prefixesFor(this.web, ids),
            allowedMethods: ['GET', 'POST'],
            // With the list on, what `direct` may reach is the person's list: refusals name it.
            setIn: this.web.allowedSites && ids.includes('direct') ? SITES_SET_IN : SET_IN,
            ...(this.appOrigin ? { refusedOrigins: [this.appOrigin] } : {}),
          },
          ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
        }),
      );
      this.networks.set(key, network);
    }
    return network;
  }
}
