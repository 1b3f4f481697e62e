import { Marked, type Token, type Tokens } from 'marked';

/**
 * Where an image of the outline goes in the deck: a new `src` (relative to the deck
 * folder, or a remote URL kept as written), or null to show its alt text instead.
 */
export type ImageSourceOf = (href: string) => string | null;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const COMMENT_ONLY = /^\s*<!--[\s\S]*?-->\s*$/;
/** reveal.js's code info suffix: `js [1-2|3]`, `js [5: 1-2]` (start line, highlighted steps). */
const LINE_NUMBERS = /\[\s*(?:(\d*):)?\s*([\s\d,|-]*)\]/;

/**
 * True for a link target a deck may follow: http(s), mailto, an in-page anchor or a
 * relative path. `javascript:`, `data:`, `vbscript:` and other schemes are refused.
 */
export function isSafeLinkTarget(href: string): boolean {
  const target = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === undefined) return !target.startsWith('//');
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** The image hrefs a piece of markdown uses, in order, as written. */
export function imageHrefsOf(markdown: string): string[] {
  const marked = new Marked({ gfm: true });
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'image') hrefs.push((token as Tokens.Image).href);
  });
  return hrefs;
}

/**
 * Renders one slide's markdown (GFM: tables, strikethrough, task lists) to HTML for a
 * reveal.js deck. Raw HTML in the outline is shown as text, never run or parsed (HTML
 * comments are dropped); links keep only safe targets; code blocks become
 * `<pre><code class="language-…">` for reveal's highlight plugin, with reveal's
 * `[1-2|3]` line-highlight suffix as `data-line-numbers`; images go where `imageSourceOf`
 * says.
 */
export function renderSlideMarkdown(markdown: string, imageSourceOf: ImageSourceOf): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        if (COMMENT_ONLY.test(text)) return '';
        return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!isSafeLinkTarget(href)) return inner;
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href)}"${titleAttribute}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const source = imageSourceOf(href);
        if (source === null) return `<span class="missing-image">${escapeHtml(text || href)}</span>`;
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}"${titleAttribute}>`;
      },
      code({ text, lang }: Tokens.Code) {
        return codeBlock(text, lang ?? '');
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

function codeBlock(text: string, info: string): string {
  const lineNumbers = LINE_NUMBERS.exec(info);
  const language = info.replace(LINE_NUMBERS, '').trim().split(/\s+/)[0] ?? '';
  const attributes = [
    language === '' ? 'class="nohighlight"' : `class="language-${escapeHtml(language)}"`,
    'data-trim',
  ];
  if (lineNumbers) {
    attributes.push(`data-line-numbers="${escapeHtml((lineNumbers[2] ?? '').trim())}"`);
    if (lineNumbers[1]) attributes.push(`data-ln-start-from="${escapeHtml(lineNumbers[1])}"`);
  }
  return `<pre><code ${attributes.join(' ')}>${escapeHtml(text)}</code></pre>\n`;
}

/** The text of a markdown heading token list, for a deck title. */
export function firstHeadingText(markdown: string): string | null {
  const tokens: Token[] = new Marked({ gfm: true }).lexer(markdown);
  const heading = tokens.find((token): token is Tokens.Heading => token.type === 'heading');
  return heading ? heading.text.replace(/[*_`~]/g, '').trim() || null : null;
}
