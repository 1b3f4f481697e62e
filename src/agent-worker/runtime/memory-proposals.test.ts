import { describe, expect, it } from 'vitest';
import {
  conversationRow,
  openWorkspaceHistory,
  shellEnvelope,
  workspaceFile,
} from '~/tests/fixtures/workspace-history.ts';
import type { MemoryRow } from '../../shared/protocol/know-how.ts';
import { KnowHowRepository } from '../../shared/storage/know-how-repository.ts';
import { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import { MemoryProposals } from './memory-proposals.ts';

async function open() {
  const history = openWorkspaceHistory('memory-proposals');
  let id = 0;
  const proposals = new MemoryProposals(
    history.database,
    () => 1000,
    () => `m${++id}`,
  );
  const knowHow = new KnowHowRepository(history.database);
  /** One action that writes `files` into the workspace `workspaceId`; resolves with what it proposed. */
  async function step(
    conversationId: string,
    uuid: string,
    files: Record<string, string>,
    workspaceId = conversationId,
  ): Promise<MemoryRow[]> {
    await history.journal.append(conversationId, [shellEnvelope(uuid, 'running')]);
    const writes = Object.entries(files).map(([path, text]) => workspaceFile(workspaceId, path, text));
    await history.workspace.apply(workspaceId, { writes, deletes: [] }, 100_000);
    const [settled] = await history.journal.append(conversationId, [shellEnvelope(uuid, 'success')]);
    return proposals.afterStep(conversationId, settled?.seq ?? -1);
  }
  await history.journal.createConversation({ ...conversationRow('c'), title: 'Plan a trip' }, [
    { type: 'user_message', text: 'Plan a trip' },
  ]);
  return { ...history, proposals, knowHow, step };
}

const texts = (rows: readonly MemoryRow[]) => rows.map((row) => row.text);

describe('memory proposals', () => {
  it('proposes each fact a step appended to the drafts file, from its conversation', async () => {
    const { step, knowHow } = await open();
    const rows = await step('c', 'a1', { 'memory-draft.md': '- Prefers metric units\n- Works in Berlin\n' });
    expect(texts(rows)).toEqual(['Prefers metric units', 'Works in Berlin']);
    expect(rows[0]).toMatchObject({
      state: 'proposed',
      enabled: true,
      source: { kind: 'conversation', conversationId: 'c', title: 'Plan a trip' },
    });
    expect(texts(await knowHow.memories.list()).sort()).toEqual(['Prefers metric units', 'Works in Berlin']);
  });

  it('proposes only the lines a later step added, never one proposed before (even if dismissed)', async () => {
    const { step, knowHow } = await open();
    const [first] = await step('c', 'a1', { 'memory-draft.md': '- Likes tea\n' });
    await knowHow.memories.delete(first?.id ?? '');
    const rows = await step('c', 'a2', { 'memory-draft.md': '- Likes tea\n- Writes in British English\n' });
    expect(texts(rows)).toEqual(['Writes in British English']);
  });

  it('looks only at the drafts file: other files, and steps that leave it alone, propose nothing', async () => {
    const { step, knowHow } = await open();
    expect(await step('c', 'a1', { 'notes.md': '- Not a memory\n' })).toEqual([]);
    await step('c', 'a2', { 'memory-draft.md': '- Likes tea\n' });
    expect(await step('c', 'a3', { 'notes.md': '- Still not one\n' })).toEqual([]);
    expect(texts(await knowHow.memories.list())).toEqual(['Likes tea']);
  });

  it('saves at once when the person chose to save proposals without asking', async () => {
    const { step, database } = await open();
    await new SettingsRepository(database).putMemoryPreferences({ saveProposalsWithoutAsking: true });
    const rows = await step('c', 'a1', { 'memory-draft.md': '- Prefers metric units\n' });
    expect(rows.map((row) => row.state)).toEqual(['saved']);
  });

  it('credits a sub-agent’s proposal to the conversation whose workspace it wrote in', async () => {
    const { step, journal } = await open();
    await journal.createConversation(conversationRow('child', { conversationId: 'c', actionUuid: 't' }), [
      { type: 'user_message', text: 'Sub-task' },
    ]);
    const rows = await step('child', 's1', { 'memory-draft.md': '- Likes tea\n' }, 'c');
    expect(rows[0]?.source).toEqual({ kind: 'conversation', conversationId: 'c', title: 'Plan a trip' });
  });

  it('does not propose again what a sub-agent proposed when the parent’s step that waited for it settles', async () => {
    const { step, journal, proposals, knowHow } = await open();
    await journal.append('c', [shellEnvelope('t', 'running')]);
    await journal.createConversation(conversationRow('child', { conversationId: 'c', actionUuid: 't' }), [
      { type: 'user_message', text: 'Sub-task' },
    ]);
    const [proposed] = await step('child', 's1', { 'memory-draft.md': '- Likes tea\n' }, 'c');
    await knowHow.memories.delete(proposed?.id ?? '');
    const [settled] = await journal.append('c', [shellEnvelope('t', 'success')]);
    expect(await proposals.afterStep('c', settled?.seq ?? -1)).toEqual([]);
    expect(await knowHow.memories.list()).toEqual([]);
  });
});
