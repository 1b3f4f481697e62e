import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SandpiperDatabase } from '../storage/db.ts';
import { dueNotification, dueSchedules, readSchedules } from './schedule-check.ts';

describe('the service worker’s look for due schedules', () => {
  it('reads the schedules without Dexie or zod, finds the due ones, and words the notification', async () => {
    const factory = new IDBFactory();
    // The app's database, made by the app's own schema (the check never creates or upgrades it).
    expect(await readSchedules(factory)).toEqual([]);
    const database = new SandpiperDatabase(undefined, { indexedDB: factory, IDBKeyRange });
    await database.open();
    await database.schedules.bulkPut([
      { id: 'due', name: 'Weekly digest', paused: false, nextRunAt: 1000, extra: 'kept out' },
      { id: 'later', name: 'Later', paused: false, nextRunAt: 5000 },
      { id: 'paused', name: 'Paused', paused: true, nextRunAt: 10 },
      { id: 'done', name: 'Done', paused: false, nextRunAt: null },
      { id: 42, name: 'Broken row' },
    ]);
    database.close();
    const schedules = await readSchedules(factory);
    expect(schedules.map((schedule) => schedule.id).sort()).toEqual(['done', 'due', 'later', 'paused']);
    const due = dueSchedules(schedules, 2000);
    expect(due).toEqual([{ id: 'due', name: 'Weekly digest', paused: false, nextRunAt: 1000 }]);
    expect(dueNotification(due[0]!)).toEqual({
      title: '“Weekly digest” is due',
      options: {
        body: 'Open Sandpiper to run it: schedules run only while the app is open.',
        tag: 'schedule-due:due:1000',
        data: { scheduleId: 'due' },
      },
    });
  });
});
