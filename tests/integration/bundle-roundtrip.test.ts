import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { sampleBundleContents } from '../../src/shared/bundle/bundle-fixtures.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

describe('conversation bundles through the runtime', () => {
  it('exports a finished conversation; after deleting it, the import has the same thread, plan and files', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/notes/todo.md', text: '- buy milk\n' }),
      call('shell', {
        action: 'exec',
        session: 'main',
        command: 'mkdir -p empty && printf "\\x01\\x02" | base64 > bin.b64',
      }),
      call('message', { type: 'result', text: 'Done.', attachments: ['/home/ubuntu/notes/todo.md'] }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: (message) => harness.published.push(message),
      newId: () => 'imported-1',
      now: () => 42,
      appVersion: '0.1.0',
    });
    const before = await harness.runtime.readConversation(id);
    const filesBefore = await new WorkspaceRepository(harness.database).list(id);
    const exported = await archive.exportConversation(id);
    expect(exported.fileName).toBe('build-a-notes-app-with-auth.sandpiper.zip');

    await harness.runtime.deleteConversation(id);
    expect(await harness.runtime.readConversation(id)).toBeNull();
    const newId = await archive.importBundle(exported.bytes);
    expect(newId).toBe('imported-1');

    const after = await harness.runtime.readConversation(newId);
    const withoutIds = <T extends { conversationId: string }>(rows: T[]) =>
      rows.map(({ conversationId: _id, ...rest }) => rest);
    expect(withoutIds(after?.events ?? [])).toEqual(withoutIds(before?.events ?? []));
    expect(after?.plan && { ...after.plan, conversationId: id }).toEqual(before?.plan);
    // What it started with was another browser's: an import goes on with none (nothing this one would mount or tell its model).
    const { startContext: _start, ...kept } = before?.conversation ?? {};
    // Marked as imported (the sidebar says so), at the time of the import.
    expect(after?.conversation).toEqual({ ...kept, id: newId, updatedAt: 42, importedAt: 42 });
    const filesAfter = await new WorkspaceRepository(harness.database).list(newId);
    expect(withoutIds(filesAfter)).toEqual(withoutIds(filesBefore));
    expect(filesAfter.map((file) => file.path)).toContain('empty');
    expect(harness.published.at(-1)).toMatchObject({ type: 'conversation', conversation: { id: newId } });
  });

  it('marks what the person imports, not a backup copy written back', async () => {
    harness = await createHarness();
    const ids = ['copy-1', 'copy-2', 'copy-3'];
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: (message) => harness.published.push(message),
      newId: () => ids.shift() ?? 'copy-more',
      now: () => 77,
      appVersion: '0.1.0',
    });
    const bytes = encodeBundle(sampleBundleContents('original'), '0.1.0', 1);
    const imported = await archive.importConversation(bytes);
    expect(imported.importedAt).toBe(77);
    const restored = await harness.runtime.readConversation(await archive.restoreCopy(bytes));
    expect(restored?.conversation.importedAt).toBeUndefined();
    // A copy of an imported conversation keeps its mark.
    const again = await archive.exportConversation(imported.id);
    const restoredImport = await harness.runtime.readConversation(await archive.restoreCopy(again.bytes));
    expect(restoredImport?.conversation.importedAt).toBe(77);
  });

  it('refuses a bundle whose conversation uses a tool profile this version does not have, writing nothing', async () => {
    harness = await createHarness();
    const contents = sampleBundleContents('from-the-future');
    contents.conversation.profileId = 'future-profile';
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: (message) => harness.published.push(message),
      newId: () => 'imported-2',
      now: () => 42,
      appVersion: '0.1.0',
    });
    await expect(archive.importBundle(encodeBundle(contents, '0.1.0', 1))).rejects.toThrow(
      'This bundle\'s conversation uses the tool profile "future-profile", which this version of Sandpiper does not have.',
    );
    expect(await harness.runtime.listConversations()).toEqual([]);
  });
});
