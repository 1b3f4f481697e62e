import type { Table } from 'dexie';
import type { z } from 'zod';
import { MemoryRow, ProjectRow, SkillRow } from '../protocol/know-how.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';

/**
 * One table of know-how rows, parsed with zod on the way in and out: a row that does not
 * parse (written by a newer version, or damaged) is left out of lists rather than
 * breaking them, and a bad write is refused before it reaches IndexedDB.
 */
export class ParsedTable<T> {
  constructor(
    private readonly table: Table<UnknownRow, string>,
    private readonly schema: z.ZodType<T>,
  ) {}

  async list(): Promise<T[]> {
    return (await this.table.toArray()).flatMap((row) => {
      const parsed = this.schema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async get(key: string): Promise<T | null> {
    const row = await this.table.get(key);
    const parsed = row ? this.schema.safeParse(row) : null;
    return parsed?.success ? parsed.data : null;
  }

  async put(row: T): Promise<void> {
    await this.table.put(this.schema.parse(row) as UnknownRow);
  }

  async delete(key: string): Promise<void> {
    await this.table.delete(key);
  }

  /** Applies `change` to the row `key` in one transaction; false when there is no such row. */
  async update(key: string, change: (row: T) => T): Promise<boolean> {
    return this.table.db.transaction('rw', this.table, async () => {
      const current = await this.get(key);
      if (current === null) return false;
      await this.put(change(current));
      return true;
    });
  }
}

/** Installed skills (by name), projects and memories. */
export class KnowHowRepository {
  readonly skills: ParsedTable<SkillRow>;
  readonly projects: ParsedTable<ProjectRow>;
  readonly memories: ParsedTable<MemoryRow>;

  constructor(database: SandpiperDatabase) {
    this.skills = new ParsedTable(database.skills, SkillRow);
    this.projects = new ParsedTable(database.projects, ProjectRow);
    this.memories = new ParsedTable(database.memories, MemoryRow);
  }
}
