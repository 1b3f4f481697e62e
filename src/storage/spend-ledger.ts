import { addTokenUsage, type StoredEvent, type TokenUsage } from '../protocol/events.ts';
import { localDay, SpendRow } from '../protocol/spend.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';

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
    const byDay = usageByDay(events);
    for (const [day, usage] of byDay) {
      const key: [string, string, string] = [day, conversationId, providerId];
      const existing = SpendRow.safeParse(await this.database.spend.get(key));
      // A row that fails the schema starts afresh rather than block the events' write.
      const before = existing.success ? existing.data : null;
      const total = before ? addTokenUsage(pickUsage(before), usage) : usage;
      await this.database.spend.put(SpendRow.parse({ day, conversationId, providerId, ...total }));
    }
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

/**
 * Schema v5's upgrade: the ledger rebuilt from the events already stored, each day's
 * tokens under the provider their conversation names now (the only one known).
 */
export async function backfillSpendLedger(tables: {
  conversations: { each(callback: (row: UnknownRow) => void): Promise<unknown> };
  events: { each(callback: (row: UnknownRow) => void): Promise<unknown> };
  spend: { bulkPut(rows: UnknownRow[]): Promise<unknown> };
}): Promise<void> {
  const providerOf = new Map<string, string>();
  await tables.conversations.each((row) => {
    if (typeof row.id === 'string')
      providerOf.set(row.id, typeof row.providerId === 'string' ? row.providerId : '');
  });
  const rows = new Map<string, SpendRow>();
  await tables.events.each((row) => {
    const { conversationId, at, body } = row as { conversationId?: unknown; at?: unknown; body?: unknown };
    if (typeof conversationId !== 'string' || typeof at !== 'number') return;
    const usage = usageOfBody(body);
    if (!usage) return;
    const day = localDay(at);
    const providerId = providerOf.get(conversationId) ?? '';
    const key = JSON.stringify([day, conversationId, providerId]);
    const before = rows.get(key);
    const total = before ? addTokenUsage(pickUsage(before), usage) : usage;
    rows.set(key, { day, conversationId, providerId, ...total });
  });
  if (rows.size > 0) await tables.spend.bulkPut([...rows.values()]);
}

/** The usage an event body as stored carries, read loosely (the upgrade sees raw rows). */
function usageOfBody(body: unknown): TokenUsage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { type, usage } = body as { type?: unknown; usage?: unknown };
  if (type !== 'assistant_turn' && type !== 'envelope') return null;
  if (typeof usage !== 'object' || usage === null) return null;
  const { prompt, completion, cached } = usage as Record<string, unknown>;
  const isCount = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (!isCount(prompt) || !isCount(completion)) return null;
  return { prompt, completion, cached: isCount(cached) ? cached : 0 };
}
