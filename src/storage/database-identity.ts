import { z } from 'zod';
import type { SandpiperDatabase } from './db.ts';

/** The settings row that names this database (made once, the first time the page opens it). */
const DATABASE_ID_KEY = 'database-id';

/** This database's name for itself, and whether this call made it (the database was new, or emptied). */
export type DatabaseIdentity = { id: string; isNew: boolean };

/**
 * The database's identity: read, or made in one transaction when it has none, so two tabs
 * opening a new database agree on one. A database the browser deleted comes back without it.
 */
export async function databaseIdentity(
  database: SandpiperDatabase,
  newId: () => string,
): Promise<DatabaseIdentity> {
  return database.transaction('rw', database.settings, async () => {
    const saved = z
      .string()
      .min(1)
      .safeParse((await database.settings.get(DATABASE_ID_KEY))?.value);
    if (saved.success) return { id: saved.data, isNew: false };
    const id = newId();
    await database.settings.put({ key: DATABASE_ID_KEY, value: id });
    return { id, isNew: true };
  });
}
