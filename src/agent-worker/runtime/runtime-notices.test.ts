import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../shared/protocol/events.ts';
import {
  automaticRestarts,
  closedPageBodies,
  interruptedQuestion,
  MAX_AUTOMATIC_RESTARTS,
} from './runtime-notices.ts';

const event = (seq: number, body: StoredEvent['body']): StoredEvent => ({
  conversationId: 'c',
  seq,
  at: seq,
  body,
});
const restarted = (seq: number) =>
  event(seq, { type: 'notice', kind: 'interrupted', text: 'Interrupted; continuing.', forModel: false });

describe('a run a closed page interrupted', () => {
  it('counts the restarts by itself since the person last spoke', () => {
    const events = [restarted(0), event(1, { type: 'user_message', text: 'go' }), restarted(2), restarted(3)];
    expect(automaticRestarts(events)).toBe(2);
    expect(automaticRestarts([])).toBe(0);
  });

  it('asks, says why when it stopped going on by itself, or notes it where there is no question', () => {
    expect(interruptedQuestion(0)).toMatch(/^My work on this stopped unexpectedly .*Shall I continue/);
    expect(interruptedQuestion(MAX_AUTOMATIC_RESTARTS)).toContain('for the fourth time in a row');
    expect(closedPageBodies([], true)).toMatchObject([{ type: 'notice', kind: 'interrupted' }]);
    // A sub-agent's conversation has no question to ask (nobody sees it): a note, and no restart counted.
    expect(closedPageBodies([], false, [])).toEqual([
      {
        type: 'notice',
        kind: 'stopped',
        text: 'Interrupted (the page was closed, or the agent crashed). Send a message to continue.',
        forModel: false,
      },
    ]);
  });
});
