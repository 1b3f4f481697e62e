import { contentTypeForPath } from '../protocol/mime-types.ts';

/** Reads a workspace file (a path relative to `/home/ubuntu`), or null when there is none. */
export type SiteFileReader = (path: string) => Promise<Uint8Array | null>;

/** Largest file inlined, in bytes; bigger ones keep their reference (and will not load). */
const MAX_INLINED_BYTES = 8 * 1024 * 1024;

/**
 * A preview document with the site's own files folded in. A preview runs in an opaque
 * origin (the route's CSP `sandbox`), and a document with an opaque origin is not served
 * by the service worker: its stylesheets, scripts and images, requested from the app's
 * origin, would never load. So they go inside the document as `data:` URLs, each in
 * place of its reference on the same line: stylesheets (their relative `url()`s as data
 * URLs too), scripts (classic and module, named by `//# sourceURL=<workspace path>` so
 * the browser reports an error's file and line as the site's own) and images. The
 * document keeps its lines, so an error in one of its inline scripts is reported at its
 * own line too. Only relative references inside the workspace are read; absolute and
 * remote ones are left as written. A module that imports another relative module is not
 * followed (the import then fails, as it would have).
 */
export async function inlineSiteDocument(
  html: string,
  documentPath: string,
  read: SiteFileReader,
): Promise<string> {
  const text = async (path: string) => {
    const bytes = await readWithin(read, path);
    return bytes === null ? null : new TextDecoder().decode(bytes);
  };
  let result = await replaceAsync(html, /<link\b[^>]*>/gi, async (tag) => {
    if (!/\brel\s*=\s*["']?stylesheet\b/i.test(tag)) return tag;
    const path = localPath(attribute(tag, 'href'), documentPath);
    const css = path === null ? null : await text(path);
    if (css === null || path === null) return tag;
    const url = textDataUrl('text/css', await inlineCssUrls(css, path, read));
    return tag.replace(/\bhref\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, `href="${url}"`);
  });
  result = await replaceAsync(
    result,
    /<script\b([^>]*)>\s*<\/script\s*>/gi,
    async (tag, attributes: string) => {
      const path = localPath(attribute(`<x ${attributes}>`, 'src'), documentPath);
      const code = path === null ? null : await text(path);
      if (code === null || path === null) return tag;
      const url = textDataUrl('text/javascript', `${code}\n//# sourceURL=${path.replace(/\s/g, '%20')}`);
      return tag.replace(/\bsrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, `src="${url}"`);
    },
  );
  result = await replaceAsync(result, /<img\b[^>]*>/gi, async (tag) => {
    const source = attribute(tag, 'src');
    const path = localPath(source, documentPath);
    if (path === null || source === null) return tag;
    const url = await dataUrl(path, read);
    return url === null ? tag : tag.replace(/\bsrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, `src="${url}"`);
  });
  return result;
}

/** A stylesheet's relative `url(…)`s as data URLs (fonts, backgrounds). */
async function inlineCssUrls(css: string, cssPath: string, read: SiteFileReader): Promise<string> {
  return replaceAsync(
    css,
    /url\(\s*(["']?)([^"')]+)\1\s*\)/gi,
    async (whole, _quote: string, target: string) => {
      const path = localPath(target, cssPath);
      const url = path === null ? null : await dataUrl(path, read);
      return url === null ? whole : `url("${url}")`;
    },
  );
}

async function dataUrl(path: string, read: SiteFileReader): Promise<string | null> {
  const bytes = await readWithin(read, path);
  return bytes === null ? null : bytesDataUrl(contentTypeForPath(path).split(';')[0]!, bytes);
}

/** Text as a base64 `data:` URL in UTF-8 (one line, whatever the text holds). */
export function textDataUrl(type: string, text: string): string {
  return bytesDataUrl(`${type};charset=utf-8`, new TextEncoder().encode(text));
}

function bytesDataUrl(type: string, bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return `data:${type};base64,${btoa(binary)}`;
}

async function readWithin(read: SiteFileReader, path: string): Promise<Uint8Array | null> {
  const bytes = await read(path).catch(() => null);
  return bytes !== null && bytes.byteLength <= MAX_INLINED_BYTES ? bytes : null;
}

/**
 * The workspace path (relative to `/home/ubuntu`) a relative reference in the file at
 * `fromPath` names, or null for an absolute, remote, data or fragment reference, or one
 * that climbs out of the workspace.
 */
export function localPath(reference: string | null, fromPath: string): string | null {
  if (reference === null) return null;
  const trimmed = reference.trim();
  if (trimmed === '' || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(trimmed)) return null;
  const parts = fromPath.split('/').slice(0, -1);
  for (const part of trimmed.split(/[?#]/)[0]!.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    try {
      parts.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  return parts.length === 0 ? null : parts.join('/');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? null) : null;
}

async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (match: string, ...groups: string[]) => Promise<string>,
): Promise<string> {
  const pieces: Promise<string>[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    pieces.push(Promise.resolve(text.slice(last, at)), replace(match[0], ...(match.slice(1) as string[])));
    last = at + match[0].length;
  }
  pieces.push(Promise.resolve(text.slice(last)));
  return (await Promise.all(pieces)).join('');
}
