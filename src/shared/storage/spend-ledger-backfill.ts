import { addTokenUsage, type TokenUsage } from '../protocol/events.ts';
import { localDay, type SpendRow } from '../protocol/spend.ts';

/** A stored row as an upgrade sees it: nothing about it is known yet. */
type UnknownRow = Record<string, unknown>;

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
    const total = before
      ? addTokenUsage({ prompt: before.prompt, completion: before.completion, cached: before.cached }, usage)
      : usage;
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
