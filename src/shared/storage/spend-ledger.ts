import { addTokenUsage, type StoredEvent, type TokenUsage } from '../protocol/events.ts';
import { localDay, SpendRow } from '../protocol/spend.ts';
import type { SandpiperDatabase } from './db.ts';

/**
 * The spend ledger (the `spend` table, schema v5): per local day, conversation and provider,
 * the tokens spent, so that "spent today by every conversation" is one indexed read of a
 * handful of rows instead of a scan of every event. The journal adds to it in the same
 * transaction as the events that carry the usage (an assistant turn's, a tool's own model
 * requests'), so the ledger and the log never disagree, whichever tab wrote them. Rows
 * outlive a deleted conversation: what was spent stays spent. Imported bundles never write
 * here (their tokens were not spent in this browser), except through the schema's one-time
 * rebuild from the stored events, which cannot tell imported events apart.
 */
export class SpendLedger {
  constructor(private readonly database: SandpiperDatabase) {}

  /**
   * Adds the usage `events` carry to their days' rows for `providerId`. Call inside a
   * transaction that includes the `spend` table (the journal's), so it commits with them.
   */
  async record(conversationId: string, providerId: string, events: readonly StoredEvent[]): Promise<void> {
    // Each day's row read and written apart from the others' (no round trip waits for another day's).
    const days = [...usageByDay(events)].map(async ([day, usage]) => {
      const key: [string, string, string] = [day, conversationId, providerId];
      const existing = SpendRow.safeParse(await this.database.spend.get(key));
      // A row that fails the schema starts afresh rather than block the events' write.
      const before = existing.success ? existing.data : null;
      const total = before ? addTokenUsage(pickUsage(before), usage) : usage;
      await this.database.spend.put(SpendRow.parse({ day, conversationId, providerId, ...total }));
    });
    await Promise.all(days);
  }

  /** Every row of one local day (`YYYY-MM-DD`); rows that fail the schema are skipped. */
  async day(day: string): Promise<SpendRow[]> {
    const rows = await this.database.spend.where('day').equals(day).toArray();
    return rows.flatMap((row) => {
      const parsed = SpendRow.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }
}

/** The usage events carry (model turns and tools' own requests), summed per local day of their `at`. */
export function usageByDay(events: readonly Pick<StoredEvent, 'at' | 'body'>[]): Map<string, TokenUsage> {
  const byDay = new Map<string, TokenUsage>();
  for (const { at, body } of events) {
    const usage = body.type === 'assistant_turn' || body.type === 'envelope' ? body.usage : undefined;
    if (!usage) continue;
    const day = localDay(at);
    const before = byDay.get(day);
    byDay.set(day, before ? addTokenUsage(before, usage) : usage);
  }
  return byDay;
}

function pickUsage(row: SpendRow): TokenUsage {
  return { prompt: row.prompt, completion: row.completion, cached: row.cached };
}
