import { type Accessor, createEffect, createSignal, on } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import type { AgentClient } from '../app/agent-client.ts';
import type { WorkspaceEntry } from './file-tree.ts';
import type { WorkspaceReader } from './workspace-reader.ts';

export type WorkspaceLoad = 'idle' | 'loading' | 'ready' | 'failed';

type WorkspaceState = { load: WorkspaceLoad; entries: WorkspaceEntry[]; error: string | null };

/** The roles of calls that only talk to the person: their actions do not trigger a re-read. */
const MESSAGE_ROLES: ReadonlySet<string> = new Set(['inform', 'ask', 'result']);

/** Pause after the last change before the listing is read again (changes come in bursts). */
const REFRESH_DELAY_MS = 120;

/**
 * The open conversation's workspace listing, read from IndexedDB on the main thread. It is
 * read again after every finished action of that conversation (the worker saves the
 * workspace before it reports the action), but only while some view watches it.
 */
export function createWorkspaceStore(
  client: AgentClient,
  conversationId: Accessor<string | null>,
  reader: WorkspaceReader,
) {
  const [state, setState] = createStore<WorkspaceState>({ load: 'idle', entries: [], error: null });
  /** Counts the times the open conversation's workspace may have changed, watched or not. */
  const [changeCount, setChangeCount] = createSignal(0);
  /** Counts the times it was put back (a rewind, or its undo): what shows it must load it again. */
  const [restoreCount, setRestoreCount] = createSignal(0);
  let watchers = 0;
  let isStale = true;
  let token = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function refresh(): Promise<void> {
    clearTimeout(timer);
    const id = conversationId();
    const current = ++token;
    isStale = false;
    if (id === null) {
      setState({ load: 'idle', entries: [], error: null });
      return;
    }
    if (state.load !== 'ready') setState({ load: 'loading', error: null });
    try {
      const entries = await reader.listEntries(id);
      if (current !== token) return;
      setState({ load: 'ready', error: null });
      setState('entries', reconcile(entries, { key: 'path' }));
    } catch (error) {
      if (current !== token) return;
      setState({ load: 'failed', error: problemText(error) });
    }
  }

  function changed(): void {
    isStale = true;
    setChangeCount((count) => count + 1);
    if (watchers === 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), REFRESH_DELAY_MS);
  }

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (id === null) return;
    if (message.type === 'event' && message.event.conversationId === id) {
      const { body } = message.event;
      // A message's attachments were written to the workspace with it.
      if ((body.type === 'user_message' || body.type === 'user_reply') && body.attachments?.length) {
        changed();
        return;
      }
      if (body.type !== 'envelope' || body.envelope.status === 'running') return;
      // A message to the person never touches the workspace, whatever the profile names its
      // tool: its completion needs no re-read. (A plan change may: muxd's todos and
      // OpenManus' plans are files.)
      if (!MESSAGE_ROLES.has(body.role ?? '')) changed();
    } else if (
      (message.type === 'conversation_deleted' || message.type === 'conversation_rewound') &&
      message.conversationId === id
    ) {
      if (message.type === 'conversation_rewound') setRestoreCount((count) => count + 1);
      changed();
    }
  });

  createEffect(
    on(conversationId, () => {
      token += 1;
      setState({ load: 'idle', entries: [], error: null });
      isStale = true;
      if (watchers > 0) void refresh();
    }),
  );

  function requireId(): string {
    const id = conversationId();
    if (id === null) throw new Error('No conversation is open.');
    return id;
  }

  return {
    state,
    /** Reads the listing again now. */
    refresh,
    /** Keeps the listing current while the returned function has not been called. */
    watch(): () => void {
      watchers += 1;
      if (isStale) void refresh();
      return () => {
        watchers -= 1;
      };
    },
    /** Counts up each time the open conversation's workspace may have changed (whether or not it is watched). */
    changeCount,
    /**
     * Counts up each time the open conversation's workspace was put back as it was at a
     * step (a rewind, or its undo): a page shown from it (a preview) loads again.
     */
    restoreCount,
    // These reject (never throw) when no conversation is open: a view leaving as the
    // conversation closes may still ask, and its `.catch` must get the failure.
    /** The entries under a folder of the open conversation's workspace, read now (cheap: that folder only). */
    listEntriesUnder: async (folder: string): Promise<WorkspaceEntry[]> =>
      reader.listEntriesUnder(requireId(), folder),
    /** The entry at a workspace path, from the current listing. */
    entryAt: (path: string): WorkspaceEntry | undefined => state.entries.find((entry) => entry.path === path),
    /** A file's current bytes, or null if it is not in the workspace. */
    readFile: async (path: string): Promise<WorkspaceFile | null> => reader.readFile(requireId(), path),
    /** A file's current bytes in conversation `id`'s workspace (a view given its conversation), or null. */
    readFileIn: (id: string, path: string): Promise<WorkspaceFile | null> => reader.readFile(id, path),
    /** Every entry with its bytes. */
    readAll: async (): Promise<WorkspaceFile[]> => reader.readAll(requireId()),
    dispose(): void {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;
