/** One cookie: its value and when it expires (ms since the epoch), or null for a session cookie. */
type Cookie = { value: string; expires: number | null };

/**
 * `document.cookie` for a page in an opaque origin (where the browser's own is empty and
 * ignores writes): reading gives `name=value; …` of the cookies not expired, writing
 * takes one cookie as a page would (`name=value; max-age=…; expires=…; path=…`). Path,
 * domain, secure and SameSite do not apply (there is one site and no server); the
 * cookies are saved through `save` after each change.
 */
export function installCookies(
  initial: string | null,
  limit: number,
  save: (data: string) => void,
  now: () => number = Date.now,
): void {
  const jar = new Map<string, Cookie>(parseJar(initial));
  const live = () => [...jar].filter(([, cookie]) => cookie.expires === null || cookie.expires > now());
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    enumerable: true,
    get(): string {
      return live()
        .map(([name, cookie]) => (name === '' ? cookie.value : `${name}=${cookie.value}`))
        .join('; ');
    },
    set(assignment: string) {
      const [pair = '', ...attributes] = String(assignment).split(';');
      const separator = pair.indexOf('=');
      const name = (separator < 0 ? '' : pair.slice(0, separator)).trim();
      const value = (separator < 0 ? pair : pair.slice(separator + 1)).trim();
      const expires = expiryOf(attributes, now());
      if (expires !== null && expires <= now()) jar.delete(name);
      else jar.set(name, { value, expires });
      const data = JSON.stringify(live());
      if (data.length <= limit) save(data);
    },
  });
}

/** `max-age` wins over `expires` (RFC 6265 §5.3); null when neither is given. */
function expiryOf(attributes: string[], now: number): number | null {
  let expires: number | null = null;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'max-age' && /^-?\d+$/.test(value)) return now + Number(value) * 1000;
    if (key === 'expires') {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) expires = at;
    }
  }
  return expires;
}

function parseJar(text: string | null): [string, Cookie][] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, Cookie] =>
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1]?.value === 'string' &&
        (entry[1].expires === null || typeof entry[1].expires === 'number'),
    );
  } catch {
    return [];
  }
}
