import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBundle } from '../../shared/bundle/bundle-codec.ts';
import type { StartContext } from '../../shared/protocol/know-how.ts';
import { SandpiperDatabase } from '../../shared/storage/db.ts';
import { Journal } from '../engine/journal.ts';
import { TOOL_PROFILES } from '../profiles/index.ts';
import { ConversationArchive } from './conversation-archive.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const startContext: StartContext = {
  skills: [{ name: 'pdf', description: 'Reads PDFs', location: '/home/ubuntu/skills/pdf/SKILL.md' }],
  project: null,
  memories: [
    { id: 'm1', text: 'Prefers metric units' },
    { id: 'm2', text: 'Works in Berlin' },
  ],
};

async function archiveWithConversation(): Promise<ConversationArchive> {
  database = new SandpiperDatabase(`archive-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await new Journal(database, () => undefined).createConversation(
    {
      id: 'c',
      title: 'Trip',
      status: 'done',
      createdAt: 1,
      updatedAt: 1,
      profileId: 'manus',
      startContext,
    },
    [{ type: 'user_message', text: 'Plan a trip' }],
  );
  return new ConversationArchive({
    database,
    publish: () => undefined,
    newId: () => 'new',
    now: () => 5,
    appVersion: '0.1.0',
    profiles: TOOL_PROFILES,
  });
}

describe('exporting a conversation’s memories', () => {
  it('leaves the memories it started with out of the bundle, keeping the rest of its start', async () => {
    const archive = await archiveWithConversation();
    const bundle = decodeBundle((await archive.exportConversation('c')).bytes);
    expect(bundle.conversation.startContext).toEqual({ ...startContext, memories: [] });
  });

  it('carries them when the person ticked them in', async () => {
    const archive = await archiveWithConversation();
    const bundle = decodeBundle((await archive.exportConversation('c', { includeMemories: true })).bytes);
    expect(bundle.conversation.startContext?.memories.map((memory) => memory.text)).toEqual([
      'Prefers metric units',
      'Works in Berlin',
    ]);
  });
});
