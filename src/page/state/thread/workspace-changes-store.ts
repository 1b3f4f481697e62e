import { type Accessor, createEffect, createSignal, on, onCleanup } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { StepChange } from '@/shared/protocol/workspace-change-rows.ts';
import type { AgentClient } from '../app/agent-client.ts';

/** How long after an action settles the counts are read again (several settle together in a burst). */
const REFRESH_DELAY_MS = 150;

/**
 * What the open conversation's actions changed in its workspace: how many files each
 * changed (read when the conversation opens, again as actions settle, the person's
 * messages bring files, a rewind rewrites the log or the history is pruned), which events
 * have a checkpoint, and on demand an action's list of changes and one file's bytes
 * before and after.
 */
export function createWorkspaceChangesStore(client: AgentClient, conversationId: Accessor<string | null>) {
  const [counts, setCounts] = createStore<Record<string, number>>({});
  const [revision, setRevision] = createSignal(0);
  /** The events with a checkpoint (a rewind or a fork can go back to them). */
  const [checkpoints, setCheckpoints] = createSignal<ReadonlySet<number>>(new Set());
  let token = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function refresh(id: string): Promise<void> {
    const mine = ++token;
    try {
      const { counts: next, checkpointSeqs: seqs } = await client.api.stepChangeSummary(id);
      if (mine !== token || conversationId() !== id) return;
      setCounts(reconcile(next));
      setCheckpoints(new Set(seqs));
      setRevision((value) => value + 1);
    } catch (error) {
      // The thread still works without the counts; they come back with the next settled action.
      console.warn('Sandpiper: reading what the steps changed failed', error);
    }
  }

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (id === null) return;
    if (message.type === 'conversation_rewound' && message.conversationId === id) return void refresh(id);
    // A pruned history: the steps' own changes are gone, their counts with them.
    if (message.type === 'history_pruned' && message.conversationIds.includes(id)) return void refresh(id);
    if (message.type !== 'event' || message.event.conversationId !== id) return;
    const { body } = message.event;
    const isSettled = body.type === 'envelope' && body.envelope.status !== 'running';
    // A notice too: clearing the workspace says so with one, and takes the checkpoints with it.
    const isRead = isSettled || ['user_message', 'user_reply', 'notice'].includes(body.type);
    if (!isRead) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(id), REFRESH_DELAY_MS);
  });

  createEffect(
    on(conversationId, (id) => {
      token += 1;
      clearTimeout(timer);
      setCounts(reconcile({}));
      setCheckpoints(new Set<number>());
      if (id !== null) void refresh(id);
    }),
  );

  onCleanup(() => {
    unsubscribe();
    clearTimeout(timer);
  });

  return {
    /** True when the event at `seq` has a checkpoint to rewind or fork to (false until known). */
    hasCheckpoint: (seq: number): boolean => checkpoints().has(seq),
    /** Counts up each time the counts are read afresh: what to read again with them (the Changes view). */
    revision,
    /** How many files the action changed (0: none, or not known yet). */
    countOf: (uuid: string): number => counts[uuid] ?? 0,
    /** The action's changes, one per path. */
    changesOf: (id: string, uuid: string): Promise<StepChange[]> => client.api.actionChanges(id, uuid),
    /** A changed path's bytes before and after the action. */
    versionsOf: (id: string, uuid: string, path: string) => client.api.changedFileVersions(id, uuid, path),
  };
}

export type WorkspaceChangesStore = ReturnType<typeof createWorkspaceChangesStore>;
