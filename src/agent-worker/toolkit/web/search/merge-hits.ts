import type { SearchHit } from '@/shared/protocol/web/search-results.ts';
import type { ProviderHit } from './search-provider.ts';

/** The results of one provider for one query, in its order. */
export type ProviderResults = { providerId: string; hits: ProviderHit[] };

/** Query parameters that only track the visitor; dropped when comparing URLs. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|igshid)$/i;

/**
 * The address two results share when they are the same page: lower-case host without
 * `www.`, no fragment, no tracking parameters, no trailing slash, http and https alike.
 */
export function comparableUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.trim();
  }
  const parameters = [...parsed.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name));
  parameters.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(parameters).toString();
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${host}${parsed.port ? `:${parsed.port}` : ''}${path}${query ? `?${query}` : ''}`;
}

/**
 * Merges every provider's results for every query variant: one entry per page (by
 * `comparableUrl`), placed at the best rank it reached anywhere (ties: the earlier
 * provider, then the earlier query), keeping the first fuller snippet and date seen.
 * `results` come in the order they were fetched (provider by provider, each query in turn).
 */
export function mergeHits(results: readonly ProviderResults[], limit: number): SearchHit[] {
  type Entry = { hit: ProviderHit; source: string; bestRank: number; order: number };
  const byUrl = new Map<string, Entry>();
  let order = 0;
  for (const { providerId, hits } of results) {
    hits.forEach((hit, index) => {
      if (!isHttpUrl(hit.url)) return;
      const key = comparableUrl(hit.url);
      const rank = index + 1;
      const existing = byUrl.get(key);
      order += 1;
      if (!existing) {
        byUrl.set(key, { hit, source: providerId, bestRank: rank, order });
        return;
      }
      existing.bestRank = Math.min(existing.bestRank, rank);
      if (hit.snippet.length > existing.hit.snippet.length)
        existing.hit = { ...existing.hit, snippet: hit.snippet };
      if (!existing.hit.date && hit.date) existing.hit = { ...existing.hit, date: hit.date };
    });
  }
  return [...byUrl.values()]
    .sort((a, b) => a.bestRank - b.bestRank || a.order - b.order)
    .slice(0, limit)
    .map((entry, index) => ({
      rank: index + 1,
      title: entry.hit.title.trim() || entry.hit.url,
      url: entry.hit.url,
      snippet: entry.hit.snippet.trim(),
      source: entry.source,
      site: siteOf(entry.hit.url),
      ...(entry.hit.date ? { date: entry.hit.date } : {}),
      ...(entry.hit.detail ? { detail: entry.hit.detail } : {}),
      ...(entry.hit.image ? { image: entry.hit.image } : {}),
    }));
}

/** Results on or after `cutoff`; undated results are kept and counted. */
export function filterByDate(
  hits: readonly ProviderHit[],
  cutoff: number | null,
): { kept: ProviderHit[]; dropped: number; undated: number } {
  if (cutoff === null) return { kept: [...hits], dropped: 0, undated: 0 };
  let dropped = 0;
  let undated = 0;
  const kept = hits.filter((hit) => {
    const time = hit.date ? Date.parse(hit.date) : Number.NaN;
    if (Number.isNaN(time)) {
      undated += 1;
      return true;
    }
    if (time < cutoff) {
      dropped += 1;
      return false;
    }
    return true;
  });
  return { kept, dropped, undated };
}

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
