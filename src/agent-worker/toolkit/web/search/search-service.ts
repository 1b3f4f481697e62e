import type { SecretsPort } from '@/agent-worker/toolkit/ports/secrets-port.ts';
import type { SearchPort, SearchReport, SearchRequest } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import { NetworkError } from '@/shared/protocol/ports/network-port.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import type { ProviderOutcome } from '@/shared/protocol/web/search-results.ts';
import { WEB_SERVICES, type WebServiceId, webServiceById } from '@/shared/protocol/web/web-services.ts';
import { proxiedUrl, type WebSettings } from '@/shared/protocol/web/web-settings.ts';
import { saveImages } from '../images/image-saver.ts';
import type { Thumbnailer } from '../images/thumbnails.ts';
import { RateLimitedError, type ServiceQueues } from '../rate-limits.ts';
import type { WebClock } from '../web-clock.ts';
import { isServiceEnabled, type WebNetworks } from '../web-networks.ts';
import { filterByDate, mergeHits, type ProviderResults } from './merge-hits.ts';
import {
  type ProviderContext,
  ProviderError,
  type ProviderHit,
  type SearchProvider,
  timeCutoff,
} from './search-provider.ts';
import { routeFor } from './search-routing.ts';
import { summarizeSearch } from './search-summary.ts';

/** Results asked of a provider per query. */
const RESULTS_PER_QUERY = 10;
/** Results kept after merging. */
const MAX_RESULTS = 20;
/** Once this many distinct results are in, the next providers are not asked (failover, not fan-out). */
const ENOUGH_RESULTS = 8;
/** Most query variants run (seed 000: up to 3). */
const MAX_QUERIES = 3;

export type SearchServiceDependencies = {
  providers: readonly SearchProvider[];
  web: WebSettings;
  networks: WebNetworks;
  secrets: SecretsPort;
  queues: ServiceQueues;
  clock: WebClock;
  progress: ProgressPort;
  workspace: WorkspacePort;
  thumbnailer: Thumbnailer;
};

/**
 * The search port: runs the query variants on the providers the routing table gives for
 * the type, in order, moving on to the next when one fails or brings too little; each
 * provider waits its turn behind its rate limit (saying so) and is retried once after a
 * short 429 pause. Results are merged by URL at their best rank, filtered by date where
 * the provider could not filter, summarised, and for images downloaded to the workspace.
 */
export function createSearchService(dependencies: SearchServiceDependencies): SearchPort {
  return {
    search: (request, signal) => runSearch(dependencies, request, signal),
  };
}

async function runSearch(
  dependencies: SearchServiceDependencies,
  request: SearchRequest,
  signal: AbortSignal,
): Promise<SearchReport> {
  const { web, progress, clock } = dependencies;
  const queries = distinctQueries(request.queries);
  const keys = await keysOf(dependencies.secrets);
  const route = routeFor(request.type, dependencies.providers, web, keys);
  const outcomes: ProviderOutcome[] = [];
  const results: ProviderResults[] = [];
  const timeFiltered = { dropped: 0, undated: 0 };
  const cutoff = timeCutoff(request.time, clock.now());
  for (const step of route) {
    if (!step.ready) continue;
    if (mergeHits(results, MAX_RESULTS).length >= ENOUGH_RESULTS) break;
    const { provider } = step;
    const name = webServiceById(provider.id).name;
    progress.status({ text: `Searching ${name}` });
    const context = providerContext(dependencies, provider, keys, signal);
    let count = 0;
    let answeredQueries = 0;
    const failures: string[] = [];
    for (const text of queries) {
      try {
        const hits = await searchOnce(dependencies, provider, context, {
          text,
          type: request.type,
          time: request.time,
          limit: RESULTS_PER_QUERY,
        });
        const filtered = provider.filtersTime
          ? { kept: hits, dropped: 0, undated: 0 }
          : filterByDate(hits, cutoff);
        timeFiltered.dropped += filtered.dropped;
        timeFiltered.undated += filtered.undated;
        results.push({ providerId: provider.id, hits: filtered.kept });
        count += filtered.kept.length;
        answeredQueries += 1;
      } catch (error) {
        if (signal.aborted) throw error;
        failures.push(reasonOf(error));
        // A rate limit or a refusal will not change for the next variant.
        if (!(error instanceof ProviderError && error.kind === 'bad_reply')) break;
      }
    }
    const answered = answeredQueries > 0;
    outcomes.push({
      id: provider.id,
      name,
      status: answered ? 'answered' : 'failed',
      results: count,
      ...(failures.length > 0 ? { reason: [...new Set(failures)].join('; ') } : {}),
    });
  }
  if (outcomes.length === 0) {
    // Nobody could be asked: say who would have been, and what they lack.
    for (const step of route) {
      if (!step.ready)
        outcomes.push({
          id: step.provider.id,
          name: webServiceById(step.provider.id).name,
          status: 'skipped',
          results: 0,
          reason: step.reason,
        });
    }
  }
  const hits = mergeHits(results, MAX_RESULTS);
  let images: SearchReport['images'] = [];
  let failedImages: SearchReport['failedImages'] = [];
  if (request.type === 'image' && hits.some((hit) => hit.image)) {
    const imageSources = [...new Set(hits.map((hit) => hit.source))] as WebServiceId[];
    ({ images, failed: failedImages } = await saveImages(
      hits,
      {
        network: dependencies.networks.for([...imageSources, 'direct', 'cors_proxy']),
        workspace: dependencies.workspace,
        progress,
        thumbnailer: dependencies.thumbnailer,
        proxied: (url) => proxyFor(web, url),
      },
      signal,
    ));
  }
  return {
    hits,
    providers: outcomes,
    summary: summarizeSearch(request.type, queries, hits, outcomes),
    images,
    failedImages,
    timeFiltered,
  };
}

/** The first `MAX_QUERIES` variants, trimmed, without repeats (case and spacing aside). */
function distinctQueries(queries: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const query of queries) {
    const text = query.replace(/\s+/g, ' ').trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept.slice(0, MAX_QUERIES);
}

/** One query on one provider: behind its queue, retried once after a 429 that names a short pause. */
async function searchOnce(
  dependencies: SearchServiceDependencies,
  provider: SearchProvider,
  context: ProviderContext,
  query: Parameters<SearchProvider['search']>[0],
): Promise<ProviderHit[]> {
  const { clock, progress } = dependencies;
  const name = webServiceById(provider.id).name;
  const queue = dependencies.queues.queueFor(provider.id, name, provider.rateLimit);
  const announceWait = (waitMs: number) =>
    progress.status({ text: `Waiting ${Math.ceil(waitMs / 1000)} s for ${name}'s rate limit` });
  for (let attempt = 1; ; attempt += 1) {
    await queue.take(clock, context.signal, announceWait);
    try {
      return (await provider.search(query, context)).slice(0, query.limit);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'rate_limited' || attempt > 1) throw error;
      // The service says how long to wait (or a minute when it does not): the queue holds
      // every request to it until then, and this one is tried again if that is soon.
      queue.pauseUntil(clock.now() + (error.retryAfterMs ?? 60_000));
    }
  }
}

function providerContext(
  dependencies: SearchServiceDependencies,
  provider: SearchProvider,
  keys: Readonly<Record<string, string | null>>,
  signal: AbortSignal,
): ProviderContext {
  const service = webServiceById(provider.id);
  const { web, clock } = dependencies;
  return {
    network: dependencies.networks.for(service.needsProxy ? [provider.id, 'cors_proxy'] : [provider.id]),
    key: service.keyName ? (keys[service.keyName] ?? null) : null,
    web,
    proxied: (url) => proxyFor(web, url),
    signal,
    now: () => clock.now(),
  };
}

function proxyFor(web: WebSettings, url: string): string | null {
  return isServiceEnabled(web, 'cors_proxy') ? proxiedUrl(web.corsProxyTemplate, url) : null;
}

/** The keys of every keyed service, read once per search. */
async function keysOf(secrets: SecretsPort): Promise<Record<string, string | null>> {
  const names = [...new Set(WEB_SERVICES.flatMap((service) => (service.keyName ? [service.keyName] : [])))];
  const entries = await Promise.all(names.map(async (name) => [name, await secrets.get(name)] as const));
  return Object.fromEntries(entries);
}

/** Why a provider gave nothing, in words a person (and the model) can act on. */
function reasonOf(error: unknown): string {
  if (error instanceof RateLimitedError) return error.message;
  if (error instanceof ProviderError) return error.message;
  if (error instanceof NetworkError) {
    if (error.kind === 'unreachable')
      return 'it could not be reached, or it refused a request from this page (CORS)';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
