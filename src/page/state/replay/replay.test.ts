import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { nextStop, previousStop, replayStops, stepDelayMs } from './replay.ts';

const envelope = (uuid: string, status: 'running' | 'success' | 'asking'): EventBody => ({
  type: 'envelope',
  toolCallId: 'c',
  envelope: { uuid, status, content: '', meta: { action_type: 'shell.exec', tool: 'shell' } },
});
const turn: EventBody = { type: 'assistant_turn', text: '', toolCalls: [], usage: null, model: 'm' };
const log = (...items: [EventBody, number][]): StoredEvent[] =>
  items.map(([body, at], seq) => ({ conversationId: 'c', seq, at, body }));

describe('replay', () => {
  const events = log(
    [{ type: 'user_message', text: 'task' }, 0],
    [turn, 100],
    [envelope('a', 'running'), 100],
    [envelope('a', 'success'), 5_000],
    [turn, 5_100],
    [envelope('q', 'running'), 5_100],
    [envelope('q', 'asking'), 5_100],
    [{ type: 'user_reply', askUuid: 'q', text: 'yes' }, 90_000],
  );

  it('stops after each thing a person would notice, pairing an action with its completion', () => {
    // user message | running+success (turn silent) | running+asking | reply
    expect(replayStops(events)).toEqual([1, 4, 7, 8]);
  });

  it('steps forward and back between stops', () => {
    const stops = replayStops(events);
    expect(nextStop(stops, 0)).toBe(1);
    expect(nextStop(stops, 4)).toBe(7);
    expect(nextStop(stops, 8)).toBe(8);
    expect(previousStop(stops, 7)).toBe(4);
    expect(previousStop(stops, 1)).toBe(0);
  });

  it('waits the real gap, clamped, divided by the speed', () => {
    expect(stepDelayMs(events, 1, 4, 1)).toBe(1_500);
    expect(stepDelayMs(events, 4, 7, 1)).toBe(250);
    expect(stepDelayMs(events, 7, 8, 2)).toBe(750);
    expect(stepDelayMs(events, 0, 1, 4)).toBe(62.5);
  });
});
