import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle } from '../bundle/bundle-codec.ts';
import { sampleBundleContents } from '../bundle/bundle-fixtures.ts';
import { BundleRepository } from './bundle-repository.ts';
import { SandpiperDatabase } from './db.ts';
import { SettingsRepository } from './settings-repository.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const open = () => {
  database = new SandpiperDatabase(`bundle-${randomUUID()}`, { indexedDB, IDBKeyRange });
  return new BundleRepository(database);
};

describe('BundleRepository', () => {
  it('imports a bundle as a new conversation and exports it back identical but for the ids', async () => {
    const repository = open();
    const original = sampleBundleContents('old');
    const imported = await repository.importAsNew(
      decodeBundle(encodeBundle(original, '0.1.0', 5)),
      'new',
      9,
      1024 * 1024,
    );
    expect(imported).toMatchObject({ id: 'new', title: 'Notes app', status: 'done', updatedAt: 9 });
    const read = await repository.read('new');
    const withId = (id: string) => ({ ...sampleBundleContents(id) });
    expect(read?.events).toEqual(withId('new').events);
    expect(read?.plan).toEqual(withId('new').plan);
    const byPath = (files: { path: string }[]) => [...files].sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath(read?.files ?? [])).toEqual(byPath(withId('new').files));
    expect(await repository.read('old')).toBeNull();
  });

  it('exports nothing from settings or other conversations', async () => {
    const repository = open();
    const settings = await new SettingsRepository(database).getAgentSettings();
    await new SettingsRepository(database).putAgentSettings({
      ...settings,
      providers: settings.providers.map((profile) => ({ ...profile, apiKey: 'sk-secret-key' })),
    });
    await repository.importAsNew(sampleBundleContents('a'), 'a', 1, 1024 * 1024);
    await repository.importAsNew(
      {
        ...sampleBundleContents('b'),
        conversation: { ...sampleBundleContents('b').conversation, title: 'Other' },
      },
      'b',
      1,
      1024 * 1024,
    );
    const bytes = encodeBundle((await repository.read('a'))!, '0.1.0', 5);
    const everything = JSON.stringify(decodeBundle(bytes), (_, value) =>
      value instanceof Uint8Array ? new TextDecoder().decode(value) : value,
    );
    expect(everything).not.toContain('sk-secret-key');
    expect(decodeBundle(bytes).conversation.title).toBe('Notes app');
    expect(JSON.stringify(decodeBundle(bytes))).not.toContain('"b"');
  });

  it('refuses a workspace over the limit and writes nothing', async () => {
    const repository = open();
    await expect(repository.importAsNew(sampleBundleContents(), 'x', 1, 10)).rejects.toThrow(
      /over this app's workspace limit/,
    );
    expect(await repository.read('x')).toBeNull();
  });

  it('never overwrites an existing conversation', async () => {
    const repository = open();
    await repository.importAsNew(sampleBundleContents(), 'same', 1, 1024 * 1024);
    await expect(repository.importAsNew(sampleBundleContents(), 'same', 2, 1024 * 1024)).rejects.toThrow(
      /already exists/,
    );
    expect((await repository.read('same'))?.conversation.updatedAt).toBe(1);
  });
});
