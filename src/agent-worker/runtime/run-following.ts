import type { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { Journal } from '../engine/journal.ts';
import type { ConversationSandboxes } from '../sandbox/conversation-sandboxes.ts';
import type { ActiveRuns } from './active-runs.ts';
import type { RunLocks } from './run-locks.ts';
import { takenOverNotice } from './runtime-notices.ts';

/**
 * Runs another tab holds, followed so this tab takes them over if that tab closes mid-run:
 * waits for the conversation's lock, and if the run was left unfinished, goes on with it
 * here (the action left open is closed as interrupted, then the loop goes on).
 */
export class RunFollower {
  /** Conversations whose run another tab holds, waited on now. */
  private readonly following = new Set<string>();

  constructor(
    private readonly ports: {
      active: ActiveRuns;
      locks: RunLocks;
      conversations: ConversationRepository;
      journal: Journal;
      sandboxes: ConversationSandboxes;
    },
  ) {}

  /** Follows one conversation's run; resolves once its lock was won. Idempotent. */
  async follow(conversationId: string): Promise<void> {
    const { active, locks, conversations, journal, sandboxes } = this.ports;
    if (active.has(conversationId) || this.following.has(conversationId)) return;
    this.following.add(conversationId);
    try {
      await locks.hold(conversationId, async () => {
        const conversation = await conversations.get(conversationId);
        if (conversation?.status !== 'running' || active.has(conversationId)) return;
        await journal.append(conversationId, [takenOverNotice()]);
        // The closed tab wrote the workspace last: reopen it from what it saved.
        sandboxes.forget(conversationId);
        await active.launch(conversationId, true);
      });
    } finally {
      this.following.delete(conversationId);
    }
  }

  /** Follows every run another tab holds right now (once at start, after recovery). */
  async followAll(): Promise<void> {
    for (const conversation of await this.ports.conversations.list()) {
      if (conversation.status === 'running' && !this.ports.active.has(conversation.id))
        void this.follow(conversation.id);
    }
  }
}
