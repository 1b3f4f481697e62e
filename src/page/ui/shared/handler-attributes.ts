/**
 * Event-handler attributes (`onerror=…`, `onload=…`) renamed in the tags of an HTML string
 * before the sanitiser parses it. Not a defence — DOMPurify removes them either way, and
 * the CSP forbids inline handlers — but Chromium checks each handler attribute against the
 * page's CSP as soon as any parser sets it, even in DOMPurify's inert `DOMParser` document,
 * and reports a `script-src-attr` violation though nothing can run. With the handlers
 * renamed first, a CSP report means a handler reached a document of this page for real.
 */

/** A start tag: `<name`, then quoted values or other characters, up to its `>` (or the end). */
const START_TAG = /<[a-zA-Z][^\s/>"']*(?:"[^"]*"|'[^']*'|[^"'>])*>?/g;

/**
 * A start tag read without regard to quotes, up to the first `>`: how the parser reads
 * it when a quote is inside raw text (`<style><a id="</style><img onerror=…>">`, the
 * mutation-XSS shapes), where the tag the quotes hide is a real one.
 */
const START_TAG_IGNORING_QUOTES = /<[a-zA-Z][^>]*>?/g;

/** One attribute of a start tag: separator, name, and an optional `= value`. */
const ATTRIBUTE = /([\s/]+)([^\s"'>/=]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** The tag's name, then its attributes with every `on…` name prefixed `x-` (an attribute no sanitiser keeps). */
function renameHandlers(tag: string): string {
  const nameEnd = tag.search(/[\s/>]/);
  if (nameEnd === -1) return tag;
  const attributes = tag
    .slice(nameEnd)
    .replaceAll(ATTRIBUTE, (whole, separator: string, name: string, value: string | undefined) =>
      /^on/i.test(name) ? `${separator}x-${name}${value ?? ''}` : whole,
    );
  return tag.slice(0, nameEnd) + attributes;
}

/** `html` with the event-handler attributes of its start tags renamed (text and other attributes as they were). */
export function withoutHandlerAttributes(html: string): string {
  return html.replaceAll(START_TAG, renameHandlers).replaceAll(START_TAG_IGNORING_QUOTES, renameHandlers);
}
