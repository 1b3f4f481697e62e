/**
 * `localStorage` and `sessionStorage` for a page in an opaque origin (where the browser's
 * own throw): a `Storage` with the same methods, property access (`localStorage.notes`,
 * `localStorage['notes'] = …`) and quota, kept in memory and saved through `save` after
 * each change (the app keeps it in IndexedDB under the conversation and site).
 */
export function createWebStorage(
  initial: string | null,
  limit: number,
  save: (data: string) => void,
): Storage {
  const entries = new Map<string, string>(parseEntries(initial));
  let size = [...entries].reduce((total, [key, value]) => total + key.length + value.length, 0);

  const methods = {
    get length() {
      return entries.size;
    },
    key(index: number): string | null {
      return [...entries.keys()][index] ?? null;
    },
    getItem(key: string): string | null {
      return entries.get(String(key)) ?? null;
    },
    setItem(key: string, value: string): void {
      const name = String(key);
      const text = String(value);
      const previous = entries.get(name);
      const next =
        size - (previous === undefined ? 0 : name.length + previous.length) + name.length + text.length;
      if (next > limit)
        throw new DOMException(
          `Setting the value of '${name}' exceeded the quota (${limit} characters).`,
          'QuotaExceededError',
        );
      entries.set(name, text);
      size = next;
      save(JSON.stringify([...entries]));
    },
    removeItem(key: string): void {
      const name = String(key);
      const previous = entries.get(name);
      if (previous === undefined) return;
      entries.delete(name);
      size -= name.length + previous.length;
      save(JSON.stringify([...entries]));
    },
    clear(): void {
      if (entries.size === 0) return;
      entries.clear();
      size = 0;
      save('[]');
    },
  };
  const own = new Set(['length', 'key', 'getItem', 'setItem', 'removeItem', 'clear']);
  // Property access reads and writes items, as on the browser's Storage.
  return new Proxy(methods, {
    get(target, property, receiver) {
      if (typeof property === 'symbol' || own.has(property)) return Reflect.get(target, property, receiver);
      return entries.get(property) ?? undefined;
    },
    set(target, property, value) {
      if (typeof property === 'symbol' || own.has(property)) return Reflect.set(target, property, value);
      target.setItem(property, value);
      return true;
    },
    deleteProperty(target, property) {
      if (typeof property !== 'symbol') target.removeItem(property);
      return true;
    },
    has(target, property) {
      return typeof property === 'symbol' || own.has(property) ? property in target : entries.has(property);
    },
    ownKeys() {
      return [...entries.keys()];
    },
    getOwnPropertyDescriptor(_target, property) {
      if (typeof property === 'symbol' || !entries.has(property)) return undefined;
      return { value: entries.get(property), writable: true, enumerable: true, configurable: true };
    },
  }) as unknown as Storage;
}

/** Saved entries, or none when the text is missing or not what this runtime wrote. */
function parseEntries(text: string | null): [string, string][] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is [string, string] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}
