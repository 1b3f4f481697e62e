import { afterEach, describe, expect, it } from 'vitest';
import { closeDevices, device, memoryFolder } from '~/tests/fixtures/backup-device.ts';
import { WorkspaceRepository } from '../../shared/storage/workspace-repository.ts';
import { BackupReader } from './backup-reader.ts';
import { backupName } from './conversation-backups.ts';

afterEach(closeDevices);

describe('BackupReader', () => {
  it('shows a copied conversation, its thread and its files, read only', async () => {
    const folder = memoryFolder();
    const { backups, create, database } = device(folder);
    await create('a', 'done');
    // Written as the tools write (its history recorded too, which a copy carries and is not shown).
    const content = new TextEncoder().encode('- buy milk\n');
    await new WorkspaceRepository(database).apply(
      'a',
      {
        writes: [
          { conversationId: 'a', path: 'notes/todo.md', kind: 'file', content, size: 11, modifiedAt: 7 },
        ],
        deletes: [],
      },
      null,
    );
    await database.fileChanges.count().then((count) => expect(count).toBeGreaterThan(0));
    // A change after the first copy: the copy follows it.
    backups.observe({ type: 'conversation_rewound', conversationId: 'a' });
    await backups.settled();
    const reader = new BackupReader(Promise.resolve(folder));

    expect((await reader.conversations())?.map((row) => row.id)).toEqual(['a']);
    const snapshot = await reader.snapshot('a');
    expect(snapshot?.conversation.title).toBe('Task a');
    expect(snapshot?.events.map((event) => event.body.type)).toEqual(['user_message', 'notice']);
    expect(snapshot?.backupCopy?.copiedAt).toBe(folder.files.get(backupName('a'))?.modifiedAt);
    expect((await reader.entries('a'))?.map((entry) => entry.path)).toContain('notes/todo.md');
    const file = await reader.file('a', 'notes/todo.md');
    expect(new TextDecoder().decode(file?.content)).toBe('- buy milk\n');
    expect(await reader.file('a', 'notes/none.md')).toBeNull();
    expect(await reader.snapshot('never-copied')).toBeNull();

    // Two readers at once share one decode; the database answering again lets it go.
    const reads = { count: 0 };
    const counting = {
      ...folder,
      read: (name: string) => {
        reads.count += 1;
        return folder.read(name);
      },
    };
    const shared = new BackupReader(Promise.resolve(counting));
    await Promise.all([shared.snapshot('a'), shared.entries('a'), shared.file('a', 'notes/todo.md')]);
    expect(reads.count).toBe(1);
    shared.release();
    await shared.snapshot('a');
    expect(reads.count).toBe(2);
  });

  it('leaves out a copy it cannot read, and says nothing without a folder', async () => {
    const folder = memoryFolder();
    const { backups, create } = device(folder);
    await create('a', 'done');
    await backups.settled();
    folder.files.set(backupName('broken'), { bytes: new Uint8Array([1, 2, 3]), modifiedAt: 9 });
    const reader = new BackupReader(Promise.resolve(folder));
    expect((await reader.conversations())?.map((row) => row.id)).toEqual(['a']);
    await expect(reader.snapshot('broken')).rejects.toThrow();
    expect(await new BackupReader(Promise.resolve(null)).conversations()).toBeNull();
  });
});
