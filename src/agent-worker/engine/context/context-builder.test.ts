import { describe, expect, it } from 'vitest';
import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { manusProfile } from '../../profiles/manus/manus-profile.ts';
import {
  forcedStep,
  isSameCall,
  lastFailedCall,
  openQuestion,
  stepsSinceUserInput,
  trailingFailures,
} from '../step-policy.ts';
import { argumentDigest } from './argument-digest.ts';
import { buildMessages } from './context-builder.ts';
import { ARGUMENTS_INLINE_LIMIT } from './observation.ts';

/** The Manus profile's texts around a test system prompt. */
const texts = (systemPrompt: string) => ({ systemPrompt, compactionNote: manusProfile.notes.compaction });

const log = (...bodies: EventBody[]): StoredEvent[] =>
  bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));

const turn = (name: string, args: object, id = `call_${name}`): EventBody => ({
  type: 'assistant_turn',
  text: '',
  toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
  usage: null,
  model: 'm',
});

const envelope = (
  uuid: string,
  actionType: string,
  status: Envelope['status'],
  extra: Partial<Envelope['meta']> = {},
): Envelope => ({
  uuid,
  status,
  content: `${actionType} ${status}`,
  meta: { action_type: actionType, tool: actionType.split('.')[0]!, ...extra },
});

const done = (
  uuid: string,
  actionType: string,
  toolCallId: string,
  status: Envelope['status'] = 'success',
  extra = {},
): EventBody[] => [
  { type: 'envelope', envelope: envelope(uuid, actionType, 'running'), toolCallId },
  { type: 'envelope', envelope: envelope(uuid, actionType, status, extra), toolCallId },
];

describe('buildMessages', () => {
  it('rebuilds the conversation as system, user, assistant tool calls and tool observations', () => {
    const events = log(
      { type: 'user_message', text: 'Build it' },
      turn('message', { type: 'info', text: 'ok' }, 'a'),
      ...done('u1', 'message.info', 'a'),
    );
    const messages = buildMessages(texts('SYSTEM'), events);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(messages[3]).toEqual({
      role: 'tool',
      tool_call_id: 'a',
      content: '{"content":"message.info success","meta":{},"status":"success"}',
    });
  });

  it('answers every extra tool call with a not-run observation', () => {
    const events = log(
      { type: 'user_message', text: 'x' },
      {
        type: 'assistant_turn',
        text: 'thinking',
        toolCalls: [
          { id: 'a', name: 'message', arguments: '{}' },
          { id: 'b', name: 'plan', arguments: '{}' },
        ],
        usage: null,
        model: 'm',
      },
      ...done('u1', 'message.info', 'a'),
    );
    const tools = buildMessages(texts('S'), events).filter((message) => message.role === 'tool');
    expect(tools.map((message) => (message.role === 'tool' ? message.tool_call_id : ''))).toEqual(['b', 'a']);
    expect(JSON.stringify(tools[0])).toContain('only the first one runs');
  });

  it('only ever appends: a longer log gives a longer context with the same prefix', () => {
    const bodies: EventBody[] = [
      { type: 'user_message', text: 'x' },
      turn('message', { type: 'ask', text: 'Which?' }, 'a'),
      { type: 'envelope', envelope: envelope('q', 'message.ask', 'running'), toolCallId: 'a' },
      { type: 'envelope', envelope: envelope('q', 'message.ask', 'asking'), toolCallId: 'a' },
      { type: 'user_reply', askUuid: 'q', text: 'SQLite' },
      {
        type: 'envelope',
        envelope: { ...envelope('q', 'message.ask', 'success'), content: 'SQLite' },
        toolCallId: 'a',
      },
      { type: 'notice', kind: 'no_tool_call', text: 'Call a tool.', forModel: true },
      { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false },
    ];
    let previous = buildMessages(texts('S'), []);
    for (let count = 1; count <= bodies.length; count += 1) {
      const current = buildMessages(texts('S'), log(...bodies.slice(0, count)));
      expect(current.slice(0, previous.length)).toEqual(previous);
      previous = current;
    }
    expect(previous.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(previous[3])).toContain('SQLite');
  });
});

describe('buildMessages with restorable arguments', () => {
  const withDigests = { ...texts('S'), restorableArguments: manusProfile.restorableArguments };
  const PATH = '/home/ubuntu/docs/guide.md';
  const TEXT = Array.from({ length: 300 }, (_, line) => `Guide line ${line + 1}: MIDDLE of the text`).join(
    '\n',
  );
  const write = (id: string) => turn('file', { action: 'write', path: PATH, text: TEXT }, id);
  const callArguments = (events: StoredEvent[]) => {
    const assistant = buildMessages(withDigests, events).find((message) => message.role === 'assistant');
    return assistant?.role === 'assistant' ? assistant.tool_calls?.[0]?.function.arguments : undefined;
  };

  it('shows a successful write as its digest in the request after it', () => {
    const events = log({ type: 'user_message', text: 'x' }, write('w'), ...done('u', 'file.write', 'w'));
    const shown = JSON.parse(callArguments(events)!);
    expect(shown).toEqual({
      action: 'write',
      path: PATH,
      text: argumentDigest(TEXT, PATH, 'written to'),
    });
    expect(shown.text).toMatch(/^\[10,391 bytes, 300 lines written to \/home\/ubuntu\/docs\/guide\.md; /);
    expect(JSON.stringify(buildMessages(withDigests, events))).not.toContain('Guide line 150');
  });

  it('keeps a failed write whole, so the model can correct and resend it', () => {
    const failed = done('u', 'file.write', 'w', 'error', {
      error: { kind: 'execution', message: 'EISDIR' },
    });
    const events = log({ type: 'user_message', text: 'x' }, write('w'), ...failed);
    expect(callArguments(events)).toBe(JSON.stringify({ action: 'write', path: PATH, text: TEXT }));
  });

  it('keeps the call whole while it runs, for other actions, and without the profile’s declaration', () => {
    const running = log({ type: 'user_message', text: 'x' }, write('w'), done('u', 'file.write', 'w')[0]!);
    expect(callArguments(running)).toContain('Guide line 150');
    const read = log(
      { type: 'user_message', text: 'x' },
      turn('file', { action: 'read', path: PATH, text: TEXT }, 'r'),
      ...done('u', 'file.read', 'r'),
    );
    expect(callArguments(read)).toContain('Guide line 150');
    const events = log({ type: 'user_message', text: 'x' }, write('w'), ...done('u', 'file.write', 'w'));
    expect(JSON.stringify(buildMessages(texts('S'), events))).toContain('Guide line 150');
  });

  it('never digests an extra call of the same response, which did not run', () => {
    const args = JSON.stringify({ action: 'write', path: PATH, text: TEXT });
    const events = log(
      { type: 'user_message', text: 'x' },
      {
        type: 'assistant_turn',
        text: '',
        toolCalls: [
          { id: 'a', name: 'file', arguments: args },
          { id: 'b', name: 'file', arguments: args },
        ],
        usage: null,
        model: 'm',
      },
      ...done('u', 'file.write', 'a'),
    );
    const assistant = buildMessages(withDigests, events)[2];
    const calls = assistant?.role === 'assistant' ? assistant.tool_calls : [];
    expect(calls?.map((call) => call.function.arguments.includes('Guide line 150'))).toEqual([false, true]);
  });
});

describe('buildMessages with a call too long to keep whole', () => {
  const PATH = '/home/ubuntu/runaway.txt';
  /** A turn whose one call carries `args` as the model sent them (JSON or not). */
  const rawTurn = (args: string): EventBody => ({
    type: 'assistant_turn',
    text: '',
    toolCalls: [{ id: 'a', name: 'file', arguments: args }],
    usage: null,
    model: 'm',
  });
  const callArguments = (events: StoredEvent[]) => {
    const assistant = buildMessages(texts('S'), events).find((message) => message.role === 'assistant');
    return assistant?.role === 'assistant' ? (assistant.tool_calls?.[0]?.function.arguments ?? '') : '';
  };

  it('keeps the head and tail of its long text and its short fields, as JSON, whatever became of it', () => {
    const text = `HEAD${'x'.repeat(1_000_000)}TAIL`;
    for (const ending of [
      [],
      done('u', 'file.write', 'w', 'error', { error: { kind: 'execution', message: 'no' } }),
    ]) {
      const events = log(
        { type: 'user_message', text: 'x' },
        turn('file', { action: 'write', path: PATH, text }, 'w'),
        ...ending,
      );
      const shown = callArguments(events);
      expect(shown.length).toBeLessThanOrEqual(ARGUMENTS_INLINE_LIMIT);
      const parsed = JSON.parse(shown);
      expect(parsed).toMatchObject({ action: 'write', path: PATH });
      expect(parsed.text).toMatch(
        /^HEADx+\n… \[\d+ characters of this call cut from the context; send the text whole again if it is needed\] …\nx+TAIL$/,
      );
    }
  });

  it('keeps arguments that are not JSON, or too many short fields, as one object with their ends', () => {
    const broken = `{"path": "${'y'.repeat(200_000)}`;
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])));
    for (const args of [broken, many]) {
      const events = log({ type: 'user_message', text: 'x' }, rawTurn(args));
      const shown = callArguments(events);
      expect(shown.length).toBeLessThanOrEqual(ARGUMENTS_INLINE_LIMIT);
      expect(JSON.parse(shown).arguments_cut).toContain('characters of this call cut from the context');
    }
  });

  it('keeps a call at the limit whole, byte for byte', () => {
    const around = JSON.stringify({ action: 'write', path: PATH, text: '' }).length;
    const args = JSON.stringify({
      action: 'write',
      path: PATH,
      text: 'z'.repeat(ARGUMENTS_INLINE_LIMIT - around),
    });
    expect(args.length).toBe(ARGUMENTS_INLINE_LIMIT);
    const events = log({ type: 'user_message', text: 'x' }, rawTurn(args));
    expect(callArguments(events)).toBe(args);
  });
});

describe('step policy', () => {
  it('forces info, then plan.update, after each new user message', () => {
    const start = log({ type: 'user_message', text: 'x' });
    const [acknowledge, plan] = manusProfile.openingSteps;
    expect(forcedStep(start, manusProfile.openingSteps)).toEqual(acknowledge);
    expect(acknowledge).toMatchObject({ tool: 'message', actionType: 'message.info' });
    expect(plan).toMatchObject({ tool: 'plan', actionType: 'plan.update' });
    const acknowledged = log(
      { type: 'user_message', text: 'x' },
      turn('message', {}, 'a'),
      ...done('1', 'message.info', 'a'),
    );
    expect(forcedStep(acknowledged, manusProfile.openingSteps)).toEqual(plan);
    const planned = log(
      ...acknowledged.map((event) => event.body),
      turn('plan', {}, 'b'),
      ...done('2', 'plan.update', 'b'),
    );
    expect(forcedStep(planned, manusProfile.openingSteps)).toBeNull();
    expect(
      forcedStep(
        log(...planned.map((event) => event.body), { type: 'user_message', text: 'more' }),
        manusProfile.openingSteps,
      ),
    ).toEqual(acknowledge);
  });

  it('counts failures in a row, reset by a success or by the user speaking', () => {
    const fail = (uuid: string) =>
      done(uuid, 'plan.advance', uuid, 'error', { error: { kind: 'rejected', message: 'no' } });
    expect(
      trailingFailures(log({ type: 'user_message', text: 'x' }, ...fail('1'), ...fail('2'))),
    ).toHaveLength(2);
    expect(trailingFailures(log(...fail('1'), ...done('2', 'message.info', '2'), ...fail('3')))).toHaveLength(
      1,
    );
    expect(
      trailingFailures(log(...fail('1'), { type: 'user_reply', askUuid: 'q', text: 'go' })),
    ).toHaveLength(0);
    const cancelled = done('4', 'shell.exec', '4', 'error', {
      error: { kind: 'cancelled', message: 'stop' },
    });
    expect(trailingFailures(log(...fail('1'), ...cancelled))).toHaveLength(0);
  });

  it('remembers the call that just failed and compares calls by canonical arguments', () => {
    const events = log(
      turn('plan', { action: 'advance', next_phase_id: 3 }, 'a'),
      ...done('1', 'plan.advance', 'a', 'error', { error: { kind: 'rejected', message: 'no' } }),
    );
    const failed = lastFailedCall(events)!;
    expect(failed.name).toBe('plan');
    expect(
      isSameCall(failed, { id: 'z', name: 'plan', arguments: '{ "next_phase_id": 3, "action": "advance" }' }),
    ).toBe(true);
    expect(
      isSameCall(failed, { id: 'z', name: 'plan', arguments: '{"action":"advance","next_phase_id":2}' }),
    ).toBe(false);
  });

  it('finds the open question and counts steps since the user spoke', () => {
    const events = log(
      { type: 'user_message', text: 'x' },
      turn('message', {}, 'a'),
      { type: 'envelope', envelope: envelope('q', 'message.ask', 'running'), toolCallId: 'a' },
      { type: 'envelope', envelope: envelope('q', 'message.ask', 'asking'), toolCallId: 'a' },
    );
    expect(openQuestion(events)?.envelope.uuid).toBe('q');
    expect(stepsSinceUserInput(events)).toBe(1);
    const answered = log(...events.map((event) => event.body), {
      type: 'envelope',
      envelope: envelope('q', 'message.ask', 'success'),
      toolCallId: 'a',
    });
    expect(openQuestion(answered)).toBeNull();
  });
});
