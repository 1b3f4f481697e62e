import Dexie from 'dexie';
import { memoryKey, newProposals } from '../../shared/know-how/memory-drafts.ts';
import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import { MEMORY_DRAFTS_PATH, type MemoryRow } from '../../shared/protocol/know-how.ts';
import { WORKSPACE_ROOT } from '../../shared/protocol/workspace.ts';
import type { HistoryEntry } from '../../shared/protocol/workspace-change-rows.ts';
import { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import { KnowHowRepository } from '../../shared/storage/know-how-repository.ts';
import { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import {
  Checkpoint,
  foldChanges,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from '../../shared/storage/workspace-history.ts';

/** The drafts file as the workspace's history names it (relative to the home folder). */
const DRAFTS_PATH = MEMORY_DRAFTS_PATH.slice(WORKSPACE_ROOT.length + 1);

/**
 * The memories the agent proposes (issue 28): it appends `- <fact>` lines to the drafts
 * file with whatever file tool its profile has. After each settled action, the step's
 * changes in the workspace's history are looked at (a path check, whoever wrote it); the
 * facts the step added become proposed memories from the conversation whose workspace it
 * is, or saved ones at once when the person chose so on the Memory page. The UI reads the
 * memories table live, so nothing else is announced.
 */
export class MemoryProposals {
  /** Looks run one after another, so a fact is never proposed twice by two steps in a row. */
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * How far each workspace's history was looked at: a parent's step that waited for its
   * sub-agent spans the sub-agent's steps in the same workspace, which were looked at already.
   */
  private readonly lookedAtUpTo = new Map<string, number>();

  constructor(
    private readonly database: SandpiperDatabase,
    private readonly now: () => number,
    private readonly newId: () => string,
  ) {}

  /** `publish`, and this seeing each message after it: what the journal announces tells it which steps settled. */
  alsoTo(publish: (message: BroadcastMessage) => void): (message: BroadcastMessage) => void {
    return (message) => {
      publish(message);
      this.observe(message);
    };
  }

  /** Sees what the journal published: a settled action queues a look at its step. */
  observe(message: BroadcastMessage): void {
    if (message.type !== 'event') return;
    const { conversationId, seq, body } = message.event;
    if (body.type !== 'envelope' || body.envelope.status === 'running') return;
    this.tail = this.tail
      .then(() => this.afterStep(conversationId, seq))
      .catch((error: unknown) => {
        // A database closed meanwhile (a newer version opened in another tab) has nothing to read.
        if ((error as { name?: unknown } | null)?.name === 'DatabaseClosedError') return;
        console.warn('Sandpiper: could not read the proposed memories.', error);
      });
  }

  /**
   * Stores the facts the step at `seq` added to the drafts file (none when it did not
   * change it, or has no checkpoint); resolves with the rows written.
   */
  async afterStep(conversationId: string, seq: number): Promise<MemoryRow[]> {
    const marked = Checkpoint.safeParse(await this.database.checkpoints.get([conversationId, seq]));
    if (!marked.success) return [];
    const checkpoint = marked.data;
    const workspaceId = checkpoint.workspaceId ?? conversationId;
    const previous = await this.database.checkpoints
      .where('[conversationId+seq]')
      .between([conversationId, Dexie.minKey], [conversationId, seq], true, false)
      .last();
    const fromRev = Math.max(
      typeof previous?.rev === 'number' ? previous.rev : 0,
      this.lookedAtUpTo.get(workspaceId) ?? 0,
    );
    if (checkpoint.rev <= fromRev) return [];
    this.lookedAtUpTo.set(workspaceId, checkpoint.rev);
    const history = new WorkspaceHistory(this.database);
    const changes = (await history.changesBetween(workspaceId, fromRev, checkpoint.rev)).filter(
      (change) => change.path === DRAFTS_PATH,
    );
    const [change] = foldChanges(changes);
    if (!change) return [];
    const [before, after] = await Promise.all([
      this.textOf(workspaceId, change.before),
      this.textOf(workspaceId, change.after),
    ]);
    const knowHow = new KnowHowRepository(this.database);
    const known = (await knowHow.memories.list()).map((memory) => memory.text);
    const facts = newProposals(before, after ?? '', known);
    if (facts.length === 0) return [];
    const [conversation, preferences] = await Promise.all([
      new ConversationRepository(this.database).get(workspaceId),
      new SettingsRepository(this.database).getMemoryPreferences(),
    ]);
    const state = preferences.saveProposalsWithoutAsking ? 'saved' : 'proposed';
    const at = this.now();
    const rows = facts.map(
      (text, index): MemoryRow => ({
        id: this.newId(),
        text,
        source: { kind: 'conversation', conversationId: workspaceId, title: conversation?.title ?? '' },
        enabled: true,
        state,
        // One apart, so they list in the order they were written.
        createdAt: at + index,
        updatedAt: at + index,
      }),
    );
    return this.database.transaction('rw', this.database.memories, async () => {
      // Known again inside the transaction: another tab's worker may have proposed the same.
      const seen = new Set((await knowHow.memories.list()).map((memory) => memoryKey(memory.text)));
      const written = rows.filter((row) => !seen.has(memoryKey(row.text)));
      for (const row of written) await knowHow.memories.put(row);
      return written;
    });
  }

  private async textOf(workspaceId: string, entry: HistoryEntry | null): Promise<string | null> {
    if (entry?.kind !== 'file') return null;
    const bytes = await new WorkspaceAtCheckpoint(this.database).bytesOf(workspaceId, DRAFTS_PATH, entry);
    return new TextDecoder().decode(bytes);
  }
}
