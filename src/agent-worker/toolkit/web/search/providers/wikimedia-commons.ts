import { z } from 'zod';
import type { HitImage } from '@/shared/protocol/web/search-results.ts';
import type { ProviderHit, SearchProvider } from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import { detailLine, fetchJson, wikimediaUserAgent, withQuery } from './provider-request.ts';

const SERVICE = 'Wikimedia Commons';
const THUMBNAIL_WIDTH = 320;

/** One `extmetadata` entry: its HTML-formatted value. */
const MetadataValue = z.looseObject({ value: z.union([z.string(), z.number()]) }).optional();

/**
 * `generator=search&prop=imageinfo` with `formatversion=2`: `query.pages` is an array in
 * no particular order (`index` is the search rank); no results means no `query` at all.
 */
const CommonsReply = z.looseObject({
  query: z
    .looseObject({
      pages: z.array(
        z.looseObject({
          title: z.string(),
          index: z.number().optional(),
          imageinfo: z
            .array(
              z.looseObject({
                url: z.string(),
                descriptionurl: z.string(),
                thumburl: z.string().optional(),
                width: z.number().int().nonnegative().optional(),
                height: z.number().int().nonnegative().optional(),
                mime: z.string().optional(),
                extmetadata: z
                  .looseObject({
                    LicenseShortName: MetadataValue,
                    LicenseUrl: MetadataValue,
                    Artist: MetadataValue,
                    ImageDescription: MetadataValue,
                  })
                  .optional(),
              }),
            )
            .optional(),
        }),
      ),
    })
    .optional(),
});

/**
 * Wikimedia Commons: freely licensed files (namespace 6) found by full-text search, with
 * their size, type, a 320 px thumbnail, licence and author. Results are the file
 * description pages; the image is on upload.wikimedia.org.
 */
export const wikimediaCommonsProvider: SearchProvider = {
  id: 'wikimedia_commons',
  types: ['image'],
  filtersTime: false,
  rateLimit: null,
  async search(query, context) {
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://commons.wikimedia.org/w/api.php', {
          action: 'query',
          generator: 'search',
          gsrsearch: query.text,
          gsrnamespace: 6,
          gsrlimit: query.limit,
          prop: 'imageinfo',
          iiprop: 'url|size|mime|extmetadata',
          iiurlwidth: THUMBNAIL_WIDTH,
          iiextmetadatafilter: 'LicenseShortName|LicenseUrl|Artist|ImageDescription',
          format: 'json',
          formatversion: 2,
          origin: '*',
        }),
        headers: { 'Api-User-Agent': wikimediaUserAgent(context.web) },
      },
      CommonsReply,
    );
    const pages = [...(reply.query?.pages ?? [])].sort(
      (first, second) => (first.index ?? Number.MAX_SAFE_INTEGER) - (second.index ?? Number.MAX_SAFE_INTEGER),
    );
    const hits: ProviderHit[] = [];
    for (const page of pages) {
      const info = page.imageinfo?.[0];
      if (!info) continue;
      const metadata = info.extmetadata;
      const license = plainText(String(metadata?.LicenseShortName?.value ?? ''));
      const licenseUrl = String(metadata?.LicenseUrl?.value ?? '').trim();
      const author = plainText(String(metadata?.Artist?.value ?? ''));
      const image: HitImage = {
        url: info.url,
        ...(info.thumburl ? { thumbnail_url: info.thumburl } : {}),
        ...(info.width ? { width: info.width } : {}),
        ...(info.height ? { height: info.height } : {}),
        ...(info.mime ? { mime: info.mime } : {}),
        ...(license ? { license } : {}),
        ...(licenseUrl ? { license_url: licenseUrl } : {}),
        ...(author ? { author } : {}),
      };
      const hit: ProviderHit = {
        title: page.title.replace(/^File:/, ''),
        url: info.descriptionurl,
        snippet: plainText(String(metadata?.ImageDescription?.value ?? '')),
        image,
      };
      const detail = detailLine([
        info.width && info.height ? `${info.width}×${info.height}` : null,
        license,
        author ? `by ${author}` : null,
      ]);
      if (detail) hit.detail = detail;
      hits.push(hit);
    }
    return hits.slice(0, query.limit);
  },
};
