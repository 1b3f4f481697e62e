import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';

/**
 * Opens the JSON file that holds the users and their sessions, creating it (and its
 * folder) on first use. A plain file store: no native addons, so it runs anywhere Node does.
 * (lowdb's `JSONFilePreset` would keep the data in memory when NODE_ENV is `test`.)
 */
export async function openDatabase(file) {
  await mkdir(dirname(file), { recursive: true });
  const database = new Low(new JSONFile(file), { users: [], sessions: [] });
  await database.read();
  return database;
}
