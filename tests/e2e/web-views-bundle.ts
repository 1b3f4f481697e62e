import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';
import type { EventBody, StoredEvent } from '../../src/shared/protocol/events.ts';
import { hostileSearchHits, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { gradientPng, LIGHTHOUSE_MARKDOWN, ORDINARY_HITS } from './web-views-samples.ts';

const encoder = new TextEncoder();

/** The texts the bundle shows: ordinary ones, or a payload from the XSS corpus in every slot. */
type Texts = {
  text(slot: string, ordinary: string): string;
  fileName(slot: string, ordinary: string): string;
};

const ORDINARY: Texts = { text: (_, ordinary) => ordinary, fileName: (_, ordinary) => ordinary };

function hostileTexts(): Texts {
  let next = 0;
  const payload = () => XSS_PAYLOADS[next++ % XSS_PAYLOADS.length] ?? '';
  return {
    text: (slot) => `${slot} ${payload()}`,
    // A payload is a file name once its slashes (path separators) are replaced.
    fileName: (_, ordinary) =>
      `${payload()
        .replaceAll('/', '_')
        .replaceAll(/[\r\n\t]/g, ' ')}-${ordinary}`,
  };
}

/** The conversation the e2e test imports: image search, info search, a page read, a workspace page, a take-over question. */
export function webViewsContents(
  options: { isHostile?: boolean; conversationId?: string; appUrl?: string } = {},
): BundleContents {
  const texts = options.isHostile ? hostileTexts() : ORDINARY;
  const id = options.conversationId ?? (options.isHostile ? 'web-hostile' : 'web-views');
  const files: BundleContents['files'] = [];
  const file = (path: string, content: Uint8Array) =>
    files.push({ path, kind: 'file', size: content.byteLength, modifiedAt: 1, content });
  for (const folder of ['images', 'pages', 'site']) {
    files.push({ path: folder, kind: 'directory', size: 0, modifiedAt: 1, content: new Uint8Array() });
  }

  const tints: [number, number, number][] = [
    [120, 170, 235],
    [240, 160, 110],
    [110, 200, 170],
  ];
  const imageNames = ['lighthouse-harbour', 'lighthouse-dusk', 'lighthouse-cliff'];
  const images = imageNames.map((name, index) => {
    const base = texts.fileName(`image ${index}`, name);
    const [width, height] = [960, 640];
    file(`images/${base}.png`, gradientPng(width, height, tints[index] ?? [128, 128, 128]));
    file(`images/${base}_thumb.png`, gradientPng(240, 160, tints[index] ?? [128, 128, 128]));
    return {
      path: `/home/ubuntu/images/${base}.png`,
      thumb: `/home/ubuntu/images/${base}_thumb.png`,
      width,
      height,
      source_url: options.isHostile
        ? (['javascript:window.__xss=1', `https://commons.wikimedia.org/wiki/File:${name}.jpg`][index % 2] ??
          '')
        : `https://commons.wikimedia.org/wiki/File:${name}.jpg`,
      title: texts.text(
        'Image title',
        ['Harbour lighthouse at noon', 'Lighthouse at dusk', 'Cliff-top lighthouse'][index] ?? name,
      ),
      license: texts.text('Licence', ['CC BY-SA 4.0', 'CC0 1.0', 'CC BY 2.0'][index] ?? ''),
      author: texts.text('Author', ['Ana Ribeiro', 'J. Smith', 'Wikimedia user Seafarer'][index] ?? ''),
    };
  });

  const failedImages = (options.isHostile ? XSS_PAYLOADS.slice(0, 8) : ['']).map((payload, index) => ({
    url:
      options.isHostile && index % 2 === 0
        ? `javascript:window.__xss=${index}`
        : 'https://upload.example.org/huge.tiff',
    title: options.isHostile ? `Failed ${payload}` : 'Lighthouse panorama (TIFF)',
    reason: options.isHostile ? `Reason ${payload}` : 'Not an image type that can be shown (image/tiff).',
  }));

  const hits = options.isHostile
    ? hostileSearchHits().map((hit, index) => ({
        rank: index + 1,
        title: hit.title,
        url: hit.url,
        snippet: hit.snippet,
        source: 'wikipedia',
        site: texts.text('Site', 'example.org'),
        date: texts.text('Date', '2025-01-01'),
        detail: texts.text('Detail', ''),
      }))
    : ORDINARY_HITS;

  const pageName = texts.fileName('page', 'lighthouse');
  const pageMarkdown = options.isHostile
    ? `# Hostile page\n\n${XSS_PAYLOADS.join('\n\n')}\n`
    : LIGHTHOUSE_MARKDOWN;
  file(`pages/${pageName}.md`, encoder.encode(pageMarkdown));
  file('pages/harbour-site.md', encoder.encode('# Harbour tours\n\nLive from the workspace.\n'));
  file(
    'site/index.html',
    encoder.encode(
      '<!doctype html><title>Harbour site</title><h1>Harbour tours</h1><p>Live from the workspace.</p>',
    ),
  );

  const providers = (entries: [string, string, 'answered' | 'failed' | 'skipped', number, string?][]) =>
    entries.map(([providerId, name, status, results, reason]) => ({
      id: providerId,
      name: texts.text('Provider', name),
      status,
      results,
      ...(reason ? { reason: texts.text('Reason', reason) } : {}),
    }));

  let seq = 0;
  const events: StoredEvent[] = [];
  const push = (body: EventBody) => events.push({ conversationId: id, seq, at: 1000 + seq++ * 700, body });
  const action = (
    uuid: string,
    tool: string,
    actionType: string,
    metaKind: 'search' | 'browser' | 'message',
    args: Record<string, unknown>,
    description: string,
    done: { status: 'success' | 'asking'; content: string; meta: Record<string, unknown> },
    role?: 'ask',
  ) => {
    const base = {
      type: 'envelope' as const,
      toolCallId: `call-${uuid}`,
      metaKind,
      ...(role ? { role } : {}),
    };
    push({
      ...base,
      arguments: args,
      envelope: { uuid, status: 'running', content: description, meta: { action_type: actionType, tool } },
    });
    push({
      ...base,
      envelope: {
        uuid,
        status: done.status,
        content: done.content,
        meta: { action_type: actionType, tool, ...done.meta },
      },
    });
  };

  push({
    type: 'user_message',
    text: texts.text('Task', 'Find photos of lighthouses and read up on how they work'),
  });
  const imageQueries = [texts.text('Query', 'lighthouse photo')];
  action(
    's-image',
    'search',
    'search.image',
    'search',
    { type: 'image', queries: imageQueries },
    texts.text('Description', 'Searching (image): lighthouse photo'),
    {
      status: 'success',
      content: 'Saved 3 images.',
      meta: {
        provider: 'wikimedia_commons',
        summary: texts.text(
          'Summary',
          'Three freely licensed lighthouse photos from Wikimedia Commons; Openverse was rate-limited.',
        ),
        payload: {
          results: [],
          providers: providers([
            ['wikimedia_commons', 'Wikimedia Commons', 'answered', 3],
            ['openverse', 'Openverse', 'failed', 0, 'HTTP 429: too many requests; try again in a minute'],
            ['brave', 'Brave Search', 'skipped', 0, 'No key (Settings → Search)'],
          ]),
          queries: imageQueries,
          time: 'all',
          failed_images: failedImages,
        },
        images,
        untrusted_content: 'web',
      },
    },
  );
  const infoQueries = [
    texts.text('Query', 'how does a lighthouse work'),
    texts.text('Query', 'fresnel lens'),
  ];
  action(
    's-info',
    'search',
    'search.info',
    'search',
    { type: 'info', queries: infoQueries, time: 'past_year' },
    texts.text('Description', 'Searching (info, 2 queries): how does a lighthouse work'),
    {
      status: 'success',
      content: 'Found results.',
      meta: {
        provider: 'wikipedia,hn_algolia',
        summary: texts.text(
          'Summary',
          'Lighthouses focus a lamp through a Fresnel lens into a beam; most are automated today.',
        ),
        payload: {
          results: hits,
          providers: providers([
            ['wikipedia', 'Wikipedia', 'answered', 2],
            ['hn_algolia', 'Hacker News (Algolia)', 'answered', 1],
            ['tavily', 'Tavily', 'skipped', 0, 'No key (Settings → Search)'],
          ]),
          queries: infoQueries,
          time: 'past_year',
        },
        untrusted_content: 'web',
      },
    },
  );
  action(
    'b-live',
    'browser',
    'browser',
    'browser',
    { url: 'http://localhost:3000/' },
    texts.text('Description', 'Opening http://localhost:3000/'),
    {
      status: 'success',
      content: 'Opened the workspace page.',
      meta: {
        url: 'http://localhost:3000/',
        title: texts.text('Page title', 'Harbour site'),
        path: '/home/ubuntu/pages/harbour-site.md',
        via: 'workspace',
        word_count: 5,
        live_url: options.isHostile
          ? 'javascript:window.__xss=4'
          : new URL(`preview/${id}/site/index.html`, options.appUrl ?? 'http://127.0.0.1/').href,
      },
    },
  );
  const pageUrl = options.isHostile
    ? 'javascript:window.__xss=2'
    : 'https://en.wikipedia.org/wiki/Lighthouse';
  action(
    'b-page',
    'browser',
    'browser',
    'browser',
    { url: pageUrl, intent: 'informational', focus: 'lenses' },
    texts.text('Description', `Opening ${pageUrl}`),
    {
      status: 'success',
      content: 'Opened the page.',
      meta: {
        url: pageUrl,
        title: texts.text('Page title', 'Lighthouse - Wikipedia'),
        ...(options.isHostile ? { final_url: 'data:text/html,<script>window.__xss=3</script>' } : {}),
        path: `/home/ubuntu/pages/${pageName}.md`,
        via: 'jina_reader',
        intent: 'informational',
        focus: 'lenses',
        word_count: 1834,
        untrusted_content: 'web',
      },
    },
  );
  const question = options.isHostile
    ? texts.text('Question', 'Please sign in.')
    : 'The archive asks for a login before it shows the keeper logs. Please sign in, then tell me when you are done.';
  action(
    'ask-1',
    'message',
    'message.ask',
    'message',
    { type: 'ask', text: question, suggested_action: 'take_over_browser' },
    question,
    { status: 'asking', content: question, meta: { attachments: [], suggested_action: 'take_over_browser' } },
    'ask',
  );

  return {
    conversation: {
      id,
      title: texts.text('Title', 'Lighthouses: photos and how they work'),
      status: 'asking',
      createdAt: 1000,
      updatedAt: 1000 + seq * 700,
      profileId: 'manus',
    },
    events,
    plan: null,
    schedules: [],
    previewStorage: [],
    files,
  };
}

/** The bundle of `webViewsContents`, as the import picker takes it. */
export function webViewsBundle(options: { isHostile?: boolean; appUrl?: string } = {}): Uint8Array {
  return encodeBundle(webViewsContents(options), '0.1.0', Date.UTC(2026, 0, 2));
}
