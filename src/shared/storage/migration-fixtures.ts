import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { SandpiperDatabase } from './db.ts';

/**
 * Migration harness for tests: opens a database at `version`, lets `seed` write rows in
 * that version's shape, closes it, and reopens it at the latest version.
 */
export async function migrateFrom(
  version: number,
  seed: (database: SandpiperDatabase) => Promise<void>,
): Promise<SandpiperDatabase> {
  const name = `migration-${randomUUID()}`;
  const old = new SandpiperDatabase(name, { indexedDB, IDBKeyRange, upToVersion: version });
  await old.open();
  await seed(old);
  old.close();
  const latest = new SandpiperDatabase(name, { indexedDB, IDBKeyRange });
  await latest.open();
  return latest;
}
