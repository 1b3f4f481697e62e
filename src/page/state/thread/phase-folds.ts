import { createStore } from 'solid-js/store';

/**
 * Which phase groups the person opened or folded, per conversation, for as long as the
 * page is open (not saved: a new session starts from the defaults, the current phase
 * open and finished ones folded).
 */
export function createPhaseFoldsStore() {
  const [choices, setChoices] = createStore<Record<string, Record<string, boolean>>>({});
  return {
    /** The choices made in `conversationId`: group key → open. */
    of(conversationId: string): Readonly<Record<string, boolean>> {
      return choices[conversationId] ?? {};
    },
    /** Remembers that the group `groupKey` of `conversationId` is open (or folded). */
    choose(conversationId: string, groupKey: string, isOpen: boolean): void {
      if (!choices[conversationId]) setChoices(conversationId, {});
      setChoices(conversationId, groupKey, isOpen);
    },
  };
}

export type PhaseFoldsStore = ReturnType<typeof createPhaseFoldsStore>;

/** The page's one record of fold choices (the thread is remounted by layout changes; the choices stay). */
export const phaseFolds = createPhaseFoldsStore();
