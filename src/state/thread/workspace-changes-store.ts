import { type Accessor, createEffect, createSignal, on, onCleanup } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { StepChange } from '../../protocol/workspace-changes.ts';
import type { AgentClient } from '../app/agent-client.ts';

/** How long after an action settles the counts are read again (several settle together in a burst). */
const REFRESH_DELAY_MS = 150;

/**
 * What the open conversation's actions changed in its workspace: how many paths each
 * changed (read when the conversation opens and again as actions settle or the person's
 * messages bring files), and on demand an action's list of changes and one file's bytes
 * before and after.
 */
export function createWorkspaceChangesStore(client: AgentClient, conversationId: Accessor<string | null>) {
  const [counts, setCounts] = createStore<Record<string, number>>({});
  const [revision, setRevision] = createSignal(0);
  let token = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function refresh(id: string): Promise<void> {
    const mine = ++token;
    try {
      const next = await client.api.workspaceChangeCounts(id);
      if (mine === token && conversationId() === id) {
        setCounts(reconcile(next));
        setRevision((value) => value + 1);
      }
    } catch (error) {
      // The thread still works without the counts; they come back with the next settled action.
      console.warn('Sandpiper: reading what the steps changed failed', error);
    }
  }

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (id === null || message.type !== 'event' || message.event.conversationId !== id) return;
    const { body } = message.event;
    const isSettled = body.type === 'envelope' && body.envelope.status !== 'running';
    if (!isSettled && body.type !== 'user_message' && body.type !== 'user_reply') return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(id), REFRESH_DELAY_MS);
  });

  createEffect(
    on(conversationId, (id) => {
      token += 1;
      clearTimeout(timer);
      setCounts(reconcile({}));
      if (id !== null) void refresh(id);
    }),
  );

  onCleanup(() => {
    unsubscribe();
    clearTimeout(timer);
  });

  return {
    /** Counts up each time the counts are read afresh: what to read again with them (the Changes view). */
    revision,
    /** How many paths the action changed (0: none, or not known yet). */
    countOf: (uuid: string): number => counts[uuid] ?? 0,
    /** The action's changes, one per path. */
    changesOf: (id: string, uuid: string): Promise<StepChange[]> => client.api.actionChanges(id, uuid),
    /** A changed path's bytes before and after the action. */
    versionsOf: (id: string, uuid: string, path: string) => client.api.changedFileVersions(id, uuid, path),
  };
}

export type WorkspaceChangesStore = ReturnType<typeof createWorkspaceChangesStore>;
