import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page's window in Node: what `installIndexedDb` defines IndexedDB on. */
type FakeWindow = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

/**
 * A new page's IndexedDB: the runtime's, on a factory emptied first (fake-indexeddb is one
 * instance per module, and Node keeps the module: what one page left is deleted, as a new
 * page in the browser starts with nothing but what the runtime restores).
 */
async function freshPage(initial: string | null) {
  const { indexedDB } = await import('fake-indexeddb');
  for (const { name } of await indexedDB.databases()) await request(indexedDB.deleteDatabase(name!));
  vi.resetModules();
  const window = {} as FakeWindow;
  vi.stubGlobal('window', window);
  const { installIndexedDb } = await import('./indexed-db.ts');
  const saves: string[] = [];
  const warnings: string[] = [];
  installIndexedDb(
    initial,
    1_000_000,
    (data) => saves.push(data),
    (message) => warnings.push(message),
  );
  return { window, saves, warnings };
}

function request<T>(made: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    made.onsuccess = () => resolve(made.result);
    made.onerror = () => reject(made.error);
  });
}

function openNotes(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open('notes-db', 2);
  opening.onupgradeneeded = () => {
    const store = opening.result.createObjectStore('notes', { keyPath: 'id', autoIncrement: true });
    store.createIndex('by-tag', 'tag', { multiEntry: true });
    opening.result.createObjectStore('settings');
  };
  return request(opening);
}

describe('a preview page’s IndexedDB', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('is saved after writes settle, and a later page starts from it before its own first open', async () => {
    const first = await freshPage(null);
    const database = await openNotes(first.window.indexedDB);
    const writing = database.transaction(['notes', 'settings'], 'readwrite');
    writing.objectStore('notes').add({ text: 'Buy milk', tag: ['home'], at: new Date(5) });
    writing.objectStore('notes').add({ text: 'Call Ann', tag: ['work'], at: new Date(6) });
    writing.objectStore('settings').put(new Uint8Array([1, 2, 3]), 'blob-key');
    await new Promise((resolve) => (writing.oncomplete = resolve));
    database.close();
    await vi.waitFor(() => expect(first.saves.length).toBeGreaterThan(0));
    const saved = first.saves.at(-1)!;

    const second = await freshPage(saved);
    // The page opens at once, as a page's first script does: the saved databases come first.
    const reopened = await openNotes(second.window.indexedDB);
    const reading = reopened.transaction(['notes', 'settings']);
    const notes = await request(reading.objectStore('notes').getAll());
    expect(notes.map((note: { text: string; at: Date }) => [note.text, note.at.getTime()])).toEqual([
      ['Buy milk', 5],
      ['Call Ann', 6],
    ]);
    expect(await request(reading.objectStore('notes').index('by-tag').count('work'))).toBe(1);
    expect(await request(reading.objectStore('settings').get('blob-key'))).toEqual(new Uint8Array([1, 2, 3]));
    // The key generator goes on from the restored keys.
    const key = await request(
      reopened.transaction('notes', 'readwrite').objectStore('notes').add({ text: 'Third' }),
    );
    expect(key).toBe(3);
    expect(second.warnings).toEqual([]);
    reopened.close();
  });

  it('saves in the same task a write transaction completes in (a page may navigate away next), leaving out a Blob with a warning', async () => {
    const page = await freshPage(null);
    const database = await openNotes(page.window.indexedDB);
    await Promise.resolve();
    const before = page.saves.length;
    const writing = database.transaction('settings', 'readwrite');
    writing.objectStore('settings').put('dark', 'theme');
    writing.objectStore('settings').put(new Blob(['picture']), 'avatar');
    const savedAtComplete = await new Promise<number>((resolve) => {
      // The page's own handler, as a page that leaves once its write is done: the save is queued by then.
      writing.oncomplete = () => queueMicrotask(() => resolve(page.saves.length));
    });
    expect(savedAtComplete).toBe(before + 1);
    database.close();
    expect(page.warnings).toEqual([
      expect.stringMatching(/“notes-db”\/“settings” \(key avatar\) .*not saved for the next visit/),
    ]);
    const next = await freshPage(page.saves.at(-1)!);
    const reopened = await openNotes(next.window.indexedDB);
    const reading = reopened.transaction('settings').objectStore('settings');
    expect(await request(reading.get('theme'))).toBe('dark');
    expect(await request(reading.get('avatar'))).toBeUndefined();
    reopened.close();
  });

  it('starts empty, saying why, from saved text it cannot read', async () => {
    const page = await freshPage('{not devalue');
    expect(page.warnings).toEqual([
      'The IndexedDB saved for this preview could not be read, so it starts empty.',
    ]);
    expect(await page.window.indexedDB.databases()).toEqual([]);
  });
});
