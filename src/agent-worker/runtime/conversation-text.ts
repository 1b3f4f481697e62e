import { startContextFor } from '../../shared/know-how/start-context.ts';
import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import { KnowHowRepository } from '../../shared/storage/know-how-repository.ts';

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

/**
 * A conversation the person starts: running from `now`, titled from its task, with its
 * provider, tool profile, project and what it starts with (skills, project, memories) for life.
 */
export async function newConversation(
  database: SandpiperDatabase,
  options: {
    id: string;
    title: string;
    providerId: string;
    profileId: string;
    now: number;
    projectId?: string | undefined;
  },
): Promise<Conversation> {
  const { now, title, projectId, ...fields } = options;
  const startContext = await startContextFor(new KnowHowRepository(database), projectId ?? null);
  return {
    ...fields,
    title: titleFrom(title),
    status: 'running',
    createdAt: now,
    updatedAt: now,
    startContext,
    ...(projectId ? { projectId } : {}),
  };
}
