import { parse, stringify } from 'devalue';
import * as fakeIndexedDb from 'fake-indexeddb';

const { IDBDatabase, indexedDB } = fakeIndexedDb;

/** The names a page finds IndexedDB under, each taken from fake-indexeddb. */
const GLOBAL_NAMES = [
  'indexedDB',
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const;

/** A database as saved: its version, and each store with its indexes and records. */
type SavedDatabase = {
  name: string;
  version: number;
  stores: {
    name: string;
    keyPath: string | string[] | null;
    autoIncrement: boolean;
    indexes: { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[];
    records: [IDBValidKey, unknown][];
  }[];
};

/** Waits this long after the last change before saving (a burst of writes is saved once). */
const SAVE_DELAY_MS = 60;

/**
 * IndexedDB for a page in an opaque origin (where the browser's own refuses to open):
 * fake-indexeddb (a complete implementation of the API, in memory) put in place of the
 * browser's, filled from the saved databases before the page's first script runs, and
 * saved whole (devalue keeps dates, maps, typed arrays…) after each write transaction,
 * upgrade or deletion settles. The saved databases open before any of the page's: the
 * factory serves open requests for one name in order, so the page's waits for them.
 */
export function installIndexedDb(
  initial: string | null,
  limit: number,
  save: (data: string) => void,
  warn: (message: string) => void,
): void {
  restore(initial, warn);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scheduleSave = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void dumpAll()
        .then((databases) => {
          const data = stringify(databases);
          if (data.length > limit)
            warn(
              `IndexedDB holds more than this preview keeps (${limit} characters): the newest changes were not saved.`,
            );
          else save(data);
        })
        .catch((error: unknown) =>
          warn(
            `IndexedDB could not be saved for the next visit: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    }, SAVE_DELAY_MS);
  };

  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
    const created = transaction.apply(this, args);
    if (created.mode !== 'readonly') created.addEventListener('complete', scheduleSave);
    return created;
  };
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name: string, version?: number) => {
    const request = open(name, version);
    request.addEventListener('upgradeneeded', () => request.addEventListener('success', scheduleSave));
    return request;
  };
  const deleteDatabase = indexedDB.deleteDatabase.bind(indexedDB);
  indexedDB.deleteDatabase = (name: string) => {
    const request = deleteDatabase(name);
    request.addEventListener('success', scheduleSave);
    return request;
  };

  for (const name of GLOBAL_NAMES) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value: fakeIndexedDb[name] });
  }
}

/** Opens each saved database at its version and fills it in its upgrade. */
function restore(initial: string | null, warn: (message: string) => void): void {
  if (!initial) return;
  let databases: SavedDatabase[];
  try {
    databases = parse(initial) as SavedDatabase[];
  } catch {
    warn('The IndexedDB saved for this preview could not be read, so it starts empty.');
    return;
  }
  for (const saved of databases) {
    const request = indexedDB.open(saved.name, saved.version);
    request.onupgradeneeded = () => {
      const database = request.result;
      for (const store of saved.stores) {
        const created = database.createObjectStore(store.name, {
          keyPath: store.keyPath,
          autoIncrement: store.autoIncrement,
        });
        for (const index of store.indexes)
          created.createIndex(index.name, index.keyPath, {
            unique: index.unique,
            multiEntry: index.multiEntry,
          });
        for (const [key, value] of store.records) {
          if (store.keyPath === null) created.put(value, key);
          else created.put(value);
        }
      }
    };
    request.onsuccess = () => request.result.close();
    request.onerror = () => warn(`The saved IndexedDB database “${saved.name}” could not be restored.`);
  }
}

/** Every database's schema and records now. */
async function dumpAll(): Promise<SavedDatabase[]> {
  const listed = await indexedDB.databases();
  const dumped: SavedDatabase[] = [];
  for (const { name } of listed) {
    if (name === undefined) continue;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    // A page's upgrade waits for every other connection: this one gives way at once.
    database.onversionchange = () => database.close();
    try {
      dumped.push(await dumpDatabase(database));
    } finally {
      database.close();
    }
  }
  return dumped;
}

function dumpDatabase(database: IDBDatabase): Promise<SavedDatabase> {
  const names = [...database.objectStoreNames];
  const result: SavedDatabase = { name: database.name, version: database.version, stores: [] };
  if (names.length === 0) return Promise.resolve(result);
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(names, 'readonly');
    for (const name of names) {
      const store = transaction.objectStore(name);
      const indexes = [...store.indexNames].map((indexName) => {
        const index = store.index(indexName);
        return {
          name: indexName,
          keyPath: index.keyPath,
          unique: index.unique,
          multiEntry: index.multiEntry,
        };
      });
      const saved: SavedDatabase['stores'][number] = {
        name,
        keyPath: store.keyPath,
        autoIncrement: store.autoIncrement,
        indexes,
        records: [],
      };
      result.stores.push(saved);
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => {
        saved.records = (keys.result ?? []).map((key, at) => [key, values.result[at]]);
      };
    }
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}
