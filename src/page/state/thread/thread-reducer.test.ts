import { describe, expect, it } from 'vitest';
import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import type { ToolRole } from '@/shared/protocol/tool-roles.ts';
import {
  type ActionItem,
  applyEvent,
  applyEvents,
  initialThreadState,
  openAskUuid,
  type ThreadState,
} from './thread-reducer.ts';

const CONVERSATION = 'conversation-1';

function log(...bodies: EventBody[]): StoredEvent[] {
  return bodies.map((body, seq) => ({ conversationId: CONVERSATION, seq, at: 1_000 + seq * 100, body }));
}

/** The roles the Manus profile gives these actions (the runtime records them on each event). */
const ROLES: Record<string, ToolRole> = {
  'message.info': 'inform',
  'message.ask': 'ask',
  'message.result': 'result',
  'plan.update': 'plan',
  'plan.advance': 'plan',
};

function envelope(
  uuid: string,
  status: Envelope['status'],
  content: string,
  meta: Record<string, unknown>,
): EventBody {
  const role = ROLES[String(meta.action_type)];
  return {
    type: 'envelope',
    toolCallId: null,
    ...(role ? { role } : {}),
    envelope: { uuid, status, content, meta: { tool: 'message', ...meta } as Envelope['meta'] },
  };
}

function onlyAction(state: ThreadState, uuid: string): ActionItem {
  const matches = state.items.filter((item) => item.kind === 'action' && item.uuid === uuid);
  expect(matches).toHaveLength(1);
  return matches[0] as ActionItem;
}

describe('applyEvent', () => {
  it('flips a running action to success in place, keeping its description and timing', () => {
    const events = log(
      { type: 'user_message', text: 'Plan a trip' },
      envelope('a1', 'running', 'Planning: a trip', { tool: 'plan', action_type: 'plan.update' }),
    );
    const running = applyEvents(initialThreadState(CONVERSATION), events);
    expect(onlyAction(running, 'a1')).toMatchObject({ status: 'running', view: 'action', endedAt: null });
    expect(running.runningActionUuids).toEqual(['a1']);

    const done = applyEvent(running, {
      conversationId: CONVERSATION,
      seq: 2,
      at: 1_650,
      body: envelope('a1', 'success', 'Plan set: a trip (3 phases).', {
        tool: 'plan',
        action_type: 'plan.update',
      }),
    });
    const action = onlyAction(done, 'a1');
    expect(done.items).toHaveLength(2);
    expect(action).toMatchObject({
      status: 'success',
      description: 'Planning: a trip',
      content: 'Plan set: a trip (3 phases).',
      startedAt: 1_100,
      endedAt: 1_650,
    });
    expect(done.runningActionUuids).toEqual([]);
    expect(onlyAction(running, 'a1').status).toBe('running');
  });

  it('opens a question while asking and marks it answered with the reply', () => {
    const meta = { action_type: 'message.ask', suggested_action: 'confirm', attachments: [] };
    const asked = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        { type: 'user_message', text: 'Post it' },
        envelope('q1', 'running', 'Asking you a question', meta),
        envelope('q1', 'asking', 'Shall I post it?', meta),
      ),
    );
    expect(openAskUuid(asked)).toBe('q1');
    expect(onlyAction(asked, 'q1')).toMatchObject({
      view: 'ask',
      askState: 'open',
      question: 'Shall I post it?',
    });

    const answered = applyEvents(asked, [
      {
        conversationId: CONVERSATION,
        seq: 3,
        at: 2_000,
        body: { type: 'user_reply', askUuid: 'q1', text: 'Confirm' },
      },
      {
        conversationId: CONVERSATION,
        seq: 4,
        at: 2_000,
        body: envelope('q1', 'success', 'Confirm', {
          ...meta,
          question: 'Shall I post it?',
          reply: 'Confirm',
        }),
      },
    ]);
    expect(openAskUuid(answered)).toBeNull();
    expect(onlyAction(answered, 'q1')).toMatchObject({
      view: 'ask',
      askState: 'answered',
      question: 'Shall I post it?',
      reply: 'Confirm',
    });
    expect(answered.items.map((item) => item.kind)).toEqual(['user', 'action', 'reply']);
  });

  it('cancels an open question when its completion is an error', () => {
    const meta = { action_type: 'message.ask', suggested_action: 'none' };
    const state = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        envelope('q1', 'running', 'Asking you a question', meta),
        envelope('q1', 'asking', 'Which city?', meta),
        envelope('q1', 'error', 'The user stopped the task instead of answering.', {
          ...meta,
          error: { kind: 'cancelled', message: 'The user stopped the task instead of answering.' },
        }),
      ),
    );
    expect(openAskUuid(state)).toBeNull();
    expect(onlyAction(state, 'q1')).toMatchObject({
      askState: 'cancelled',
      view: 'ask',
      question: 'Which city?',
    });
  });

  it('ignores an event whose seq was already applied', () => {
    const events = log(
      { type: 'user_message', text: 'Hello' },
      {
        type: 'assistant_turn',
        text: '',
        toolCalls: [],
        usage: { prompt: 1_000, completion: 200, cached: 0 },
        model: 'scripted-model',
      },
    );
    const once = applyEvents(initialThreadState(CONVERSATION), events);
    const twice = applyEvents(once, events);
    expect(twice).toBe(once);
    expect(twice.items).toHaveLength(1);
    expect(twice.usage).toEqual({ prompt: 1_000, completion: 200, cached: 0, turns: 1 });
  });

  it('counts the run’s usage since the person last spoke: turns and tools’ own requests, none again at a reply', () => {
    const turn = (prompt: number): EventBody => ({
      type: 'assistant_turn',
      text: '',
      toolCalls: [],
      usage: { prompt, completion: 10, cached: 0 },
      model: 'm',
    });
    const done = envelope('t1', 'success', 'done', { action_type: 'search.web' });
    if (done.type !== 'envelope') throw new Error('not an envelope');
    const tool: EventBody = { ...done, usage: { prompt: 5, completion: 1, cached: 2 } };
    const events = log(
      { type: 'user_message', text: 'Task' },
      turn(100),
      tool,
      turn(200),
      { type: 'user_reply', askUuid: 'a1', text: 'Continue' },
      turn(40),
    );
    const beforeReply = applyEvents(initialThreadState(CONVERSATION), events.slice(0, 4));
    expect(beforeReply.runUsage).toEqual({ prompt: 305, completion: 21, cached: 2 });
    const afterReply = applyEvents(beforeReply, events.slice(4));
    expect(afterReply.runUsage).toEqual({ prompt: 40, completion: 10, cached: 0 });
    expect(afterReply.usage).toEqual({ prompt: 345, completion: 31, cached: 2, turns: 3 });
    expect(applyEvent(afterReply, { ...events[0]!, seq: 6 }).runUsage).toEqual({
      prompt: 0,
      completion: 0,
      cached: 0,
    });
  });

  it('ignores events of another conversation', () => {
    const state = initialThreadState(CONVERSATION);
    const other = applyEvent(state, {
      conversationId: 'other',
      seq: 0,
      at: 1,
      body: { type: 'user_message', text: 'x' },
    });
    expect(other).toBe(state);
  });

  it('keeps result attachments in the order the agent gave them', () => {
    const attachments = [
      { name: 'report.md', path: 'report.md', mime: 'text/markdown' },
      { name: 'Docs', path: 'https://example.com/docs', mime: 'text/uri-list' },
      { name: 'chart.png', path: 'out/chart.png', mime: 'image/png' },
    ];
    const meta = { action_type: 'message.result', attachments };
    const state = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        envelope('r1', 'running', 'Delivering the result', meta),
        envelope('r1', 'success', '# Done', meta),
      ),
    );
    const result = onlyAction(state, 'r1');
    expect(result.view).toBe('result');
    expect(result.attachments.map((attachment) => attachment.name)).toEqual([
      'report.md',
      'Docs',
      'chart.png',
    ]);
  });

  it('reports the error message and ignored extra tool calls of a failed action', () => {
    const meta = { tool: 'shell', action_type: 'shell.exec', ignored_tool_calls: ['file'] };
    const state = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        envelope('s1', 'running', 'Running `ls` in session main', meta),
        envelope('s1', 'error', 'not available', {
          ...meta,
          error: { kind: 'execution', message: 'No shell yet.' },
        }),
      ),
    );
    expect(onlyAction(state, 's1')).toMatchObject({
      errorMessage: 'No shell yet.',
      ignoredToolCalls: ['file'],
    });
  });

  it('turns notices into items and keeps the model text of a reply without a tool call', () => {
    const state = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        { type: 'assistant_turn', text: 'Sure, here it is.', toolCalls: [], usage: null, model: 'm' },
        {
          type: 'notice',
          kind: 'no_tool_call',
          text: 'Your last response had no tool call.',
          forModel: true,
        },
        { type: 'notice', kind: 'provider_error', text: '401 Incorrect API key provided.', forModel: false },
      ),
    );
    expect(state.items).toMatchObject([
      { kind: 'notice', noticeKind: 'no_tool_call', modelText: 'Sure, here it is.' },
      { kind: 'notice', noticeKind: 'provider_error', text: '401 Incorrect API key provided.' },
    ]);
  });

  it('gives an action the arguments of the call it answers, from the running envelope on', () => {
    const turn = (id: string, args: string): EventBody => ({
      type: 'assistant_turn',
      text: '',
      toolCalls: [{ id, name: 'shell', arguments: args }],
      usage: null,
      model: 'm',
    });
    // The runtime records the validated arguments on the running envelope's event (none for a refused call).
    const validated: Record<string, Record<string, unknown>> = {
      'call-1': { action: 'exec', session: 'build', command: 'ls' },
    };
    const shell = (uuid: string, toolCallId: string, status: Envelope['status'], meta = {}): EventBody => ({
      type: 'envelope',
      toolCallId,
      metaKind: 'shell',
      ...(status === 'running' && validated[toolCallId] ? { arguments: validated[toolCallId] } : {}),
      envelope: {
        uuid,
        status,
        content: 'Running `ls` in session build',
        meta: { tool: 'shell', action_type: 'shell.exec', ...meta },
      },
    });
    const running = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        turn('call-1', '{"action":"exec","session":"build","command":"ls"}'),
        shell('s1', 'call-1', 'running'),
        turn('call-2', '{not json'),
        shell('s2', 'call-2', 'running'),
      ),
    );
    expect(onlyAction(running, 's1').callArguments).toEqual({
      action: 'exec',
      session: 'build',
      command: 'ls',
    });
    expect(onlyAction(running, 's2').callArguments).toEqual({});

    const done = applyEvent(running, {
      conversationId: CONVERSATION,
      seq: 4,
      at: 2_000,
      body: shell('s1', 'call-1', 'success', { session: 'build', stdout: 'a\n' }),
    });
    expect(onlyAction(done, 's1')).toMatchObject({
      status: 'success',
      callArguments: { session: 'build', command: 'ls' },
      meta: { stdout: 'a\n' },
    });
  });
});

describe('applyEvents', () => {
  /** A run of `actions` actions (running then done), a question, notices and follow-ups. */
  function longLog(actions: number): StoredEvent[] {
    const bodies: EventBody[] = [{ type: 'user_message', text: 'Build it' }];
    for (let index = 0; index < actions; index += 1) {
      if (index % 25 === 0) bodies.push({ type: 'user_message', text: `Follow-up ${index}` });
      if (index % 40 === 0)
        bodies.push({ type: 'notice', kind: 'no_tool_call', text: 'No tool call', forModel: true });
      const uuid = `a${index}`;
      const actionType = index === 7 ? 'message.ask' : index % 3 === 0 ? 'message.info' : 'shell.exec';
      bodies.push(envelope(uuid, 'running', `Step ${index}`, { action_type: actionType }));
      if (actionType === 'message.ask') {
        bodies.push(envelope(uuid, 'asking', 'Which one?', { action_type: actionType }));
        bodies.push({ type: 'user_reply', askUuid: uuid, text: 'The first' });
      }
      bodies.push(
        envelope(uuid, index % 11 === 0 ? 'error' : 'success', `Done ${index}`, { action_type: actionType }),
      );
    }
    return log(...bodies);
  }

  it('gives the same thread as applying each event in turn, without changing its input', () => {
    const events = longLog(300);
    const start = applyEvents(initialThreadState(CONVERSATION), events.slice(0, 50));
    const startItems = start.items.slice();
    const startIndex = { ...start.actionIndex };
    const batched = applyEvents(start, events.slice(50));
    const oneByOne = events.slice(50).reduce(applyEvent, start);
    expect(batched).toEqual(oneByOne);
    expect(batched.items).toHaveLength(300 + 12 + 8 + 1 + 1);
    expect(start.items).toEqual(startItems);
    expect(start.actionIndex).toEqual(startIndex);
  });

  it('returns the state itself when every event was already applied', () => {
    const events = longLog(20);
    const state = applyEvents(initialThreadState(CONVERSATION), events);
    expect(applyEvents(state, events.slice(5))).toBe(state);
  });

  it('reduces a 10,000-event log in linear time', () => {
    const small = longLog(1_000);
    const large = longLog(5_000);
    // The fastest of three runs each, so a busy machine does not decide the ratio.
    const time = (events: StoredEvent[]) =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const startedAt = performance.now();
          applyEvents(initialThreadState(CONVERSATION), events);
          return performance.now() - startedAt;
        }),
      );
    const smallMs = Math.max(time(small), 1);
    const largeMs = time(large);
    expect(large.length).toBeGreaterThan(10_000);
    // Linear: 5× the events take about 5× as long; quadratic would take about 25×.
    expect(largeMs / smallMs).toBeLessThan(12);
  });
});
