import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../../shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '../../shared/protocol/events.ts';
import { findRepetition, repetitionQuestion, repetitionResponse } from './repetition.ts';
import { runtimeAsk } from './step-asks.ts';

function stored(bodies: EventBody[]): StoredEvent[] {
  return bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));
}

let nextId = 0;

type StepOptions = {
  /** The call's arguments as the model wrote them (raw JSON text). */
  arguments?: string;
  /** What the action returned (default: the same for every call of the action). */
  content?: string;
  meta?: Record<string, unknown>;
  error?: ErrorKind;
  phaseId?: number;
};

/** One model step: the turn with its call, the running envelope, and its completion. */
function step(tool: string, actionType: string, options: StepOptions = {}): EventBody[] {
  nextId += 1;
  const id = `call_${nextId}`;
  const uuid = `uuid-${nextId}`;
  const meta = {
    action_type: actionType,
    tool,
    ...(options.phaseId !== undefined ? { phase_id: options.phaseId } : {}),
  };
  const status = options.error ? 'error' : 'success';
  return [
    {
      type: 'assistant_turn',
      text: '',
      toolCalls: [{ id, name: tool, arguments: options.arguments ?? '{}' }],
      usage: null,
      model: 'm',
    },
    { type: 'envelope', toolCallId: id, envelope: { uuid, status: 'running', content: 'Running', meta } },
    {
      type: 'envelope',
      toolCallId: id,
      envelope: {
        uuid,
        status,
        content: options.content ?? `${actionType} done`,
        meta: {
          ...meta,
          ...options.meta,
          ...(options.error ? { error: { kind: options.error, message: options.error } } : {}),
        },
      },
    },
  ];
}

const info = (text: string, options: StepOptions = {}) =>
  step('message', 'message.info', {
    arguments: JSON.stringify({ type: 'info', text }),
    content: text,
    ...options,
  });
const read = (path: string, options: StepOptions = {}) =>
  step('file', 'file.read', {
    arguments: JSON.stringify({ action: 'read', path }),
    content: `The text of ${path}`,
    meta: { path },
    ...options,
  });
const task: EventBody = { type: 'user_message', text: 'Build a notes app' };

const repeated = (count: number, make: () => EventBody[]) => Array.from({ length: count }, make).flat();

describe('the same call three times in a row', () => {
  it('is found, with its action, arguments and count, in words a model and a person can read', () => {
    const found = findRepetition(stored([task, ...repeated(3, () => info('Working on it'))]));
    expect(found).toMatchObject({ pattern: 'same_call', count: 3, actionTypes: ['message.info'] });
    expect(found?.description).toBe(
      'made the same call 3 times in a row (`message.info` with the same arguments: `{"text":"Working on it","type":"info"}`)',
    );
  });

  it('is the same call whatever the key order and spacing of its arguments', () => {
    const events = stored([
      task,
      ...read('/a', { arguments: '{"action":"read","path":"/a"}' }),
      ...read('/a', { arguments: '{ "path": "/a", "action": "read" }' }),
      ...read('/a', { arguments: '{"path":"/a",\n"action":"read"}' }),
    ]);
    expect(findRepetition(events)).toMatchObject({ pattern: 'same_call', count: 3 });
  });

  it('counts every repeat in a row (the 48 identical messages of a small model)', () => {
    const found = findRepetition(stored([task, ...repeated(48, () => info('Hello'))]));
    expect(found).toMatchObject({ pattern: 'same_call', count: 48 });
    expect(found?.description).toContain('48 times in a row');
  });

  it('is not two repeats', () => {
    expect(findRepetition(stored([task, ...read('/x'), ...repeated(2, () => info('Hi'))]))).toBeNull();
  });

  it('is not three calls with different arguments, even of the same action', () => {
    const events = stored([task, ...read('/a'), ...read('/b'), ...read('/c')]);
    expect(findRepetition(events)).toBeNull();
  });

  it('is broken by a failure in between', () => {
    const events = stored([
      task,
      ...info('Hi'),
      ...info('Hi'),
      ...read('/missing', { error: 'execution', content: 'No such file' }),
      ...info('Hi'),
    ]);
    expect(findRepetition(events)).toBeNull();
  });

  it('is broken by a response without a call, or a call the person stopped', () => {
    const noCall: EventBody = { type: 'assistant_turn', text: 'Hm.', toolCalls: [], usage: null, model: 'm' };
    expect(findRepetition(stored([task, ...info('Hi'), noCall, ...info('Hi'), ...info('Hi')]))).toBeNull();
    const stopped = info('Hi', { error: 'interrupted' });
    expect(findRepetition(stored([task, ...info('Hi'), ...stopped, ...info('Hi')]))).toBeNull();
  });

  it('counts only what came after the person last spoke (a message or a reply)', () => {
    const before = repeated(3, () => info('Hi'));
    expect(findRepetition(stored([task, ...before, task, ...repeated(2, () => info('Hi'))]))).toBeNull();
    const reply: EventBody = { type: 'user_reply', askUuid: 'q', text: 'Go on' };
    expect(findRepetition(stored([task, ...before, reply, ...repeated(2, () => info('Hi'))]))).toBeNull();
    expect(findRepetition(stored([task, ...before, reply, ...repeated(3, () => info('Hi'))]))).toMatchObject({
      count: 3,
    });
  });

  it("does not count the runtime's own questions, nor a question's answer that came after the reply", () => {
    const ask = runtimeAsk({
      uuid: 'ask-1',
      reason: 'step_budget',
      question: 'Shall I continue?',
      phaseId: undefined,
      profile: { runtimeAsk: { tool: 'message', actionType: 'message.ask', metaKind: 'message' } },
    });
    const [, asking] = ask;
    const answered: EventBody = {
      type: 'envelope',
      toolCallId: null,
      role: 'ask',
      envelope: {
        ...(asking as Extract<EventBody, { type: 'envelope' }>).envelope,
        status: 'success',
        content: 'Confirm',
      },
    };
    const reply: EventBody = { type: 'user_reply', askUuid: 'ask-1', text: 'Confirm' };
    const events = stored([task, ...info('Hi'), ...ask, reply, answered, ...repeated(2, () => info('Hi'))]);
    expect(findRepetition(events)).toBeNull();
  });

  it('is not a poll whose result keeps growing (a long command still printing)', () => {
    const poll = (stdout: string) =>
      step('shell', 'shell.view', {
        arguments: '{"action":"view","session":"main"}',
        content: 'Session main',
        meta: { stdout, is_running: true },
      });
    const growing = [
      poll('Installing'),
      poll('Installing\nadded 10'),
      poll('Installing\nadded 10\nadded 90'),
    ];
    expect(findRepetition(stored([task, ...growing.flat()]))).toBeNull();
    // A poll that shows nothing new (the virtual sandbox's, until the command ends) repeats.
    const still = repeated(3, () => poll('Installing'));
    expect(findRepetition(stored([task, ...still]))).toMatchObject({
      pattern: 'same_call',
      actionTypes: ['shell.view'],
    });
  });

  it('is a repeat when only a timestamp in the result changes', () => {
    const schedule = (createdAt: string) =>
      step('schedule', 'schedule.cron', {
        arguments: '{"cron":"0 9 * * *","name":"Digest"}',
        meta: { created_at: createdAt },
      });
    const events = stored([
      task,
      ...schedule('2026-11-26T09:00:01Z'),
      ...schedule('2026-11-26T09:00:02Z'),
      ...schedule('2026-11-26T09:00:03Z'),
    ]);
    expect(findRepetition(events)).toMatchObject({ pattern: 'same_call', count: 3 });
  });

  it('is not plan advances from phase to phase (different arguments and results)', () => {
    const advance = (from: number) =>
      step('plan', 'plan.advance', {
        arguments: JSON.stringify({ action: 'advance', current_phase_id: from, next_phase_id: from + 1 }),
        meta: { current_phase_id: from + 1 },
        phaseId: from,
      });
    expect(
      findRepetition(stored([task, ...advance(1), ...advance(2), ...advance(3), ...advance(4)])),
    ).toBeNull();
  });
});

describe('the same observation three times in a row', () => {
  it('is found even when the calls differ, and its uuid (or a path named after it) is no difference', () => {
    const cat = (command: string) =>
      step('shell', 'shell.exec', {
        arguments: JSON.stringify({ action: 'exec', command }),
        content: 'exit 0',
        meta: { stdout: 'hello' },
      });
    const events = stored([task, ...cat('cat a.txt'), ...cat('cat ./a.txt'), ...cat('cat  a.txt')]);
    expect(findRepetition(events)).toMatchObject({
      pattern: 'same_observation',
      count: 3,
      actionTypes: ['shell.exec', 'shell.exec', 'shell.exec'],
    });
    expect(findRepetition(events)?.description).toBe(
      'got the same result from 3 calls in a row (`shell.exec`)',
    );
  });

  it('leaves out bookkeeping: the uuid in a saved output path, and the phase it ran in', () => {
    const saved = (command: string, phaseId: number) => {
      const bodies = step('shell', 'shell.exec', { arguments: JSON.stringify({ command }), phaseId });
      const completion = bodies[2] as Extract<EventBody, { type: 'envelope' }>;
      const { uuid } = completion.envelope;
      completion.envelope.meta.full_output_paths = [`/home/ubuntu/.sandpiper/outputs/${uuid}.stdout.txt`];
      return bodies;
    };
    const events = stored([task, ...saved('make', 1), ...saved('make all', 2), ...saved('make -j2', 3)]);
    expect(findRepetition(events)).toMatchObject({ pattern: 'same_observation', count: 3 });
  });

  it('is not two, nor three that differ in their meta', () => {
    expect(
      findRepetition(stored([task, ...read('/a', { content: 'x' }), ...read('/b', { content: 'x' })])),
    ).toBeNull();
    const differing = [1, 2, 3].flatMap((n) => read(`/${n}`, { content: 'x', meta: { path: `/${n}` } }));
    expect(findRepetition(stored([task, ...differing]))).toBeNull();
  });
});

describe('a cycle of two calls', () => {
  const edit = (text: string) =>
    step('file', 'file.write', {
      arguments: JSON.stringify({ action: 'write', path: '/a', text }),
      content: text,
    });

  it('is found over six steps (A, B three times), with both calls named', () => {
    const events = stored([task, ...repeated(3, () => [...edit('one'), ...edit('two')])]);
    const found = findRepetition(events);
    expect(found).toMatchObject({ pattern: 'cycle', count: 3, actionTypes: ['file.write', 'file.write'] });
    expect(found?.description).toContain('went back and forth between the same two calls 3 times');
    expect(found?.description).toContain('"text":"one"');
    expect(found?.description).toContain('"text":"two"');
  });

  it('is not four steps (A, B twice), nor five', () => {
    expect(findRepetition(stored([task, ...repeated(2, () => [...edit('one'), ...edit('two')])]))).toBeNull();
    expect(
      findRepetition(
        stored([task, ...read('/x'), ...edit('two'), ...repeated(2, () => [...edit('one'), ...edit('two')])]),
      ),
    ).toBeNull();
  });

  it('is not A, B, A, C, A, B', () => {
    const events = stored([
      task,
      ...edit('one'),
      ...edit('two'),
      ...edit('one'),
      ...edit('three'),
      ...edit('one'),
      ...edit('two'),
    ]);
    expect(findRepetition(events)).toBeNull();
  });

  it('is broken by a failure in between', () => {
    const events = stored([
      task,
      ...edit('one'),
      ...edit('two'),
      ...edit('one'),
      ...read('/x', { error: 'execution' }),
      ...edit('one'),
      ...edit('two'),
    ]);
    expect(findRepetition(events)).toBeNull();
  });

  it('is not a poll with a remark between polls while the output grows', () => {
    const poll = (stdout: string) =>
      step('shell', 'shell.view', { arguments: '{"action":"view"}', meta: { stdout } });
    const events = stored([
      task,
      ...poll('a'),
      ...info('Still building'),
      ...poll('ab'),
      ...info('Still building'),
      ...poll('abc'),
      ...info('Still building'),
    ]);
    expect(findRepetition(events)).toBeNull();
  });
});

describe('what the runtime does about it', () => {
  it('first notes it for the model, then asks the person if it goes on; the person speaking starts afresh', () => {
    const three = [task, ...repeated(3, () => info('Hi'))];
    const first = repetitionResponse(stored(three));
    expect(first?.type).toBe('note');
    const notice = first?.type === 'note' ? first.notice : null;
    expect(notice).toMatchObject({ type: 'notice', kind: 'repetition', forModel: true });
    expect(JSON.stringify(notice)).toContain('You made the same call 3 times in a row (`message.info`');
    expect(JSON.stringify(notice)).toMatch(/Change your approach.*finish the task.*ask the user/);

    // The log alone decides: after the note, the next step that still repeats brings the question.
    const afterNote = [...three, notice!];
    expect(repetitionResponse(stored(afterNote))).toBeNull();
    const again = repetitionResponse(stored([...afterNote, ...info('Hi')]));
    expect(again?.type).toBe('ask');
    expect(again?.type === 'ask' ? again.question : '').toContain('I made the same call 4 times in a row');

    // A change of approach after the note: nothing, until something repeats again.
    expect(repetitionResponse(stored([...afterNote, ...read('/a')]))).toBeNull();

    // A reply (Continue, or words) is the person speaking: a new repeat gets a note first.
    const reply: EventBody = { type: 'user_reply', askUuid: 'q', text: 'Confirm' };
    const afterReply = [...afterNote, ...info('Hi'), reply, ...repeated(3, () => info('Hi'))];
    expect(repetitionResponse(stored(afterReply))?.type).toBe('note');
  });

  it('asks in words that say what was repeated and offer Continue, Stop or a reply', () => {
    const found = findRepetition(stored([task, ...repeated(4, () => info('Hi'))]))!;
    const question = repetitionQuestion(found);
    expect(question).toContain('I made the same call 4 times in a row (`message.info`');
    expect(question).toContain('**Continue**');
    expect(question).toContain('**Stop**');
    expect(question).toContain('tell me what to do differently');
  });

  it('quotes long or odd arguments short and without breaking the markdown', () => {
    const text = `Run \`ls\` then ${'x'.repeat(200)}`;
    const found = findRepetition(stored([task, ...repeated(3, () => info(text))]))!;
    expect(found.description).toContain("Run 'ls' then xxx");
    expect(found.description).toMatch(/x…`\)$/);
  });
});
