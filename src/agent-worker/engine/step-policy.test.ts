import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../../shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '../../shared/protocol/events.ts';
import { closeDanglingActions, lastFailedCall, trailingFailures } from './step-policy.ts';

function stored(bodies: EventBody[]): StoredEvent[] {
  return bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));
}

/** A model call of `shell` and its running envelope, then an error completion of `kind` (if any). */
function shellStep(id: string, kind: ErrorKind | null): EventBody[] {
  const meta = { action_type: 'shell.exec', tool: 'shell' };
  const bodies: EventBody[] = [
    {
      type: 'assistant_turn',
      text: '',
      toolCalls: [{ id, name: 'shell', arguments: '{}' }],
      usage: null,
      model: 'm',
    },
    { type: 'envelope', toolCallId: id, envelope: { uuid: id, status: 'running', content: 'Running', meta } },
  ];
  if (kind) {
    bodies.push({
      type: 'envelope',
      toolCallId: id,
      envelope: {
        uuid: id,
        status: 'error',
        content: kind,
        meta: { ...meta, error: { kind, message: kind } },
      },
    });
  }
  return bodies;
}

describe('an interrupted action', () => {
  it('is what a dead page leaves in flight: its running envelope is closed as interrupted', () => {
    const events = stored([{ type: 'user_message', text: 'go' }, ...shellStep('a', null)]);
    expect(closeDanglingActions(events, 'Interrupted: the page was closed.')).toMatchObject([
      { envelope: { uuid: 'a', status: 'error', meta: { error: { kind: 'interrupted' } } } },
    ]);
    // An internal error still closes them as stopped, as before.
    expect(closeDanglingActions(events, 'Stopped by an internal error.', 'cancelled')).toMatchObject([
      { envelope: { meta: { error: { kind: 'cancelled' } } } },
    ]);
  });

  it('is a stop, not a failure: it neither counts toward three failures nor blocks the same call again', () => {
    const twoFailures = [...shellStep('a', 'execution'), ...shellStep('b', 'execution')];
    const events = stored([
      { type: 'user_message', text: 'go' },
      ...twoFailures,
      ...shellStep('c', 'interrupted'),
    ]);
    expect(trailingFailures(events)).toEqual([]);
    expect(lastFailedCall(events)).toBeNull();
    const failed = stored([
      { type: 'user_message', text: 'go' },
      ...twoFailures,
      ...shellStep('c', 'execution'),
    ]);
    expect(trailingFailures(failed)).toHaveLength(3);
  });
});
