import { type Accessor, createMemo, untrack } from 'solid-js';
import { unwrap } from 'solid-js/store';
import { phaseFolds } from '../../state/thread/phase-folds.ts';
import {
  groupThread,
  isGroupOpen,
  type PhaseGroup,
  type ThreadEntry,
  visibleEntries,
} from '../../state/thread/phase-groups.ts';
import type { ThreadStore } from '../../state/thread/thread-store.ts';

/** The open conversation's thread as rows: every entry, the visible ones, and each by key. */
export type ThreadEntries = {
  /** Every entry (headers and items, members of folded groups too), in order. */
  all: Accessor<ThreadEntry[]>;
  /** The entries a person sees (members of folded groups left out). */
  visible: Accessor<ThreadEntry[]>;
  byKey: Accessor<Map<string, ThreadEntry>>;
  isOpen(group: PhaseGroup): boolean;
  /** Opens or folds a group, and remembers it for the session; returns whether it is open now. */
  toggle(group: PhaseGroup): boolean;
};

/**
 * The thread's items grouped under their plan phases (`groupThread`), recomputed once per
 * applied change (`revision`) from the store's raw items: the grouping reads every item,
 * and through the store's proxy that would subscribe to each of their fields. A phase that
 * finishes while the person is scrolled up (`isFollowing` false: they may be reading it)
 * stays open rather than folding under their eyes; at the bottom it folds as the run moves on.
 */
export function createThreadEntries(thread: ThreadStore, isFollowing: () => boolean): ThreadEntries {
  const conversationId = () => thread.state.thread.conversationId ?? '';
  /** Groups of the open conversation that finished while the person read back: kept open. */
  let keptOpen = new Set<string>();
  let previous: { conversationId: string; folded: Map<string, boolean> } | null = null;
  const all = createMemo(() => {
    thread.revision();
    // A conversation opening or closing replaces the items without a revision of its own.
    void thread.state.thread.items.length;
    const plan = thread.state.plan;
    const entries = groupThread(
      unwrap(thread.state.thread.items),
      plan ? { phases: unwrap(plan.phases), current_phase_id: plan.current_phase_id } : null,
    );
    const id = untrack(conversationId);
    if (previous?.conversationId !== id) keptOpen = new Set();
    const folded = new Map<string, boolean>();
    for (const entry of entries) {
      if (entry.kind !== 'group') continue;
      const { key, isFoldedByDefault } = entry.group;
      folded.set(key, isFoldedByDefault);
      const wasFolded = previous?.conversationId === id ? previous.folded.get(key) : undefined;
      if (isFoldedByDefault && wasFolded === false && !untrack(isFollowing)) keptOpen.add(key);
    }
    previous = { conversationId: id, folded };
    return entries;
  });
  const choices = () => phaseFolds.of(conversationId());
  const isOpen = (group: PhaseGroup) =>
    isGroupOpen(group, choices()) || (choices()[group.key] === undefined && keptOpen.has(group.key));
  const visible = createMemo(() => visibleEntries(all(), isOpen));
  const byKey = createMemo(() => new Map(all().map((entry) => [entry.key, entry])));
  return {
    all,
    visible,
    byKey,
    isOpen,
    toggle(group) {
      const next = !isOpen(group);
      phaseFolds.choose(conversationId(), group.key, next);
      return next;
    },
  };
}
