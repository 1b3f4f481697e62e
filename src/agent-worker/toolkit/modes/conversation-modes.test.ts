import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { activeModesOf, createConversationModes } from './conversation-modes.ts';

function envelopeEvent(
  seq: number,
  status: 'running' | 'success' | 'error',
  meta: Record<string, unknown>,
): StoredEvent {
  const body: EventBody = {
    type: 'envelope',
    envelope: { uuid: `u${seq}`, status, content: '', meta: { action_type: 'x', tool: 'x', ...meta } },
    toolCallId: null,
  };
  return { conversationId: 'c', seq, at: seq, body };
}

describe('activeModesOf', () => {
  it('is empty for a log with no mode recorded', () => {
    expect(activeModesOf([]).size).toBe(0);
    expect(activeModesOf([envelopeEvent(0, 'success', {})]).size).toBe(0);
  });

  it('finds generation from a successful envelope whose meta turns it on, whatever the tool is named', () => {
    const events = [
      envelopeEvent(0, 'running', {}),
      envelopeEvent(1, 'success', { tool: 'enter_studio', mode: 'generation', active: true }),
    ];
    expect([...activeModesOf(events)]).toEqual(['generation']);
  });

  it('ignores failed or running envelopes, inactive meta and unknown modes', () => {
    const events = [
      envelopeEvent(0, 'error', { mode: 'generation', active: true }),
      envelopeEvent(1, 'running', { mode: 'generation', active: true }),
      envelopeEvent(2, 'success', { mode: 'generation', active: false }),
      envelopeEvent(3, 'success', { mode: 'generation', active: 'true' }),
      envelopeEvent(4, 'success', { mode: 'dreaming', active: true }),
    ];
    expect(activeModesOf(events).size).toBe(0);
  });

  it('ignores other events even when their text mentions the mode', () => {
    const events: StoredEvent[] = [
      { conversationId: 'c', seq: 0, at: 0, body: { type: 'user_message', text: '{"mode":"generation"}' } },
    ];
    expect(activeModesOf(events).size).toBe(0);
  });
});

describe('createConversationModes', () => {
  it('starts from the log and keeps a mode a tool turns on', () => {
    const modes = createConversationModes([]);
    expect(modes.isActive('generation')).toBe(false);
    modes.activate('generation');
    expect(modes.isActive('generation')).toBe(true);
  });

  it('starts active when the log recorded it', () => {
    const modes = createConversationModes([
      envelopeEvent(0, 'success', { mode: 'generation', active: true }),
    ]);
    expect(modes.isActive('generation')).toBe(true);
  });
});
