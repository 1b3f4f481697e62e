import { describe, expect, it } from 'vitest';
import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { manusProfile } from '../../profiles/manus/manus-profile.ts';
import { buildMessages, type ContextTexts, messageChars } from './context-builder.ts';
import { ModelContext } from './model-context.ts';

const TEXTS: ContextTexts = {
  systemPrompt: 'S',
  compactionNote: manusProfile.notes.compaction,
  restorableArguments: manusProfile.restorableArguments,
};
const TOOL_LIST_CHARS = 1_000;

/** One step as the loop appends it: turn and `running` first, the completion once the tool ran. */
function step(id: string, name: string, args: object, actionType: string, status: Envelope['status']) {
  const envelope = (state: Envelope['status']): EventBody => ({
    type: 'envelope',
    toolCallId: id,
    envelope: {
      uuid: `u-${id}`,
      status: state,
      content: `${actionType} ${state}`,
      meta: { action_type: actionType, tool: name },
    },
  });
  const turn: EventBody = {
    type: 'assistant_turn',
    text: '',
    toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
    usage: null,
    model: 'm',
  };
  return [[turn, envelope('running')], [envelope(status)]];
}

const big = (label: string) =>
  Array.from({ length: 200 }, (_, line) => `${label} ${line}: some content of the file`).join('\n');

describe('ModelContext', () => {
  it('extends each request byte for byte, digests included, and renders the log as buildMessages does', () => {
    const steps = [
      step(
        'a',
        'file',
        { action: 'write', path: '/home/ubuntu/a.md', text: big('A') },
        'file.write',
        'success',
      ),
      step('b', 'shell', { action: 'exec', command: 'ls' }, 'shell.exec', 'success'),
      step(
        'c',
        'file',
        { action: 'write', path: '/home/ubuntu/c.md', text: big('C') },
        'file.write',
        'error',
      ),
      step(
        'd',
        'file',
        { action: 'append', path: '/home/ubuntu/a.md', text: big('D') },
        'file.append',
        'success',
      ),
      step(
        'e',
        'file',
        { action: 'edit', path: '/home/ubuntu/a.md', edits: [{ find: 'A 1:', replace: big('E') }] },
        'file.edit',
        'success',
      ),
    ];
    const events: StoredEvent[] = [];
    const append = (bodies: EventBody[]) => {
      const stored = bodies.map((body) => ({ conversationId: 'c', seq: events.length, at: 0, body }));
      for (const event of stored) {
        event.seq = events.length;
        events.push(event);
      }
      return stored;
    };
    const context = new ModelContext(TEXTS, TOOL_LIST_CHARS, append([{ type: 'user_message', text: 'go' }]));
    let previous = JSON.stringify(context.snapshot());
    for (const batches of steps) {
      for (const batch of batches) context.extend(append(batch), events);
      // A request is built here, after the step's completion.
      const messages = context.snapshot();
      expect(messages).toEqual(buildMessages(TEXTS, events));
      expect(context.size()).toBe(TOOL_LIST_CHARS + messages.reduce((sum, m) => sum + messageChars(m), 0));
      const current = JSON.stringify(messages);
      expect(current.startsWith(previous.slice(0, -1))).toBe(true);
      previous = current;
    }
    // The successful write, append and edit show digests; the failed write is whole.
    for (const label of ['A 100', 'D 100', 'E 100']) expect(previous).not.toContain(label);
    expect(previous).toContain('C 100');
    expect(previous.match(/the file holds the rest/g)).toHaveLength(3);
  });
});
