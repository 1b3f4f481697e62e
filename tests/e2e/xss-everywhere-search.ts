import { hostileSearchHits, XSS_MARK, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { ALL_ON_ONE_LINE, ALL_PAYLOADS, HOSTILE_FILES } from './xss-everywhere-files.ts';

/** Search metas of the XSS-everywhere bundle: the corpus in every field of an info and an image search. */

const hits = hostileSearchHits().map((hit, index) => ({
  rank: index + 1,
  ...hit,
  source: 'wikipedia',
  site: XSS_PAYLOADS[index] ?? '',
  date: XSS_PAYLOADS[index] ?? '',
  detail: XSS_PAYLOADS[index] ?? '',
}));
const providers = XSS_PAYLOADS.slice(0, 3).map((payload, index) => ({
  id: `provider-${index}`,
  name: `Provider ${payload}`,
  status: index === 0 ? 'answered' : 'failed',
  results: index === 0 ? hits.length : 0,
  ...(index === 0 ? {} : { reason: ALL_ON_ONE_LINE }),
}));

/** An info search: every payload as a query, a result (title, address, snippet, site, date), a provider and the summary. */
export function hostileInfoSearchMeta(): Record<string, unknown> {
  return {
    provider: 'wikipedia',
    summary: ALL_PAYLOADS,
    payload: { results: hits, providers, queries: XSS_PAYLOADS, time: 'all' },
    untrusted_content: 'web',
  };
}

/** An image search: every payload in image titles, licences, authors, failed images and queries. */
export function hostileImageSearchMeta(): Record<string, unknown> {
  const picture = `/home/ubuntu/${HOSTILE_FILES.image}`;
  return {
    provider: 'wikimedia_commons',
    summary: ALL_PAYLOADS,
    payload: {
      results: [],
      providers,
      queries: XSS_PAYLOADS,
      time: 'all',
      failed_images: XSS_PAYLOADS.map((payload) => ({
        url: `javascript:${XSS_MARK}`,
        title: payload,
        reason: payload,
      })),
    },
    images: XSS_PAYLOADS.slice(0, 4).map((payload) => ({
      path: picture,
      thumb: picture,
      width: 64,
      height: 48,
      source_url: `javascript:${XSS_MARK}`,
      title: `${payload} ${ALL_ON_ONE_LINE}`,
      license: payload,
      author: payload,
    })),
    untrusted_content: 'web',
  };
}
