import { inlineSiteDocument, localPath, type SiteFileReader } from '@/shared/pwa/inline-site.ts';

/** A deck as one HTML file, and the relative references that could not be folded in. */
export type SingleFileDeck = { html: string; missing: string[] };

/**
 * The deck at `deckPath` (relative to /home/ubuntu) as one HTML file: its stylesheets
 * (fonts and images in them as data URLs), scripts and images folded in, exactly as the
 * preview route serves it, so it opens anywhere, offline, without its folder. `missing`
 * lists the relative references left as written (a file gone from the workspace, or too
 * big to inline). Null when the deck's page is not in the workspace.
 */
export async function singleFileDeck(deckPath: string, read: SiteFileReader): Promise<SingleFileDeck | null> {
  const page = await read(deckPath);
  if (page === null) return null;
  const html = await inlineSiteDocument(new TextDecoder().decode(page), deckPath, read);
  return { html, missing: localReferences(html, deckPath) };
}

/**
 * The relative references still in `html` that name files (`<link href>`, `<script src>`,
 * `<img src>`, and `url()`s inside `<style>`), as written; links, anchors, data, remote
 * and absolute addresses are left out.
 */
export function localReferences(html: string, documentPath: string): string[] {
  const found = new Set<string>();
  const add = (reference: string | undefined) => {
    if (reference !== undefined && localPath(reference, documentPath) !== null) found.add(reference);
  };
  // Tags are looked for outside scripts and styles (an inlined script may hold `<img src=…>` in a string).
  const markup = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2\s*>/gi, '$1');
  for (const [tag] of markup.matchAll(/<(?:link|script|img|source|video|audio)\b[^>]*>/gi)) {
    if (/^<link\b/i.test(tag) && !/\brel\s*=\s*["']?(stylesheet|icon|preload|modulepreload)\b/i.test(tag)) {
      continue;
    }
    for (const [, , double, single, bare] of tag.matchAll(
      /\s(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
    )) {
      add(double ?? single ?? bare);
    }
  }
  for (const [, style] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    for (const [, , target] of (style ?? '').matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi)) add(target);
  }
  return [...found];
}
