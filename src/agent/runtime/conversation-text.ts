import type { Conversation } from '../../protocol/conversation.ts';

const TITLE_LENGTH = 80;

/** The trimmed text, or an error a person can read when there is nothing to send. */
export function requireText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('The message is empty.');
  return trimmed;
}

/** A conversation title from its first task: the first line, cut to 80 characters (the rest is never split or copied). */
export function titleFrom(task: string): string {
  const lineEnd = task.indexOf('\n');
  const firstLine = task.slice(0, lineEnd === -1 ? TITLE_LENGTH + 1 : Math.min(lineEnd, TITLE_LENGTH + 1));
  return firstLine.length > TITLE_LENGTH ? `${firstLine.slice(0, TITLE_LENGTH - 1)}…` : firstLine;
}

/** A conversation the person starts: running from `now`, with its provider and tool profile for life. */
export function newConversation(options: {
  id: string;
  title: string;
  providerId: string;
  profileId: string;
  now: number;
}): Conversation {
  const { id, title, providerId, profileId, now } = options;
  return { id, title, status: 'running', createdAt: now, updatedAt: now, providerId, profileId };
}
