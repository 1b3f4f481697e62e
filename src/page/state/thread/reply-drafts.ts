import { type Accessor, createSignal } from 'solid-js';
import { type AttachmentsStore, createAttachmentsStore } from '../uploads/attachments-store.ts';

/** What is typed (and attached) in an open question's reply box. */
export type ReplyDraft = { text: Accessor<string>; setText(text: string): void; files: AttachmentsStore };

export type ReplyDrafts = {
  /** The draft of the question with this envelope uuid, made empty on first use. */
  draftFor(questionUuid: string): ReplyDraft;
  /** Drops a question's draft once its reply went (its files cleared). */
  forget(questionUuid: string): void;
};

/**
 * Reply drafts by question, kept for the page's life: the reply box lives in a thread row,
 * which leaves the page when a long thread scrolls it out of its window or another
 * conversation is opened, and what was typed there must come back with it.
 */
export function createReplyDrafts(): ReplyDrafts {
  const drafts = new Map<string, ReplyDraft>();
  return {
    draftFor(questionUuid) {
      const kept = drafts.get(questionUuid);
      if (kept) return kept;
      const [text, setText] = createSignal('');
      const draft: ReplyDraft = { text, setText: (value) => setText(value), files: createAttachmentsStore() };
      drafts.set(questionUuid, draft);
      return draft;
    },
    forget(questionUuid) {
      drafts.get(questionUuid)?.files.clear();
      drafts.delete(questionUuid);
    },
  };
}
