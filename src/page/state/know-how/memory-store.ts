import { createStore } from 'solid-js/store';
import { memoryKey } from '@/shared/know-how/memory-drafts.ts';
import {
  DEFAULT_MEMORY_PREFERENCES,
  isSavedMemory,
  MAX_MEMORY_LENGTH,
  type MemoryPreferences,
  type MemoryRow,
} from '@/shared/protocol/know-how.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import type { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import { watchLiveQuery } from '../app/watch-live-query.ts';

/** A memory's text as checked before it is kept, or why it is refused (said under the field). */
export type MemoryTextCheck = { ok: true; text: string } | { ok: false; reason: string };

/** A memory's text, trimmed, or why it cannot be kept: empty, too long, or remembered already. */
export function checkMemoryText(
  text: string,
  others: readonly Pick<MemoryRow, 'text'>[] = [],
): MemoryTextCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Write what to remember first.' };
  if (trimmed.length > MAX_MEMORY_LENGTH)
    return {
      ok: false,
      reason: `A memory is one short line: at most ${MAX_MEMORY_LENGTH} characters (this one has ${trimmed.length}).`,
    };
  const key = memoryKey(trimmed);
  if (others.some((other) => memoryKey(other.text) === key))
    return { ok: false, reason: 'That is remembered already.' };
  return { ok: true, text: trimmed };
}

/** The saved memories, newest first (what the Memory page lists). */
export function savedMemories(memories: readonly MemoryRow[]): MemoryRow[] {
  return memories.filter(isSavedMemory).sort((a, b) => b.createdAt - a.createdAt);
}

/** What the agent proposed in conversation `conversationId` and waits for the person, oldest first. */
export function proposalsOf(memories: readonly MemoryRow[], conversationId: string | null): MemoryRow[] {
  return memories
    .filter(
      (memory) =>
        !isSavedMemory(memory) &&
        memory.source.kind === 'conversation' &&
        memory.source.conversationId === conversationId,
    )
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** "Added by you · 27 Nov": when the person typed it (day and month, in `locale`). */
export function addedByYouText(createdAt: number, locale?: string): string {
  const day = new Date(createdAt).toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  return `Added by you · ${day}`;
}

type MemoryState = {
  memories: MemoryRow[];
  preferences: MemoryPreferences;
  isLoaded: boolean;
  loadError: string | null;
};

/**
 * The memories (issue 28) and how they are kept, read live from IndexedDB (the worker
 * writes the agent's proposals; every tab sees them), with the Memory page's and the
 * proposal card's actions. Each action rejects with a reason meant for the person.
 */
export function createMemoryStore(
  knowHow: KnowHowRepository,
  settings: SettingsRepository,
  options: { now?: () => number; newId?: () => string } = {},
) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const [state, setState] = createStore<MemoryState>({
    memories: [],
    preferences: { ...DEFAULT_MEMORY_PREFERENCES },
    isLoaded: false,
    loadError: null,
  });

  const memories = watchLiveQuery(() => knowHow.memories.list(), {
    next: (rows) => setState({ memories: rows, isLoaded: true, loadError: null }),
    error: (error: unknown) => setState({ isLoaded: true, loadError: problemText(error) }),
  });
  const preferences = watchLiveQuery(() => settings.getMemoryPreferences(), {
    next: (value) => setState({ preferences: value }),
    error: () => setState({ preferences: { ...DEFAULT_MEMORY_PREFERENCES } }),
  });

  /** The saved memories but `id`, read now (a check against duplicates; a proposal is not one yet). */
  async function othersThan(id: string | null): Promise<MemoryRow[]> {
    return (await knowHow.memories.list()).filter((memory) => memory.id !== id && isSavedMemory(memory));
  }

  /** Proposals of the same fact as `text`: answered by the person keeping it themselves. */
  async function dropProposalsOf(text: string): Promise<void> {
    const key = memoryKey(text);
    const proposals = (await knowHow.memories.list()).filter(
      (memory) => !isSavedMemory(memory) && memoryKey(memory.text) === key,
    );
    for (const proposal of proposals) await knowHow.memories.delete(proposal.id);
  }

  /** Keeps a memory the person typed (on, saved); rejects with the reason it is refused. */
  async function add(text: string): Promise<MemoryRow> {
    const checked = checkMemoryText(text, await othersThan(null));
    if (!checked.ok) throw new Error(checked.reason);
    const at = now();
    const row: MemoryRow = {
      id: newId(),
      text: checked.text,
      source: { kind: 'person' },
      enabled: true,
      state: 'saved',
      createdAt: at,
      updatedAt: at,
    };
    await knowHow.memories.put(row);
    await dropProposalsOf(row.text);
    return row;
  }

  /** Changes a memory's text; rejects with the reason it is refused. */
  async function edit(id: string, text: string): Promise<void> {
    const checked = checkMemoryText(text, await othersThan(id));
    if (!checked.ok) throw new Error(checked.reason);
    await change(id, (row) => ({ ...row, text: checked.text }));
  }

  /** Switches a memory on or off (off: new conversations leave it out). */
  async function setEnabled(id: string, isEnabled: boolean): Promise<void> {
    await change(id, (row) => ({ ...row, enabled: isEnabled }));
  }

  /** Keeps a proposal: it becomes a saved memory, on. */
  async function remember(id: string): Promise<void> {
    await change(id, (row) => ({ ...row, state: 'saved', enabled: true }));
  }

  /** Forgets a memory, or turns a proposal down. */
  async function remove(id: string): Promise<void> {
    await knowHow.memories.delete(id);
  }

  async function change(id: string, update: (row: MemoryRow) => MemoryRow): Promise<void> {
    const isChanged = await knowHow.memories.update(id, (row) => ({ ...update(row), updatedAt: now() }));
    if (!isChanged) throw new Error('This memory no longer exists.');
  }

  /** Whether the agent's proposals are saved without asking. */
  async function setSaveWithoutAsking(isOn: boolean): Promise<void> {
    await settings.putMemoryPreferences({ ...state.preferences, saveProposalsWithoutAsking: isOn });
  }

  return {
    state,
    add,
    edit,
    setEnabled,
    remember,
    remove,
    setSaveWithoutAsking,
    dispose: () => {
      memories.unsubscribe();
      preferences.unsubscribe();
    },
  };
}

export type MemoryStore = ReturnType<typeof createMemoryStore>;
