/** A page's readable content, extracted in the worker from HTML or from a relay's markdown. */
export type ExtractedPage = {
  title: string;
  /**
   * The main content as markdown: headings, paragraphs, lists, tables, links and images
   * kept; scripts, styles, navigation, cookie banners and trackers dropped. Links and
   * images are absolute; `javascript:`, `data:` and other non-http(s) links are neutralised.
   */
  markdown: string;
  byline?: string;
  siteName?: string;
  /** ISO 8601, when the page says. */
  published?: string;
  lang?: string;
  wordCount: number;
};
