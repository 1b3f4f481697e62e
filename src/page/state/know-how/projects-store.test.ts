import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { strToU8, zipSync } from 'fflate';
import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { archiveFileName, createProjectsStore, groupByProject } from './projects-store.ts';

let database: SandpiperDatabase;
let disposeRoot: () => void = () => undefined;
afterEach(() => {
  disposeRoot();
  database?.close();
});

function setUp() {
  database = new SandpiperDatabase(`projects-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const repository = new KnowHowRepository(database);
  let counter = 0;
  const store = createRoot((dispose) => {
    disposeRoot = dispose;
    return createProjectsStore(repository, { now: () => 1000, newId: () => `project-${++counter}` });
  });
  return { store, repository };
}

const draft = (name: string) => ({
  name,
  instructions: 'Always answer in French.',
  files: [{ path: 'glossary.md', bytes: strToU8('# Glossary') }],
});

const conversation = (id: string, projectId?: string) =>
  ({ id, title: id, ...(projectId ? { projectId } : {}) }) as Conversation;

describe('groupByProject', () => {
  it('puts conversations under their project in order, and those of no project or a deleted one apart', () => {
    const grouped = groupByProject(
      [conversation('a', 'p1'), conversation('b'), conversation('c', 'gone'), conversation('d', 'p1')],
      [{ id: 'p1' }, { id: 'p2' }],
    );
    expect(grouped.byProject.get('p1')?.map((entry) => entry.id)).toEqual(['a', 'd']);
    expect(grouped.byProject.get('p2')).toEqual([]);
    expect(grouped.ungrouped.map((entry) => entry.id)).toEqual(['b', 'c']);
  });
});

describe('the projects store', () => {
  it('creates, edits and deletes a project in the table', async () => {
    const { store, repository } = setUp();
    const created = await store.create(draft('  Trip  '));
    expect(created).toMatchObject({ id: 'project-1', name: 'Trip', createdAt: 1000 });
    expect((await repository.projects.get('project-1'))?.files.map((file) => file.path)).toEqual([
      'glossary.md',
    ]);
    await store.update('project-1', { ...draft('Trip to Lyon'), files: [] });
    expect(await repository.projects.get('project-1')).toMatchObject({ name: 'Trip to Lyon', files: [] });
    store.choose('project-1');
    expect(store.chosen()?.name).toBe('Trip');
    await store.remove('project-1');
    expect(await repository.projects.get('project-1')).toBeNull();
    expect(store.chosen()).toBeNull();
  });

  it('refuses a draft without a name, saving nothing', async () => {
    const { store, repository } = setUp();
    await expect(store.create(draft(' '))).rejects.toThrow('Give the project a name.');
    await expect(store.update('missing', draft('A'))).rejects.toThrow('deleted meanwhile');
    expect(await repository.projects.list()).toEqual([]);
  });

  it('imports an exported project as a new one, a taken name getting " (2)"', async () => {
    const { store, repository } = setUp();
    await store.create(draft('Trip'));
    const exported = await store.exportArchive('project-1');
    expect(exported.fileName).toBe('Trip.zip');
    const imported = await store.importArchive(exported.bytes);
    expect(imported).toMatchObject({
      id: 'project-2',
      name: 'Trip (2)',
      instructions: 'Always answer in French.',
    });
    expect(new TextDecoder().decode(imported.files[0]?.bytes)).toBe('# Glossary');
    expect((await repository.projects.list()).map((project) => project.name).sort()).toEqual([
      'Trip',
      'Trip (2)',
    ]);
  });

  it('writes nothing when an import is refused', async () => {
    const { store, repository } = setUp();
    const hostile = zipSync({
      'project.json': strToU8(JSON.stringify({ format: 1, name: 'x', instructions: '' })),
      'files/../../etc/passwd': strToU8('x'),
    });
    await expect(store.importArchive(hostile)).rejects.toThrow('climbs out');
    await expect(store.importArchive(zipSync({ 'a.txt': strToU8('a') }))).rejects.toThrow('no project.json');
    expect(await repository.projects.list()).toEqual([]);
  });
});

describe('archiveFileName', () => {
  it('keeps safe characters of the name', () => {
    expect(archiveFileName('Trip to Lyon — été')).toBe('Trip-to-Lyon-ete.zip');
    expect(archiveFileName('../..')).toBe('project.zip');
  });
});
