import type { Table } from 'dexie';
import { Schedule } from '../protocol/schedules.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';

/**
 * The schedules, parsed with zod on the way in and out. A firing is claimed with
 * `transact`: a compare-and-set on the schedule's next run in one transaction, so a
 * firing happens once even if two schedulers ever looked at it at the same moment.
 */
export class ScheduleRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  async list(): Promise<Schedule[]> {
    const rows = await this.database.schedules.toArray();
    return rows
      .flatMap((row) => {
        const parsed = Schedule.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      })
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async get(id: string): Promise<Schedule | null> {
    const row = await this.database.schedules.get(id);
    const parsed = row ? Schedule.safeParse(row) : null;
    return parsed?.success ? parsed.data : null;
  }

  async put(schedule: Schedule): Promise<void> {
    await this.database.schedules.put(Schedule.parse(schedule));
  }

  async delete(id: string): Promise<void> {
    await this.database.schedules.delete(id);
  }

  /**
   * Reads the schedule `id` and, in the same transaction, writes what `decide` makes of it
   * (nothing when it returns null) and runs `alsoWrite` (the conversation a firing
   * starts, on `tables`): a compare-and-set, so a firing claimed by one scheduler is seen
   * as taken by any other. Resolves with the schedule written, or null.
   */
  async transact(
    id: string,
    decide: (current: Schedule | null) => Schedule | null,
    alsoWrite?: () => Promise<unknown>,
    // biome-ignore lint/suspicious/noExplicitAny: Dexie tables of any key type
    tables: readonly Table<UnknownRow, any>[] = [],
  ): Promise<Schedule | null> {
    const database = this.database;
    return database.transaction('rw', [database.schedules, ...tables], async () => {
      const next = decide(await this.get(id));
      if (!next) return null;
      await database.schedules.put(Schedule.parse(next));
      await alsoWrite?.();
      return next;
    });
  }

  /** Records how the run of `conversationId` ended on its schedule's last run (if it is still that run). */
  async recordOutcome(
    scheduleId: string,
    conversationId: string,
    outcome: NonNullable<Schedule['lastRun']>['outcome'],
    reason?: string,
  ): Promise<Schedule | null> {
    const database = this.database;
    return database.transaction('rw', database.schedules, async () => {
      const current = await this.get(scheduleId);
      if (!current?.lastRun || current.lastRun.conversationId !== conversationId) return null;
      if (current.lastRun.outcome === outcome) return current;
      const next: Schedule = {
        ...current,
        lastRun: { ...current.lastRun, outcome, ...(reason ? { reason } : {}) },
      };
      await database.schedules.put(next);
      return next;
    });
  }
}
