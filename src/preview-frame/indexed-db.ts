import { parse, stringify } from 'devalue';
import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
  indexedDB,
} from 'fake-indexeddb';

/** What a page finds IndexedDB under, each from fake-indexeddb. */
const GLOBALS = {
  indexedDB,
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
};

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

/**
 * fake-indexeddb's own model of its databases (version 6.2.8, pinned in package.json):
 * read directly, synchronously, so a save never waits for a task the page's unloading
 * could cut short. `indexed-db.test.ts` checks the shape still holds.
 */
type RawDatabase = {
  name: string;
  version: number;
  rawObjectStores: Map<
    string,
    {
      deleted: boolean;
      keyPath: string | string[] | null;
      autoIncrement: boolean;
      rawIndexes: Map<
        string,
        { deleted: boolean; keyPath: string | string[]; unique: boolean; multiEntry: boolean }
      >;
      records: { values(): Iterable<{ key: IDBValidKey; value: unknown }> };
    }
  >;
};

/**
 * IndexedDB for a page in an opaque origin (where the browser's own refuses to open):
 * fake-indexeddb (a complete implementation of the API, in memory) put in place of the
 * browser's, filled from the saved databases before the page's first script runs, and
 * saved whole (devalue keeps dates, maps, typed arrays…) once a write transaction, an
 * upgrade or a deletion has settled: in a microtask, before the page can unload. The
 * saved databases open before any of the page's: the factory serves open requests for
 * one name in order, so the page's waits for them. Values devalue cannot write (a `Blob`)
 * are left out of the save, with a warning in the console.
 */
export function installIndexedDb(
  initial: string | null,
  limit: number,
  save: (data: string) => void,
  warn: (message: string) => void,
): void {
  restore(initial, warn);
  let isQueued = false;
  const warned = new Set<string>();
  const warnOnce = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    warn(message);
  };
  const saveSoon = () => {
    if (isQueued) return;
    isQueued = true;
    queueMicrotask(() => {
      isQueued = false;
      const data = serialize(dumpAll(), warnOnce);
      if (data.length > limit)
        warnOnce(
          `IndexedDB holds more than this preview keeps (${limit} characters): changes are no longer saved.`,
        );
      else save(data);
    });
  };

  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
    const created = transaction.apply(this, args);
    if (created.mode !== 'readonly') created.addEventListener('complete', saveSoon);
    return created;
  };
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name: string, version?: number) => {
    const request = open(name, version);
    request.addEventListener('upgradeneeded', () => request.addEventListener('success', saveSoon));
    return request;
  };
  const deleteDatabase = indexedDB.deleteDatabase.bind(indexedDB);
  indexedDB.deleteDatabase = (name: string) => {
    const request = deleteDatabase(name);
    request.addEventListener('success', saveSoon);
    return request;
  };

  for (const [name, value] of Object.entries(GLOBALS)) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value });
  }
}

/** Opens each saved database at its version and fills it in its upgrade. */
function restore(initial: string | null, warn: (message: string) => void): void {
  if (!initial) return;
  let databases: SavedDatabase[];
  try {
    databases = parse(initial) as SavedDatabase[];
    if (!Array.isArray(databases)) throw new Error('not a list of databases');
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

/** Every database's schema and records now, read from the factory's own model. */
function dumpAll(): SavedDatabase[] {
  const databases = (indexedDB as unknown as { _databases: Map<string, RawDatabase> })._databases;
  return [...databases.values()].map((database) => ({
    name: database.name,
    version: database.version,
    stores: [...database.rawObjectStores]
      .filter(([, store]) => !store.deleted)
      .map(([name, store]) => ({
        name,
        keyPath: store.keyPath,
        autoIncrement: store.autoIncrement,
        indexes: [...store.rawIndexes]
          .filter(([, index]) => !index.deleted)
          .map(([indexName, index]) => ({
            name: indexName,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          })),
        records: [...store.records.values()].map((record): [IDBValidKey, unknown] => [
          record.key,
          record.value,
        ]),
      })),
  }));
}

/** The databases as devalue text; records it cannot write are left out, saying which. */
function serialize(databases: SavedDatabase[], warn: (message: string) => void): string {
  try {
    return stringify(databases);
  } catch {
    for (const database of databases) {
      for (const store of database.stores) {
        store.records = store.records.filter(([key, value]) => {
          try {
            stringify(value);
            return true;
          } catch {
            warn(
              `A record of “${database.name}”/“${store.name}” (key ${String(key)}) holds a value this preview cannot keep (a Blob or File): it is not saved for the next visit.`,
            );
            return false;
          }
        });
      }
    }
    return stringify(databases);
  }
}
