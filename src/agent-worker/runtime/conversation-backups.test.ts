import { afterEach, describe, expect, it } from 'vitest';
import { closeDevices, device, memoryFolder } from '~/tests/fixtures/backup-device.ts';
import { backupName } from './conversation-backups.ts';

afterEach(closeDevices);

describe('ConversationBackups', () => {
  it('copies a settled conversation, not a running one nor a sub-agent’s, and removes a deleted one’s copy', async () => {
    const folder = memoryFolder();
    const { backups, create, journal } = device(folder);
    await create('a', 'done');
    await create('b', 'running');
    await create('sub', 'done', { parent: { conversationId: 'a', actionUuid: 'u' } });
    await backups.settled();
    expect([...folder.files.keys()]).toEqual([backupName('a')]);

    // b's run ends: copied then.
    await journal.append('b', [{ type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false }], {
      conversation: { status: 'idle' },
    });
    await backups.settled();
    expect([...folder.files.keys()].sort()).toEqual([backupName('a'), backupName('b')].sort());

    backups.observe({ type: 'conversation_deleted', conversationId: 'a' });
    await backups.settled();
    expect([...folder.files.keys()]).toEqual([backupName('b')]);
  });

  it('brings the copies back into a database the browser deleted, each once, with its thread', async () => {
    const folder = memoryFolder();
    const before = device(folder);
    await before.create('a', 'done');
    await before.create('b', 'asking');
    await before.backups.settled();
    const eventsOfA = await before.database.events.where('conversationId').equals('a').count();

    // The database is gone (a new, empty one), the copies are not.
    const after = device(folder);
    expect(await after.backups.summary()).toMatchObject({ isAvailable: true, conversations: 2 });
    const report = await after.backups.restore();
    expect(report).toMatchObject({ restored: 2, failed: [] });
    expect(report.conversationIds.sort()).toEqual(['restored-0', 'restored-1']);
    const restored = await after.database.conversations.toArray();
    expect(restored.map((row) => row.title).sort()).toEqual(['Task a', 'Task b']);
    const restoredA = restored.find((row) => row.title === 'Task a');
    expect(await after.database.events.where('conversationId').equals(String(restoredA?.id)).count()).toBe(
      eventsOfA,
    );
    // Each brought back is copied again under its new id; the old copies are gone, so a
    // second restore brings nothing twice.
    await after.backups.settled();
    expect([...folder.files.keys()].sort()).toEqual(restored.map((row) => backupName(String(row.id))).sort());
    expect(await after.backups.summary()).toMatchObject({ conversations: 0 });
    expect(await after.backups.restore()).toEqual({ restored: 0, conversationIds: [], failed: [] });
  });

  it('leaves the copy before whole when a write fails, and says so', async () => {
    const folder = memoryFolder();
    const { backups, create, journal, errors } = device(folder);
    await create('a', 'done');
    await backups.settled();
    const copy = folder.files.get(backupName('a'))?.bytes;
    folder.refuseWrites = true;
    await journal.append('a', [{ type: 'user_message', text: 'More' }], { conversation: { status: 'idle' } });
    await backups.settled();
    expect(folder.files.get(backupName('a'))?.bytes).toEqual(copy);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('Failed to write');
  });

  it('keeps and reports a copy that cannot be imported', async () => {
    const folder = memoryFolder();
    const { backups } = device(folder);
    folder.files.set(backupName('broken'), { bytes: new Uint8Array([1, 2, 3]), modifiedAt: 1 });
    folder.files.set('notes.txt', { bytes: new Uint8Array([1]), modifiedAt: 1 });
    const report = await backups.restore();
    expect(report.restored).toBe(0);
    expect(report.failed.map((failure) => failure.name)).toEqual([backupName('broken')]);
    expect(folder.files.has(backupName('broken'))).toBe(true);
  });

  it('catches up at start with conversations never copied or changed since their copy', async () => {
    const folder = memoryFolder();
    const { database, backups, create } = device(folder);
    await create('a', 'done');
    await create('b', 'done');
    await backups.settled();
    folder.files.delete(backupName('a'));
    const copyOfB = folder.files.get(backupName('b'));
    await database.conversations.update('b', { updatedAt: 1_000_000 });
    await backups.catchUp();
    await backups.settled();
    expect(folder.files.has(backupName('a'))).toBe(true);
    expect(folder.files.get(backupName('b'))?.modifiedAt).toBeGreaterThan(copyOfB?.modifiedAt ?? 0);
  });

  it('never keeps a copy of a conversation deleted (in another tab) while its copy was made', async () => {
    const folder = memoryFolder();
    let deleteDuringCopy = false;
    const { database, backups, create } = device(folder, async (id) => {
      // Another tab deletes it and removes its copy, before this worker writes the copy.
      if (deleteDuringCopy) await database.conversations.delete(id);
    });
    await create('a', 'done');
    await backups.settled();
    deleteDuringCopy = true;
    await create('b', 'done');
    await backups.settled();
    expect([...folder.files.keys()]).toEqual([backupName('a')]);
  });

  it('takes an empty copy (a write cut short) for none: not offered, and written again at start', async () => {
    const folder = memoryFolder();
    const { backups, create } = device(folder);
    await create('a', 'done');
    await backups.settled();
    folder.files.set(backupName('a'), { bytes: new Uint8Array(0), modifiedAt: Date.now() + 60_000 });
    folder.files.set(backupName('gone'), { bytes: new Uint8Array(0), modifiedAt: 1 });
    expect(await backups.summary()).toMatchObject({ conversations: 0, copies: 0 });
    await backups.catchUp();
    await backups.settled();
    expect(folder.files.get(backupName('a'))?.bytes.length).toBeGreaterThan(0);
    expect(await backups.summary()).toMatchObject({ conversations: 0, copies: 1 });
  });
});
