import { allOf, type PageElement, textOf, unwrap } from './page-dom.ts';

/**
 * Removing what is not a page's content: first what never is (scripts, frames, forms,
 * trackers, cookie banners, popups, ads, share widgets), then, when the content picker
 * found nothing, the furniture around the content (navigation, headers, footers, asides,
 * comments, related links).
 */

const NEVER_CONTENT_TAGS = [
  'script:not([type="application/ld+json"])',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'svg',
  'canvas',
  'video',
  'audio',
  'map',
  'dialog',
  'title',
  'input',
  'button',
  'select',
  'textarea',
  'datalist',
  'output',
  '[hidden]',
  '[aria-hidden="true"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
].join(', ');

/** Words in an element's class or id that mark it as never content. */
const NEVER_CONTENT_WORDS = new Set([
  'cookie',
  'cookies',
  'consent',
  'gdpr',
  'cmp',
  'onetrust',
  'didomi',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'modal',
  'popup',
  'share',
  'sharing',
  'sharedaddy',
  'addthis',
  'sharethis',
  'social',
  'ad',
  'ads',
  'adsbygoogle',
  'advert',
  'advertisement',
  'adslot',
  'sponsor',
  'sponsored',
  'promo',
  'taboola',
  'outbrain',
]);

/** Words in an element's class or id that mark it as page furniture (removed on the fallback path). */
const FURNITURE_WORDS = new Set([
  'comment',
  'comments',
  'disqus',
  'related',
  'breadcrumb',
  'breadcrumbs',
  'sidebar',
  'widget',
  'menu',
  'navbar',
  'toc',
  'pager',
  'pagination',
  'skip',
  'masthead',
  'trending',
]);

const FURNITURE_SELECTOR =
  'nav, [role="navigation"], header, footer, aside, [role="banner"], [role="contentinfo"], [role="complementary"]';

/** Hosts (or host suffixes) that serve tracking pixels and beacons. */
const TRACKER_HOSTS = [
  'google-analytics.com',
  'googletagmanager.com',
  'doubleclick.net',
  'googlesyndication.com',
  'googleadservices.com',
  'facebook.com',
  'facebook.net',
  'scorecardresearch.com',
  'quantserve.com',
  'chartbeat.net',
  'chartbeat.com',
  'hotjar.com',
  'adnxs.com',
  'adsrvr.org',
  'bat.bing.com',
  'ads.linkedin.com',
  'px.ads.linkedin.com',
  'analytics.twitter.com',
  't.co',
  'pixel.wp.com',
  'stats.wp.com',
  'mc.yandex.ru',
  'amazon-adsystem.com',
  'criteo.com',
  'criteo.net',
  'taboola.com',
  'outbrain.com',
  'parsely.com',
  'segment.io',
  'mixpanel.com',
  'clarity.ms',
  'nr-data.net',
  'omtrdc.net',
  'demdex.net',
  'krxd.net',
  'bluekai.com',
  'rlcdn.com',
];

/** First labels of hosts that only serve tracking (`pixel.example.com`). */
const TRACKER_LABELS =
  /^(?:pixel|pixels|px|tracker|tracking|track|beacon|analytics|metrics|telemetry|collect)$/;

/** Whether `img` is a tracking pixel: 1×1 (or hidden), or from a known tracker host. */
export function isTrackerImage(image: PageElement, baseUrl: string): boolean {
  const width = Number.parseInt(image.getAttribute('width') ?? '', 10);
  const height = Number.parseInt(image.getAttribute('height') ?? '', 10);
  if ((width <= 2 && (Number.isNaN(height) || height <= 2)) || (height <= 2 && Number.isNaN(width)))
    return true;
  const style = (image.getAttribute('style') ?? '').replace(/\s+/g, '').toLowerCase();
  if (/display:none|visibility:hidden|(?:^|;)(?:width|height):[01]px/.test(style)) return true;
  let host: string;
  try {
    host = new URL(image.getAttribute('src') ?? '', baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  const isKnown = TRACKER_HOSTS.some((tracker) => host === tracker || host.endsWith(`.${tracker}`));
  return isKnown || TRACKER_LABELS.test(host.split('.')[0] ?? '');
}

function hasWord(element: PageElement, words: ReadonlySet<string>): boolean {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.toLowerCase();
  return names.split(/[\s_-]+/).some((word) => words.has(word));
}

/**
 * Whether removing `element` could lose the page's content: it holds the `main` or
 * `article`, the page's first-level heading, or most of the text.
 */
function holdsContent(element: PageElement, bodyTextLength: number): boolean {
  if (/^(?:html|body|main|article)$/i.test(element.localName)) return true;
  if (element.querySelector('main, article, [role="main"], h1')) return true;
  return textOf(element).length > bodyTextLength * 0.3;
}

/**
 * Removes from `root` what is never content: scripts, styles, frames, embeds, form
 * controls, dialogs, hidden elements, tracking pixels, and elements whose class or id
 * marks them as cookie banners, newsletter boxes, popups, ads or share widgets. A form
 * that wraps the content (some sites wrap the whole page in one) is unwrapped instead.
 */
export function removeNeverContent(root: PageElement, baseUrl: string): void {
  // A tag name no browser would write (`<scr<script>`, `<javascript:x>`) serialises into
  // markup that parses differently: its children are kept, the element is not.
  for (const element of allOf(root, '*')) if (!/^[a-z][a-z0-9-]*$/i.test(element.localName)) unwrap(element);
  for (const element of allOf(root, NEVER_CONTENT_TAGS)) element.remove();
  for (const image of allOf(root, 'img')) if (isTrackerImage(image, baseUrl)) image.remove();
  for (const form of allOf(root, 'form')) {
    if (form.querySelector('article, main, h1, h2')) unwrap(form);
    else form.remove();
  }
  const style = /display\s*:\s*none|visibility\s*:\s*hidden/i;
  for (const element of allOf(root, '[style]'))
    if (style.test(element.getAttribute('style') ?? '')) element.remove();
  removeMarked(root, NEVER_CONTENT_WORDS);
}

/** Removes the furniture around the content: navigation, site header and footer, asides, comments, related links. */
export function removeFurniture(root: PageElement): void {
  for (const element of allOf(root, FURNITURE_SELECTOR)) {
    const isPageLevel = !element.parentElement?.closest('article, main, [role="main"]');
    if (element.localName === 'nav' || isPageLevel) element.remove();
  }
  removeMarked(root, FURNITURE_WORDS);
}

function removeMarked(root: PageElement, words: ReadonlySet<string>): void {
  const bodyTextLength = textOf(root).length;
  for (const element of allOf(root, '[class], [id]')) {
    if (!element.parentNode) continue;
    if (hasWord(element, words) && !holdsContent(element, bodyTextLength)) element.remove();
  }
}
