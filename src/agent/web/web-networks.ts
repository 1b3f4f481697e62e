import type { NetworkPort } from '../../protocol/ports/network.ts';
import { WEB_SERVICES, type WebServiceId } from '../../protocol/web/web-services.ts';
import { PROXY_URL_PLACEHOLDER, type WebSettings } from '../../protocol/web/web-settings.ts';
import { createFetchNetwork } from '../ports/fetch-network.ts';
import { ANY_ORIGIN } from '../ports/url-policy.ts';

/** Where the web networks' policy is changed, as refusals name it. */
const SET_IN = 'Settings → Search';

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
 * SearXNG instance and the CORS proxy when they are among them (and set), and any
 * http(s) URL for `direct`. A switched-off service contributes nothing, so it is never
 * contacted.
 */
export function prefixesFor(web: WebSettings, ids: readonly WebServiceId[]): string[] {
  const prefixes = new Set<string>();
  for (const service of WEB_SERVICES) {
    if (!ids.includes(service.id) || !isServiceEnabled(web, service.id)) continue;
    for (const origin of service.origins) prefixes.add(origin);
    if (service.id === 'direct') prefixes.add(ANY_ORIGIN);
    if (service.id === 'searxng' && web.searxngUrl) prefixes.add(web.searxngUrl.replace(/\/+$/, ''));
    const proxy = proxyOrigin(web);
    if ((service.id === 'cors_proxy' || service.needsProxy) && proxy && isServiceEnabled(web, 'cors_proxy'))
      prefixes.add(proxy);
  }
  return [...prefixes];
}

/**
 * The web networks of one run: one per set of services, each allowed only those
 * services' addresses (GET and POST), built from the settings when first asked for.
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
      network = createFetchNetwork({
        policy: {
          allowedUrlPrefixes: prefixesFor(this.web, ids),
          allowedMethods: ['GET', 'POST'],
          setIn: SET_IN,
          ...(this.appOrigin ? { refusedOrigins: [this.appOrigin] } : {}),
        },
        ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
      });
      this.networks.set(key, network);
    }
    return network;
  }
}
