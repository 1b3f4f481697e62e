import { z } from 'zod';
import type { SandpiperDatabase } from './db.ts';

/** The settings row that names this database (made once, the first time the page opens it). */
const DATABASE_ID_KEY = 'database-id';
const SavedId = z.string().min(1);

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
  const savedId = async () => SavedId.safeParse((await database.settings.get(DATABASE_ID_KEY))?.value);
  // At start-up: a read, and a write only the first time (read again inside it, where tabs agree).
  const known = await savedId();
  if (known.success) return { id: known.data, isNew: false };
  return database.transaction('rw', database.settings, async () => {
    const saved = await savedId();
    if (saved.success) return { id: saved.data, isNew: false };
    const id = newId();
    await database.settings.put({ key: DATABASE_ID_KEY, value: id });
    return { id, isNew: true };
  });
}
