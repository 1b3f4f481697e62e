import { z } from 'zod';
import type { HitImage } from '@/shared/protocol/web/search-results.ts';
import type { ProviderHit, SearchProvider } from '../search-provider.ts';
import { detailLine, fetchJson, withQuery } from './provider-request.ts';

const SERVICE = 'Openverse';
/** Anonymous requests may ask for at most 20 results (more is a 401). */
const ANONYMOUS_PAGE_SIZE = 20;

/** `GET /v1/images/`: a paginated list of image objects (the fields used). */
const OpenverseReply = z.looseObject({
  results: z.array(
    z.looseObject({
      title: z.string().nullable().optional(),
      url: z.string().nullable().optional(),
      foreign_landing_url: z.string().nullable().optional(),
      thumbnail: z.string().nullable().optional(),
      width: z.number().int().nullable().optional(),
      height: z.number().int().nullable().optional(),
      filetype: z.string().nullable().optional(),
      license: z.string(),
      license_version: z.string().nullable().optional(),
      license_url: z.string().nullable().optional(),
      creator: z.string().nullable().optional(),
      attribution: z.string().nullable().optional(),
      source: z.string().nullable().optional(),
    }),
  ),
});

const MIME_BY_FILE_TYPE: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
};

/** Openverse's licence code and version as people write it ("CC BY-SA 2.0", "CC0 1.0"). */
export function openverseLicenseName(code: string, version: string | null | undefined): string {
  const name = code === 'pdm' ? 'Public Domain Mark' : code === 'cc0' ? 'CC0' : `CC ${code.toUpperCase()}`;
  return version ? `${name} ${version}` : name;
}

/**
 * Openverse: openly licensed images gathered from Flickr, museums, Wikimedia and others,
 * each with its licence, creator and the page it comes from. Anonymous use allows about
 * 20 searches a minute and 20 results a search.
 */
export const openverseProvider: SearchProvider = {
  id: 'openverse',
  types: ['image'],
  filtersTime: false,
  rateLimit: { requests: 20, perMs: 60_000 },
  async search(query, context) {
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://api.openverse.org/v1/images/', {
          q: query.text,
          page_size: Math.min(query.limit, ANONYMOUS_PAGE_SIZE),
        }),
      },
      OpenverseReply,
    );
    const hits: ProviderHit[] = [];
    for (const result of reply.results) {
      if (!result.url) continue;
      const license = openverseLicenseName(result.license, result.license_version);
      const mime = result.filetype ? MIME_BY_FILE_TYPE[result.filetype.toLowerCase()] : undefined;
      const image: HitImage = {
        url: result.url,
        ...(result.thumbnail ? { thumbnail_url: result.thumbnail } : {}),
        ...(result.width ? { width: result.width } : {}),
        ...(result.height ? { height: result.height } : {}),
        ...(mime ? { mime } : {}),
        license,
        ...(result.license_url ? { license_url: result.license_url } : {}),
        ...(result.creator ? { author: result.creator } : {}),
      };
      const hit: ProviderHit = {
        title: result.title?.trim() || 'Untitled image',
        url: result.foreign_landing_url || result.url,
        snippet: result.attribution ?? '',
        image,
      };
      const detail = detailLine([
        result.width && result.height ? `${result.width}×${result.height}` : null,
        license,
        result.creator ? `by ${result.creator}` : null,
        result.source ? `via ${result.source}` : null,
      ]);
      if (detail) hit.detail = detail;
      hits.push(hit);
    }
    return hits.slice(0, query.limit);
  },
};
