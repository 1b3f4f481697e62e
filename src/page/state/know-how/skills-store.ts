import { liveQuery } from 'dexie';
import { createSignal } from 'solid-js';
import type { SkillPackage } from '@/shared/know-how/skill-package.ts';
import type { SkillRow } from '@/shared/protocol/know-how.ts';
import type { ParsedTable } from '@/shared/storage/know-how-repository.ts';
import { hasSameFiles } from './skill-rows.ts';

/**
 * What installing `skill` would do given what is installed: add it, replace a skill of
 * the same name (the person is asked first), or nothing (the same files are installed).
 */
export type InstallDecision = { kind: 'new' } | { kind: 'replace'; current: SkillRow } | { kind: 'same' };

/** Decides as `InstallDecision` describes. */
export function installDecision(installed: readonly SkillRow[], skill: SkillPackage): InstallDecision {
  const current = installed.find((row) => row.name === skill.name);
  if (!current) return { kind: 'new' };
  return hasSameFiles(current.files, skill.files) ? { kind: 'same' } : { kind: 'replace', current };
}

/**
 * The row to write for `skill`: a replaced skill keeps its on/off state, a new one starts
 * on; `enabled`, when given, says which instead (a draft installed with one click is on).
 */
export function rowToInstall(
  skill: SkillPackage,
  current: SkillRow | null,
  now: number,
  enabled?: boolean,
): SkillRow {
  return { ...skill, enabled: enabled ?? current?.enabled ?? true, installedAt: now };
}

/** Installed skills by name. */
export function byName(first: SkillRow, second: SkillRow): number {
  return first.name.localeCompare(second.name);
}

/**
 * The installed skills (by name), followed live in IndexedDB and read afresh on demand,
 * with the person's actions: install (or replace), switch on or off, remove. The UI thread is the only
 * writer of the `skills` table; a new conversation's worker reads it when it starts.
 */
export function createSkillsStore(table: ParsedTable<SkillRow>, now: () => number = Date.now) {
  const [skills, setSkills] = createSignal<SkillRow[]>([]);
  const [isLoaded, setLoaded] = createSignal(false);
  const [loadError, setLoadError] = createSignal<string | null>(null);

  // Another tab's install or removal shows here too (Dexie's live query).
  const live = liveQuery(() => table.list()).subscribe({
    next: (rows) => {
      setSkills(rows.sort(byName));
      setLoaded(true);
      setLoadError(null);
    },
    error: (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
  });

  async function refresh(): Promise<SkillRow[]> {
    try {
      const rows = (await table.list()).sort(byName);
      setSkills(rows);
      setLoaded(true);
      setLoadError(null);
      return rows;
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return {
    /** Installed skills by name (empty until `refresh` has read them). */
    skills,
    isLoaded,
    /** Why the list could not be read (null: it could). */
    loadError,
    /** Reads the installed skills again; resolves with them. */
    refresh,
    /** What installing `skill` would do now (read afresh). */
    async decide(skill: SkillPackage): Promise<InstallDecision> {
      return installDecision(await refresh(), skill);
    },
    /**
     * Installs `skill`, replacing one of its name (keeping whether it was on, unless
     * `enabled` says); resolves with the row written.
     */
    async install(skill: SkillPackage, enabled?: boolean): Promise<SkillRow> {
      const row = rowToInstall(skill, await table.get(skill.name), now(), enabled);
      await table.put(row);
      await refresh();
      return row;
    },
    /** Switches a skill on or off for conversations started from now on. */
    async setEnabled(name: string, enabled: boolean): Promise<void> {
      await table.update(name, (row) => ({ ...row, enabled }));
      await refresh();
    },
    /** Removes a skill (conversations that started with it no longer find its files). */
    async remove(name: string): Promise<void> {
      await table.delete(name);
      await refresh();
    },
    /** Stops following the table. */
    dispose(): void {
      live.unsubscribe();
    },
  };
}

export type SkillsStore = ReturnType<typeof createSkillsStore>;
