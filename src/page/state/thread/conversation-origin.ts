import type { Conversation } from '@/shared/protocol/conversation.ts';

/** Where a conversation came from, as its sidebar row marks it: the kind, the word said and the tooltip. */
export type ConversationOrigin = {
  kind: 'forked' | 'imported';
  label: 'Forked' | 'Imported';
  detail: string;
};

/**
 * The mark of a fork or of a conversation imported from a bundle (a fork of an import is
 * a fork: the fork drops `importedAt`); null for one started here.
 */
export function conversationOrigin(
  conversation: Pick<Conversation, 'forkedFrom' | 'importedAt'>,
  locale?: string,
): ConversationOrigin | null {
  if (conversation.forkedFrom) {
    return { kind: 'forked', label: 'Forked', detail: `Forked from “${conversation.forkedFrom.title}”` };
  }
  if (conversation.importedAt === undefined) return null;
  const day = new Date(conversation.importedAt).toLocaleDateString(locale, { dateStyle: 'medium' });
  return { kind: 'imported', label: 'Imported', detail: `Imported from a bundle on ${day}` };
}
