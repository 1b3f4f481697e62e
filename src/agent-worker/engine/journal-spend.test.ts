import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBody } from '../../shared/protocol/events.ts';
import { localDay } from '../../shared/protocol/spend.ts';
import { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import { SandpiperDatabase } from '../../shared/storage/db.ts';
import { Journal } from './journal.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const LATE = new Date(2026, 10, 26, 23, 59, 0).getTime();
const AFTER_MIDNIGHT = new Date(2026, 10, 27, 0, 1, 0).getTime();

const turn = (prompt: number, completion: number, cached = 0): EventBody => ({
  type: 'assistant_turn',
  text: '',
  toolCalls: [],
  usage: { prompt, completion, cached },
  model: 'm',
});

function conversation(id: string, providerId: string) {
  return {
    id,
    title: id,
    status: 'running' as const,
    createdAt: 1,
    updatedAt: 1,
    profileId: 'manus',
    providerId,
  };
}

describe('the spend ledger', () => {
  it('is written by the journal with the events, per local day, conversation and provider', async () => {
    database = new SandpiperDatabase(`spend-${randomUUID()}`, { indexedDB, IDBKeyRange });
    let now = LATE;
    const journal = new Journal(
      database,
      () => undefined,
      () => now,
    );
    await journal.createConversation(conversation('a', 'openai'), [{ type: 'user_message', text: 'Task' }]);
    await journal.createConversation(conversation('b', 'groq'), [{ type: 'user_message', text: 'Task' }]);
    await journal.append('a', [turn(1_000, 100, 500)]);
    now = AFTER_MIDNIGHT;
    await journal.append('a', [turn(2_000, 200)]);
    // A tool's own model requests count too; a staged write lands in the same row.
    const tool: EventBody = {
      type: 'envelope',
      toolCallId: 'call',
      envelope: { uuid: 'u', status: 'success', content: '', meta: { action_type: 'x', tool: 'x' } },
      usage: { prompt: 30, completion: 3, cached: 0 },
    };
    await journal.stage('a', [tool])?.committed;
    await journal.append('b', [
      turn(7, 1),
      { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false },
    ]);
    // The switch applies from the next run: later tokens go under the new provider.
    await journal.append('a', [], { conversation: { providerId: 'groq' } });
    await journal.append('a', [turn(5, 5)]);

    expect(await journal.ledger.day(localDay(LATE))).toEqual([
      {
        day: localDay(LATE),
        conversationId: 'a',
        providerId: 'openai',
        prompt: 1_000,
        completion: 100,
        cached: 500,
      },
    ]);
    const today = await journal.ledger.day(localDay(AFTER_MIDNIGHT));
    expect(today).toEqual(
      expect.arrayContaining([
        {
          day: localDay(AFTER_MIDNIGHT),
          conversationId: 'a',
          providerId: 'openai',
          prompt: 2_030,
          completion: 203,
          cached: 0,
        },
        {
          day: localDay(AFTER_MIDNIGHT),
          conversationId: 'a',
          providerId: 'groq',
          prompt: 5,
          completion: 5,
          cached: 0,
        },
        {
          day: localDay(AFTER_MIDNIGHT),
          conversationId: 'b',
          providerId: 'groq',
          prompt: 7,
          completion: 1,
          cached: 0,
        },
      ]),
    );
    expect(today).toHaveLength(3);

    // What was spent stays spent when its conversation is deleted.
    await new ConversationRepository(database).delete('b');
    expect(await journal.ledger.day(localDay(AFTER_MIDNIGHT))).toHaveLength(3);
  });

  it('is not written when the events’ transaction fails', async () => {
    database = new SandpiperDatabase(`spend-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const journal = new Journal(
      database,
      () => undefined,
      () => LATE,
    );
    await journal.createConversation(conversation('a', 'openai'), [{ type: 'user_message', text: 'Task' }]);
    // A status change for a conversation that does not exist fails the whole transaction.
    await expect(
      journal.append('missing', [turn(1_000, 10)], { conversation: { status: 'done' } }),
    ).rejects.toThrow(/does not exist/);
    expect(await journal.ledger.day(localDay(LATE))).toEqual([]);
  });
});
