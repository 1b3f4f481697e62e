import type { PendingRewind, RewindPreview } from '@/shared/protocol/checkpoints.ts';
import type { Conversation } from '@/shared/protocol/conversation.ts';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 later steps and 1 message": what a rewind drops, in words (null when nothing). */
function droppedText(dropped: Pick<RewindPreview, 'steps' | 'messages'>): string | null {
  const parts = [
    ...(dropped.steps > 0 ? [counted(dropped.steps, 'later step', 'later steps')] : []),
    ...(dropped.messages > 0 ? [counted(dropped.messages, 'message of yours', 'messages of yours')] : []),
  ];
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** The confirmation of a rewind: what leaves the conversation, what the workspace does, and how long it can be undone. */
export function rewindQuestion(preview: RewindPreview, subject: 'step' | 'message' = 'step'): string {
  const dropped = droppedText(preview);
  const files =
    preview.paths > 0
      ? `${counted(preview.paths, 'workspace file goes', 'workspace files go')} back to how ${preview.paths === 1 ? 'it was' : 'they were'} after this ${subject}`
      : 'the workspace stays as it is (nothing in it changed since)';
  const isOne = preview.steps + preview.messages === 1;
  const leaving = dropped ? `${dropped} ${isOne ? 'leaves' : 'leave'} the conversation, and ` : '';
  return `Rewind to this ${subject}? ${capitalised(`${leaving}${files}`)}. You can undo it until you send your next message.`;
}

/** The line under a rewound conversation, while it can be undone. */
export function rewoundText(pending: PendingRewind): string {
  const dropped = droppedText(pending);
  const verb = pending.steps + pending.messages === 1 ? 'was' : 'were';
  return `Rewound to an earlier step${dropped ? `: ${dropped} ${verb} set aside` : ''}, and the workspace went back with it. Undo until you send your next message.`;
}

/** Where each fork was made: `<conversation id>:<seq>` → the forks made there, oldest first. */
export function forkIndex(conversations: readonly Conversation[]): Map<string, Conversation[]> {
  const index = new Map<string, Conversation[]>();
  for (const each of conversations) {
    if (!each.forkedFrom) continue;
    const key = forkKey(each.forkedFrom.conversationId, each.forkedFrom.seq, each.forkedFrom.uuid);
    index.set(key, [...(index.get(key) ?? []), each]);
  }
  for (const forks of index.values()) forks.sort((first, second) => first.createdAt - second.createdAt);
  return index;
}

/** The key of a step in `forkIndex`: its event, and its action's uuid (none for a message of the person). */
export function forkKey(conversationId: string, seq: number, uuid?: string): string {
  return `${conversationId}:${seq}:${uuid ?? ''}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
