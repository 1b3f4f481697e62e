import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SandpiperDatabase } from './db.ts';

describe('SandpiperDatabase durability', () => {
  it('commits every read-write transaction strictly (on the disk before it counts as committed)', async () => {
    const database = new SandpiperDatabase(`durability-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const durabilities: string[] = [];
    await database.transaction('rw', [database.events, database.files], async (transaction) => {
      durabilities.push((transaction.idbtrans as IDBTransaction).durability);
    });
    await database.transaction('rw', database.settings, async (transaction) => {
      durabilities.push((transaction.idbtrans as IDBTransaction).durability);
    });
    expect(durabilities).toEqual(['strict', 'strict']);
    database.close();
  });
});
