/**
 * `localStorage` and `sessionStorage` for a page in an opaque origin (where the browser's
 * own throw): a `Storage` (it is `instanceof Storage`) with the same methods, property
 * access (`localStorage.notes`, `localStorage['notes'] = …`) and a quota counted on the
 * text saved, kept in memory and saved whole through `save` once per task however many
 * changes it made (the app keeps it in IndexedDB under the conversation and site).
 */
export function createWebStorage(
  initial: string | null,
  limit: number,
  save: (data: string) => void,
): Storage {
  const entries = new Map<string, string>(parseEntries(initial));
  let pending: string | null = null;
  const saveSoon = (data: string) => {
    const isQueued = pending !== null;
    pending = data;
    // A microtask: still before the page can unload (a save then a navigation keeps the save).
    if (!isQueued)
      queueMicrotask(() => {
        const text = pending;
        pending = null;
        if (text !== null) save(text);
      });
  };

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
      entries.set(name, text);
      const data = JSON.stringify([...entries]);
      if (data.length > limit) {
        if (previous === undefined) entries.delete(name);
        else entries.set(name, previous);
        throw new DOMException(
          `Setting the value of '${name}' exceeded the quota (${limit} characters).`,
          'QuotaExceededError',
        );
      }
      saveSoon(data);
    },
    removeItem(key: string): void {
      if (!entries.delete(String(key))) return;
      saveSoon(JSON.stringify([...entries]));
    },
    clear(): void {
      if (entries.size === 0) return;
      entries.clear();
      saveSoon('[]');
    },
  };
  if (typeof Storage !== 'undefined') Object.setPrototypeOf(methods, Storage.prototype);
  const own = new Set(['length', 'key', 'getItem', 'setItem', 'removeItem', 'clear']);
  // Property access reads and writes items, as on the browser's Storage; other names (toString,
  // hasOwnProperty…) are the object's own as there.
  return new Proxy(methods, {
    get(target, property, receiver) {
      if (typeof property === 'symbol' || own.has(property) || !entries.has(property))
        return Reflect.get(target, property, receiver);
      return entries.get(property);
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
      return typeof property === 'symbol' || !entries.has(property) ? property in target : true;
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
