import * as Comlink from 'comlink';
import { type Accessor, batch, createEffect, createMemo, createSignal, on } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { PendingRewind, RewindPreview } from '@/shared/protocol/checkpoints.ts';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import type { Plan } from '@/shared/protocol/phase-plan.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { AgentClient } from '../app/agent-client.ts';
import type { ReadUpload } from '../uploads/attachments-store.ts';
import { knownDeliverables } from './attachment-view.ts';
import { createFrameFlush } from './frame-flush.ts';
import {
  actionItems,
  applyEvent,
  applyEvents,
  initialThreadState,
  type ThreadState,
} from './thread-reducer.ts';

export type LoadState = 'empty' | 'loading' | 'ready' | 'missing' | 'failed';

type CurrentState = {
  load: LoadState;
  loadError: string | null;
  conversation: Conversation | null;
  plan: Plan | null;
  thread: ThreadState;
  /** The rewind that can still be undone (until the next message), if any. */
  rewind: PendingRewind | null;
  /** Set when the database could not be opened and this is the backup copy, read only. */
  backupCopy: { copiedAt: number } | null;
};

function isNewer<T extends { updatedAt: number }>(candidate: T, current: T | null): boolean {
  return current === null || candidate.updatedAt >= current.updatedAt;
}

/**
 * Records a step of opening a conversation as a User Timing measure
 * (`sandpiper:thread-read`, `-reduce`, `-commit`: the long-thread bench reads them) and
 * returns its end.
 */
function measureStep(step: 'read' | 'reduce' | 'commit', start: number): number {
  const end = performance.now();
  performance.measure(`sandpiper:thread-${step}`, { start, end });
  return end;
}

/**
 * The open conversation: a snapshot read through the worker, then every broadcast event
 * for it (from this tab or another) applied through the pure reducer. Events that arrive
 * while the snapshot loads are held and applied after it; a gap in `seq` triggers a re-read.
 */
export function createThreadStore(client: AgentClient, conversationId: Accessor<string | null>) {
  const [state, setState] = createStore<CurrentState>({
    load: 'empty',
    loadError: null,
    conversation: null,
    plan: null,
    thread: initialThreadState(),
    rewind: null,
    backupCopy: null,
  });
  const [revision, setRevision] = createSignal(0);
  const [isReplaying, setReplaying] = createSignal(false);
  /** The reducer's state: every event received applied (the store may be a frame behind it). */
  let thread = initialThreadState();
  /** The reducer's state the store holds. */
  let shown = thread;
  // A run's events (several per step, a step every few milliseconds) reach the store once a
  // frame: rendering each one cost the page's thread, and on two cores the loop, several ms.
  const eventsFlush = createFrameFlush(() => show(thread));
  /** Events of the replay frame on screen (`thread` is built from exactly these). */
  let replayShown: { events: readonly StoredEvent[]; count: number } | null = null;
  let held: StoredEvent[] | null = null;
  let loadToken = 0;

  /** Makes `next` the reducer's state and applies it to the store now. */
  function commit(next: ThreadState): void {
    thread = next;
    eventsFlush.cancel();
    show(next);
  }

  /** Forgets both states for `next` (the store is reset to it by the caller). */
  function reset(next: ThreadState): void {
    eventsFlush.cancel();
    thread = next;
    shown = next;
  }

  /**
   * Applies a reducer state to the store. The reducer never mutates, so only items whose
   * identity changed since the state shown are written: an event costs O(changed items),
   * not O(thread).
   */
  function show(next: ThreadState): void {
    if (next === shown) return;
    const previous = shown;
    shown = next;
    batch(() => {
      if (state.thread.items.length === 0 && next.items.length > 0) {
        // A conversation opening: its rows are set in one write (the store wraps them as they
        // are read), not reconciled one by one — 3,000 rows cost what 3 do. The arrays are
        // the store's own copies, so the store never writes into the reducer's state.
        setState('thread', { ...next, items: next.items.slice(), actionIndex: { ...next.actionIndex } });
        return;
      }
      const isSameThread =
        previous.conversationId === next.conversationId &&
        state.thread.items.length === previous.items.length &&
        next.items.length >= previous.items.length;
      if (!isSameThread) {
        setState('thread', reconcile(next, { key: 'key', merge: true }));
        return;
      }
      next.items.forEach((item, index) => {
        if (previous.items[index] !== item)
          setState('thread', 'items', index, reconcile(item, { key: 'key', merge: true }));
      });
      for (const key of Object.keys(next) as (keyof ThreadState)[]) {
        if (key === 'items' || previous[key] === next[key]) continue;
        setState('thread', key, reconcile(next[key], { key: 'key', merge: true }));
      }
    });
    setRevision((value) => value + 1);
  }

  async function load(id: string, options: { isResync: boolean }): Promise<void> {
    const token = ++loadToken;
    held = [];
    if (!options.isResync) {
      reset(initialThreadState(id));
      setState({
        load: 'loading',
        loadError: null,
        conversation: null,
        plan: null,
        thread: initialThreadState(id),
        rewind: null,
        backupCopy: null,
      });
    }
    try {
      const startedAt = performance.now();
      const snapshot = await client.api.readConversation(id);
      const readAt = measureStep('read', startedAt);
      if (token !== loadToken) return;
      if (!snapshot) {
        held = null;
        setState({ load: 'missing', conversation: null, plan: null });
        return;
      }
      const heldInOrder = [...(held ?? [])].sort((first, second) => first.seq - second.seq);
      const next = applyEvents(initialThreadState(id), [...snapshot.events, ...heldInOrder]);
      held = null;
      const reducedAt = measureStep('reduce', readAt);
      reset(initialThreadState(id));
      commit(next);
      measureStep('commit', reducedAt);
      setState((current) => ({
        load: 'ready',
        rewind: snapshot.rewind ?? null,
        backupCopy: snapshot.backupCopy ?? null,
        conversation:
          current.conversation && !isNewer(snapshot.conversation, current.conversation)
            ? current.conversation
            : snapshot.conversation,
        plan:
          snapshot.plan && !isNewer(snapshot.plan, current.plan)
            ? current.plan
            : (snapshot.plan ?? current.plan),
      }));
    } catch (error) {
      if (token !== loadToken) return;
      held = null;
      setState({ load: 'failed', loadError: problemText(error) });
    }
  }

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (id === null) return;
    // A replay shows a past frame: live changes to the log wait until it ends (then re-read).
    if (isReplaying() && (message.type === 'event' || message.type === 'plan')) return;
    if (message.type === 'event' && message.event.conversationId === id) {
      // The conversation went on: the rewind before can no longer be undone.
      if (state.rewind) setState('rewind', null);
      if (held) {
        held.push(message.event);
      } else if (state.backupCopy || message.event.seq > thread.lastSeq + 1) {
        // (Shown from the backup copy: the database saves again, so it is read from there.)
        void load(id, { isResync: true });
      } else {
        thread = applyEvent(thread, message.event);
        eventsFlush.schedule();
      }
      return;
    }
    // The conversation's plan and row are shown after its events before them, as they came.
    if (message.type === 'plan' || message.type === 'conversation') eventsFlush.flushNow();
    if (message.type === 'conversation' && message.conversation.id === id) {
      if (isNewer(message.conversation, state.conversation)) setState('conversation', message.conversation);
    } else if (message.type === 'plan' && message.plan.conversationId === id) {
      if (isNewer(message.plan, state.plan)) setState('plan', message.plan);
    } else if (message.type === 'alert' && message.conversationId === id) {
      // Its run stopped on a failed save, its status perhaps not saved: not working any more.
      if (state.conversation?.status === 'running') setState('conversation', 'status', 'error');
    } else if (message.type === 'conversation_deleted' && message.conversationId === id) {
      setState({ load: 'missing', conversation: null, plan: null });
    } else if (message.type === 'history_pruned' && message.conversationIds.includes(id)) {
      // Pruning folds the changes a rewind's undo points into: it can no longer be undone.
      setState('rewind', null);
    } else if (message.type === 'conversation_rewound' && message.conversationId === id && !isReplaying()) {
      // The log was rewritten (steps dropped, or brought back): read it whole again (a replay does when it ends).
      void load(id, { isResync: false });
    }
  });

  createEffect(
    on(conversationId, (id) => {
      setReplaying(false);
      replayShown = null;
      if (id === null) {
        loadToken += 1;
        held = null;
        reset(initialThreadState());
        setState({
          load: 'empty',
          loadError: null,
          conversation: null,
          plan: null,
          thread: initialThreadState(),
          rewind: null,
          backupCopy: null,
        });
        return;
      }
      void load(id, { isResync: false });
    }),
  );

  function requireId(): string {
    const id = conversationId();
    if (id === null) throw new Error('No conversation is open.');
    return id;
  }

  /**
   * Shows the first `count` of `events` (the open conversation's log) and `plan` as the
   * thread, plan panel and Computer panel see them, read-only: no question is open for
   * an answer, and live changes wait until `endReplay`. Moving forward applies only the
   * new events; moving back rebuilds the frame.
   */
  function showReplayFrame(events: readonly StoredEvent[], count: number, plan: Plan | null): void {
    const id = requireId();
    const isForward = replayShown?.events === events && count >= replayShown.count;
    const next = applyEvents(
      isForward ? thread : initialThreadState(id),
      events.slice(isForward ? (replayShown?.count ?? 0) : 0, count),
    );
    replayShown = { events, count };
    setReplaying(true);
    commit(next.openAskUuids.length === 0 ? next : { ...next, openAskUuids: [] });
    setState('plan', plan);
  }

  /** Leaves the replay: the conversation is read again as it stands now. */
  function endReplay(): void {
    if (!isReplaying()) return;
    setReplaying(false);
    replayShown = null;
    // The frame's plan is rebuilt from the log: the stored one replaces it whatever its timestamps.
    setState('plan', null);
    const id = conversationId();
    if (id !== null) void load(id, { isResync: true });
  }

  // One reading for every result card (each scanning the thread itself cost a scan per card shown).
  const deliverables = createMemo(() => knownDeliverables(actionItems(state.thread)));

  return {
    state,
    /** Increases with every applied change (for scroll-follow effects). */
    revision,
    /** The decks and exposed addresses the conversation's actions reported (for result cards). */
    knownDeliverables: deliverables,
    /** True while a replay frame is on screen instead of the live conversation. */
    isReplaying,
    showReplayFrame,
    endReplay,
    /** Re-reads the snapshot (after a failed call, the log may have moved on in another tab). */
    reload: () => {
      const id = conversationId();
      if (id !== null) void load(id, { isResync: state.load === 'ready' });
    },
    /** Sends a message, with its files transferred (not copied) to the worker when there are any. */
    send: (text: string, files?: ReadUpload) =>
      files
        ? client.api.sendMessage(requireId(), text, Comlink.transfer(files.upload, files.transfer))
        : client.api.sendMessage(requireId(), text),
    /** Answers the question `askUuid`, with its files transferred when there are any. */
    reply: (askUuid: string, text: string, files?: ReadUpload) =>
      files
        ? client.api.replyToAsk(requireId(), askUuid, text, Comlink.transfer(files.upload, files.transfer))
        : client.api.replyToAsk(requireId(), askUuid, text),
    stop: () => client.api.stop(requireId()),
    /** What rewinding to the step whose event is `seq` would drop and change. */
    rewindPreview: (seq: number): Promise<RewindPreview> => client.api.rewindPreview(requireId(), seq),
    /** Rewinds to that step (every tab re-reads the conversation once it is done). */
    rewindTo: (seq: number) => client.api.rewindConversation(requireId(), seq),
    undoRewind: () => client.api.undoRewind(requireId()),
    /** Forks the conversation at that step; resolves with the new conversation's id. */
    forkAt: (seq: number) => client.api.forkConversation(requireId(), seq),
    dispose: () => {
      eventsFlush.cancel();
      unsubscribe();
    },
  };
}

export type ThreadStore = ReturnType<typeof createThreadStore>;
