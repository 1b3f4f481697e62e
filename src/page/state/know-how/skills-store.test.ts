import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { strToU8 } from 'fflate';
import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillPackage } from '@/shared/know-how/skill-package.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { createSkillsStore, installDecision, rowToInstall } from './skills-store.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const skill = (name: string, body = 'Do it.'): SkillPackage => ({
  name,
  description: `About ${name}.`,
  files: [
    { path: 'SKILL.md', bytes: strToU8(`---\nname: ${name}\ndescription: About ${name}.\n---\n${body}\n`) },
  ],
});

function openStore() {
  database = new SandpiperDatabase(`skills-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const repository = new KnowHowRepository(database);
  let clock = 1000;
  const store = createRoot(() => createSkillsStore(repository.skills, () => ++clock));
  return { store, repository };
}

describe('installing skills', () => {
  it('decides new, replace (different files) or same (the same files)', () => {
    const installed = [rowToInstall(skill('greet'), null, 1)];
    expect(installDecision(installed, skill('other'))).toEqual({ kind: 'new' });
    expect(installDecision(installed, skill('greet'))).toEqual({ kind: 'same' });
    expect(installDecision(installed, skill('greet', 'Do it differently.'))).toMatchObject({
      kind: 'replace',
      current: { name: 'greet' },
    });
  });

  it('installs a new skill switched on, lists skills by name, and writes them to the table', async () => {
    const { store, repository } = openStore();
    await store.install(skill('zebra'));
    await store.install(skill('alpha'));
    expect(store.skills().map((row) => [row.name, row.enabled])).toEqual([
      ['alpha', true],
      ['zebra', true],
    ]);
    expect((await repository.skills.get('alpha'))?.description).toBe('About alpha.');
  });

  it('replacing keeps whether the skill was on, and takes the new files', async () => {
    const { store, repository } = openStore();
    await store.install(skill('greet'));
    await store.setEnabled('greet', false);
    await store.install(skill('greet', 'New body.'));
    const row = await repository.skills.get('greet');
    expect(row?.enabled).toBe(false);
    expect(new TextDecoder().decode(row?.files[0]?.bytes)).toContain('New body.');
    await store.install(skill('greet', 'Newer body.'), true);
    expect((await repository.skills.get('greet'))?.enabled).toBe(true);
  });

  it('switches a skill on and off, and removes it', async () => {
    const { store, repository } = openStore();
    await store.install(skill('greet'));
    await store.setEnabled('greet', false);
    expect(store.skills()[0]?.enabled).toBe(false);
    await store.setEnabled('greet', true);
    expect((await repository.skills.get('greet'))?.enabled).toBe(true);
    await store.remove('greet');
    expect(store.skills()).toEqual([]);
    expect(await repository.skills.get('greet')).toBeNull();
  });

  it('reads what another tab installed on refresh, and decides against it', async () => {
    const { store, repository } = openStore();
    expect(store.isLoaded()).toBe(false);
    await repository.skills.put(rowToInstall(skill('greet'), null, 5));
    expect(await store.decide(skill('greet'))).toEqual({ kind: 'same' });
    expect(store.isLoaded()).toBe(true);
    expect(store.skills().map((row) => row.name)).toEqual(['greet']);
  });
});
