import * as Comlink from 'comlink';
import { createMemo, createSignal } from 'solid-js';
import { createStore, produce } from 'solid-js/store';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { AgentClient } from '../app/agent-client.ts';
import type { ReadUpload } from '../uploads/attachments-store.ts';
import { forkIndex, forkKey } from './checkpoint-text.ts';

type ConversationsState = { conversations: Conversation[]; isLoaded: boolean; loadError: string | null };

const ROUTE_PREFIX = '#/c/';

function idFromLocation(): string | null {
  const { hash } = window.location;
  if (!hash.startsWith(ROUTE_PREFIX)) return null;
  try {
    const id = decodeURIComponent(hash.slice(ROUTE_PREFIX.length));
    return id === '' ? null : id;
  } catch {
    return null; // A malformed escape (`#/c/%`) names no conversation.
  }
}

function byMostRecent(first: Conversation, second: Conversation): number {
  return second.updatedAt - first.updatedAt;
}

/**
 * The conversation list (kept current by broadcasts from every tab) and which one is
 * open. The open conversation lives in the URL hash, so a reload reopens it.
 * `onStarted` is called after each new conversation starts (the app's first real use).
 */
export function createConversationsStore(client: AgentClient, options: { onStarted?: () => void } = {}) {
  const [state, setState] = createStore<ConversationsState>({
    conversations: [],
    isLoaded: false,
    loadError: null,
  });
  const [selectedId, setSelectedId] = createSignal<string | null>(idFromLocation());

  function upsert(conversation: Conversation): void {
    setState(
      produce((draft) => {
        const index = draft.conversations.findIndex((entry) => entry.id === conversation.id);
        if (index >= 0 && (draft.conversations[index]?.updatedAt ?? 0) > conversation.updatedAt) return;
        if (index >= 0) draft.conversations.splice(index, 1);
        draft.conversations.push(conversation);
        draft.conversations.sort(byMostRecent);
      }),
    );
  }

  /**
   * A run that stopped on a failed save (its status perhaps not saved): shown stopped, not
   * working, in this page only (a newer row, or a reload, says what was saved).
   */
  function stopped(conversationId: string): void {
    setState(
      'conversations',
      (entry) => entry.id === conversationId && entry.status === 'running',
      'status',
      'error',
    );
  }

  function remove(conversationId: string): void {
    setState('conversations', (list) => list.filter((entry) => entry.id !== conversationId));
    if (selectedId() === conversationId) select(null);
  }

  const unsubscribe = client.subscribe((message) => {
    if (message.type === 'conversation') upsert(message.conversation);
    else if (message.type === 'conversation_deleted') remove(message.conversationId);
    else if (message.type === 'alert' && message.conversationId !== null) stopped(message.conversationId);
  });

  async function refresh(): Promise<void> {
    try {
      const listed = await client.api.listConversations();
      setState(
        produce((draft) => {
          const newer = new Map(draft.conversations.map((entry) => [entry.id, entry]));
          draft.conversations = listed
            .map((entry) => {
              const known = newer.get(entry.id);
              return known && known.updatedAt > entry.updatedAt ? known : entry;
            })
            .sort(byMostRecent);
          draft.isLoaded = true;
          draft.loadError = null;
        }),
      );
    } catch (error) {
      setState({ isLoaded: true, loadError: problemText(error) });
    }
  }

  function onPopState(): void {
    setSelectedId(idFromLocation());
  }
  window.addEventListener('popstate', onPopState);
  window.addEventListener('hashchange', onPopState);
  void refresh();

  /** Conversations this tab started (what they hold is all news to the person). */
  const startedHere = new Set<string>();

  /** Opens a conversation (or the empty state for null) and records it in the URL. */
  function select(conversationId: string | null): void {
    if (conversationId === selectedId()) return;
    const url = conversationId
      ? `${ROUTE_PREFIX}${encodeURIComponent(conversationId)}`
      : `${window.location.pathname}${window.location.search}`;
    window.history.pushState(null, '', url);
    setSelectedId(conversationId);
  }

  /**
   * Starts a conversation from a first task (and the files it brings, transferred) with a
   * tool profile (default: Manus), in a project when one is given, and opens it.
   */
  async function start(
    text: string,
    files?: ReadUpload,
    profileId?: string,
    projectId?: string,
  ): Promise<string> {
    const profile = { ...(profileId ? { profileId } : {}), ...(projectId ? { projectId } : {}) };
    const id = files
      ? await client.api.startConversation(
          text,
          Comlink.transfer({ ...profile, upload: files.upload }, files.transfer),
        )
      : await client.api.startConversation(text, profile);
    startedHere.add(id);
    select(id);
    options.onStarted?.();
    return id;
  }

  async function deleteConversation(conversationId: string): Promise<void> {
    await client.api.deleteConversation(conversationId);
    remove(conversationId);
  }

  const forks = createMemo(() => forkIndex(state.conversations));

  return {
    state,
    selectedId,
    /** The conversations forked from `conversationId` at the step whose event is `seq` (its action `uuid`), oldest first. */
    forksAt: (conversationId: string, seq: number, uuid?: string): Conversation[] =>
      forks().get(forkKey(conversationId, seq, uuid)) ?? [],
    select,
    start,
    /** True for a conversation this tab started (see `start`). */
    isStartedHere: (conversationId: string): boolean => startedHere.has(conversationId),
    deleteConversation,
    refresh,
    dispose() {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('hashchange', onPopState);
    },
  };
}

export type ConversationsStore = ReturnType<typeof createConversationsStore>;
