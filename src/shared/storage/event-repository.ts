import Dexie from 'dexie';
import { StoredEvent } from '../protocol/events.ts';
import type { SandpiperDatabase } from './db.ts';

/** Reads the append-only event log; writing goes through the worker's journal. */
export class EventRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** Every event of a conversation in `seq` order, validated. */
  async list(conversationId: string): Promise<StoredEvent[]> {
    const rows = await this.database.events
      .where('[conversationId+seq]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .toArray();
    return rows.map((row) => StoredEvent.parse(row));
  }

  /** The events up to and including `seq`, in order, validated. */
  async upTo(conversationId: string, seq: number): Promise<StoredEvent[]> {
    const rows = await this.database.events
      .where('[conversationId+seq]')
      .between([conversationId, Dexie.minKey], [conversationId, seq], true, true)
      .toArray();
    return rows.map((row) => StoredEvent.parse(row));
  }

  /** The events after `seq`, in order, validated. */
  async after(conversationId: string, seq: number): Promise<StoredEvent[]> {
    const rows = await this.database.events
      .where('[conversationId+seq]')
      .between([conversationId, seq + 1], [conversationId, Dexie.maxKey])
      .toArray();
    return rows.map((row) => StoredEvent.parse(row));
  }

  /** The highest `seq` of a conversation, or -1 when it has none. */
  async lastSeq(conversationId: string): Promise<number> {
    const last = await this.database.events
      .where('[conversationId+seq]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .last();
    return last ? StoredEvent.parse(last).seq : -1;
  }
}
