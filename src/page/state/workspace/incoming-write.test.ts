import { describe, expect, it } from 'vitest';
import type { Envelope } from '@/shared/protocol/envelope.ts';
import { type EventBody, keptArguments, MAX_ARGUMENT_CHARACTERS } from '@/shared/protocol/events.ts';
import { actionItems, applyEvents, initialThreadState } from '../thread/thread-reducer.ts';
import { incomingWriteOf, runningActions } from './incoming-write.ts';

const CONVERSATION = 'c1';

function running(uuid: string, tool: string, call: Record<string, unknown>): EventBody {
  return {
    type: 'envelope',
    toolCallId: null,
    metaKind: 'file',
    arguments: keptArguments(call),
    envelope: {
      uuid,
      status: 'running',
      content: `${tool} ${String(call.path)}`,
      meta: { tool, action_type: `${tool}.${String(call.action ?? 'write')}` } as Envelope['meta'],
    },
  };
}

function done(uuid: string, tool: string): EventBody {
  return {
    type: 'envelope',
    toolCallId: null,
    metaKind: 'file',
    envelope: {
      uuid,
      status: 'success',
      content: 'Wrote it.',
      meta: { tool, action_type: `${tool}.write` } as Envelope['meta'],
    },
  };
}

function threadOf(...bodies: EventBody[]) {
  const events = bodies.map((body, seq) => ({ conversationId: CONVERSATION, seq, at: 1_000 + seq, body }));
  return applyEvents(initialThreadState(CONVERSATION), events);
}

describe('incomingWriteOf', () => {
  it('finds the running write of a workspace file, by any spelling of its path', () => {
    const state = threadOf(
      running('w1', 'file', {
        action: 'write',
        path: '/home/ubuntu/notes/../notes/todo.md',
        text: '- milk\n',
      }),
    );
    expect(incomingWriteOf(runningActions(state), 'notes/todo.md')).toEqual({
      uuid: 'w1',
      mode: 'write',
      text: '- milk\n',
      omitted: 0,
    });
    expect(incomingWriteOf(runningActions(state), 'notes/other.md')).toBeNull();
  });

  it('says an append is one, reads muxd’s file_write, and ignores reads and finished writes', () => {
    const state = threadOf(
      running('a1', 'file', { action: 'append', path: '/home/ubuntu/log.txt', text: 'more\n' }),
      running('r1', 'file', { action: 'read', path: '/home/ubuntu/read.txt' }),
      running('m1', 'file_write', { path: '/home/ubuntu/main.go', content: 'package main\n' }),
      running('w2', 'file', { action: 'write', path: '/home/ubuntu/done.txt', text: 'old' }),
      done('w2', 'file'),
    );
    const actions = runningActions(state);
    expect(actions.map((action) => action.uuid)).toEqual(['a1', 'r1', 'm1']);
    expect(incomingWriteOf(actions, 'log.txt')).toMatchObject({ mode: 'append', text: 'more\n' });
    expect(incomingWriteOf(actions, 'main.go')).toMatchObject({ mode: 'write', text: 'package main\n' });
    expect(incomingWriteOf(actions, 'read.txt')).toBeNull();
    expect(incomingWriteOf(actionItems(state), 'done.txt')).toBeNull();
  });

  it('gives a long text’s head as the log kept it, with how much is still to come', () => {
    const text = `${'a'.repeat(MAX_ARGUMENT_CHARACTERS)}${'b'.repeat(500)}`;
    const state = threadOf(running('w1', 'file', { action: 'write', path: 'big.txt', text }));
    expect(incomingWriteOf(runningActions(state), 'big.txt')).toMatchObject({
      text: 'a'.repeat(MAX_ARGUMENT_CHARACTERS),
      omitted: 500,
    });
  });
});
