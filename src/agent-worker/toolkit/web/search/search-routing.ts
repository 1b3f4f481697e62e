import type { SearchType } from '@/shared/protocol/web/search-results.ts';
import { type WebServiceId, webServiceById } from '@/shared/protocol/web/web-services.ts';
import type { WebSettings } from '@/shared/protocol/web/web-settings.ts';
import { isServiceEnabled, proxyOrigin } from '../web-networks.ts';
import type { SearchProvider } from './search-provider.ts';

/**
 * The default order of providers for each type: keyed and self-hosted services first
 * (they only take part once the person sets them up), then the keyless ones that allow
 * browser requests. The person's `providerOrder` overrides it.
 */
export const DEFAULT_ROUTES: Readonly<Record<SearchType, readonly WebServiceId[]>> = {
  info: ['tavily', 'searxng', 'brave', 'jina_search', 'wikipedia'],
  image: ['wikimedia_commons', 'openverse', 'searxng', 'brave', 'tavily'],
  news: ['tavily', 'searxng', 'brave', 'jina_search', 'hn_algolia'],
  research: ['openalex', 'semantic_scholar', 'crossref', 'searxng', 'hn_algolia'],
  api: ['github', 'npm', 'tavily', 'searxng'],
  tool: ['github', 'npm', 'tavily', 'searxng'],
  data: ['wikidata', 'tavily', 'searxng'],
};

/** A provider in a route, or why it does not take part. */
export type RouteStep =
  | { provider: SearchProvider; ready: true }
  | { provider: SearchProvider; ready: false; reason: string };

/**
 * The providers to try for `type`, in order: the route's, sorted by the person's order,
 * without the ones switched off. A provider that is not set up (no key, no instance, no
 * proxy) is left out too; `withUnready` keeps it with the reason, for the settings' view.
 */
export function routeFor(
  type: SearchType,
  providers: readonly SearchProvider[],
  web: WebSettings,
  keys: Readonly<Record<string, string | null>>,
): RouteStep[] {
  const preference = (id: WebServiceId) => {
    const index = web.providerOrder.indexOf(id);
    return index === -1 ? web.providerOrder.length : index;
  };
  const route = DEFAULT_ROUTES[type]
    .map((id, defaultIndex) => ({ id, defaultIndex }))
    .sort((a, b) => preference(a.id) - preference(b.id) || a.defaultIndex - b.defaultIndex);
  const steps: RouteStep[] = [];
  for (const { id } of route) {
    const provider = providers.find((candidate) => candidate.id === id && candidate.types.includes(type));
    if (!provider || !isServiceEnabled(web, id)) continue;
    const reason = unreadyReason(id, web, keys);
    steps.push(reason === null ? { provider, ready: true } : { provider, ready: false, reason });
  }
  return steps;
}

/** Why a switched-on service cannot be used yet, or null when it can. */
export function unreadyReason(
  id: WebServiceId,
  web: WebSettings,
  keys: Readonly<Record<string, string | null>>,
): string | null {
  const service = webServiceById(id);
  if (service.needsKey && service.keyName && !keys[service.keyName])
    return `it needs a ${service.name} key (Settings → Search)`;
  if (id === 'searxng' && !web.searxngUrl) return 'no SearXNG instance is set (Settings → Search)';
  if (service.needsProxy && (proxyOrigin(web) === null || !isServiceEnabled(web, 'cors_proxy')))
    return `${service.name} does not allow browser requests, so it needs your CORS proxy (Settings → Search)`;
  return null;
}
