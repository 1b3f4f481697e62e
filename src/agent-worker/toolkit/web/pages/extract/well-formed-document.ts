/**
 * linkedom builds its tree from the tags as written: without `<html>`, `<head>` and
 * `<body>` (which HTML lets a page leave out) its `document.body` is empty and its
 * `document.title` blank. Browsers add them; this does the same before parsing.
 */

/** Script, style, textarea and title contents, and comments, blanked out (same length), so tags inside them are not found. */
function masked(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => ' '.repeat(comment.length))
    .replace(
      /(<(script|style|textarea|title|noscript|template)\b[^>]*>)([\s\S]*?)(<\/\2\s*>|$)/gi,
      (_whole, open: string, _name, inner: string, close: string) =>
        `${open}${' '.repeat(inner.length)}${close}`,
    );
}

/** What may open a page before its body: doctype, comments, `<html>`, `<head>` and the elements that live in it. */
const HEAD_PART =
  /\s*(?:<!doctype[^>]*>|<!--[\s\S]*?-->|<\/?html\b[^>]*>|<\/?head\b[^>]*>|<(?:meta|link|base)\b[^>]*>|<(title|style|script|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>)/iy;

/**
 * `html` as a complete document: `<!doctype html><html …><head>…</head><body …>…</body></html>`,
 * keeping the attributes of the page's own `<html>` and `<body>` (its `lang`, say). What
 * comes before the body (or, without a `<body>` tag, the leading head elements) goes in
 * the head; the rest, including anything after `</body>`, in the body.
 */
export function wellFormedDocument(html: string): string {
  const text = html.replace(/^\ufeff/, '');
  const mask = masked(text);
  const htmlAttributes = /<html\b([^>]*)>/i.exec(mask)?.[1] ?? '';
  const bodyTag = /<body\b([^>]*)>/i.exec(mask);
  let headEnd: number;
  let bodyStart: number;
  if (bodyTag) {
    headEnd = bodyTag.index;
    bodyStart = bodyTag.index + bodyTag[0].length;
  } else {
    headEnd = 0;
    for (;;) {
      HEAD_PART.lastIndex = headEnd;
      const part = HEAD_PART.exec(mask);
      if (!part || part[0].length === 0) break;
      headEnd += part[0].length;
    }
    bodyStart = headEnd;
  }
  const head = text.slice(0, headEnd).replace(/<!doctype[^>]*>|<\/?html\b[^>]*>|<\/?head\b[^>]*>/gi, '');
  const body = cutClosingTags(text.slice(bodyStart), mask.slice(bodyStart));
  const bodyAttributes = bodyTag?.[1] ?? '';
  return `<!doctype html><html${withoutSelfClosing(htmlAttributes)}><head>${head}</head><body${withoutSelfClosing(bodyAttributes)}>${body}</body></html>`;
}

/** The body without the closing `</body>` and `</html>` tags (outside scripts and comments). */
function cutClosingTags(body: string, mask: string): string {
  let result = '';
  let position = 0;
  for (const tag of mask.matchAll(/<\/(?:body|html)\s*>/gi)) {
    result += body.slice(position, tag.index);
    position = tag.index + tag[0].length;
  }
  return result + body.slice(position);
}

/** A start tag's attributes (as written: the mask blanks nothing inside a start tag), without a trailing `/`. */
function withoutSelfClosing(attributes: string): string {
  return attributes.replace(/\/\s*$/, '');
}
