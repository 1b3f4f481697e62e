import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/protocol/envelope.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
import { CANCEL_REPLY, CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness, lastQuestion } from './harness.ts';

/**
 * A model that repeats itself (issue 23): scripted identical calls, each one succeeding,
 * get a note to the model, then the runtime's question to the person; Continue goes on,
 * Stop stops, and a typed reply reaches the model. Through the real runtime, the real
 * `openai` client and the scripted server.
 */
let harness: Harness;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const same = () => call('message', { type: 'info', text: 'Still working on it.' });
const finish = (text = 'Done.') => call('message', { type: 'result', text });
const repeat = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

const notices = (events: readonly StoredEvent[], kind: string) =>
  events.flatMap(({ body }) => (body.type === 'notice' && body.kind === kind ? [body.text] : []));

/** The last message of the last request the model got, as JSON text. */
const lastSent = () => JSON.stringify(messagesOf(harness.server.requests.at(-1)).at(-1));

/** Runs a Manus task whose model sends the same update four times: the note after three, the question after four. */
async function startRepeating(): Promise<{ id: string; question: Envelope }> {
  harness = await createHarness();
  harness.server.setScript([acknowledge(), planNotes(), ...repeat(4, same)]);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  const events = await harness.events(id);
  return { id, question: lastQuestion(events) };
}

describe('the same call again and again', () => {
  it('gets a note the model reads after the third, then a question to the person after the fourth', async () => {
    const { id, question } = await startRepeating();
    const events = await harness.events(id);

    const [note, ...more] = notices(events, 'repetition');
    expect(more).toEqual([]);
    expect(note).toMatch(/^You made the same call 3 times in a row \(`message.info` with the same arguments/);
    expect(note).toContain('Still working on it.');
    // The note came right after the third repeat, and the model read it before its next step.
    const fifth = JSON.stringify(messagesOf(harness.server.requests[5]).at(-1));
    expect(fifth).toContain('[runtime] You made the same call 3 times in a row');
    expect(harness.server.requests).toHaveLength(6);

    expect(question.meta).toMatchObject({
      action_type: 'message.ask',
      runtime_reason: 'repetition',
      suggested_action: 'confirm',
    });
    expect(question.content).toContain('I made the same call 4 times in a row (`message.info`');
    expect(question.content).toMatch(/\*\*Continue\*\*.*\*\*Stop\*\*.*tell me what to do differently/s);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');
  });

  it('goes on after Continue (after a reload too), and the count starts afresh', async () => {
    const { id, question } = await startRepeating();
    const runtime = harness.reload();
    // Two more of the same after Continue: not yet a repeat of three since the person spoke.
    harness.server.push(same(), same(), finish());
    await runtime.replyToAsk(id, question.uuid, CONFIRM_REPLY);
    await runtime.idle(id);

    expect((await runtime.readConversation(id))?.conversation.status).toBe('done');
    const events = await harness.events(id);
    expect(notices(events, 'repetition')).toHaveLength(1);
    const afterContinue = JSON.stringify(messagesOf(harness.server.requests[6]).at(-1));
    expect(afterContinue).toContain('The runtime paused the task and asked the user');
    expect(afterContinue).toContain(`The user replied: \\"${CONFIRM_REPLY}\\"`);
  });

  it('after Continue, a new run of repeats gets a note first, and only then a question', async () => {
    const { id, question } = await startRepeating();
    harness.server.push(...repeat(4, same));
    await harness.runtime.replyToAsk(id, question.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(notices(events, 'repetition')).toHaveLength(2);
    const second = lastQuestion(events);
    expect(second.uuid).not.toBe(question.uuid);
    expect(second.meta.runtime_reason).toBe('repetition');
    expect(harness.server.requests).toHaveLength(10);
  });

  it('stops for good on Stop, recorded as a stop: no reply the person did not write, and the model told so', async () => {
    const { id, question } = await startRepeating();
    // The card's Stop stops the run at its question, as the composer's Stop does.
    await harness.runtime.stop(id);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({
      type: 'notice',
      kind: 'stopped',
      text: 'Stopped: the agent was repeating itself.',
    });
    expect(events.some(({ body }) => body.type === 'user_reply')).toBe(false);
    const closed = (await harness.completions(id)).find(
      (envelope) => envelope.uuid === question.uuid && envelope.status !== 'asking',
    );
    expect(closed).toMatchObject({
      status: 'error',
      meta: { error: { kind: 'cancelled', message: 'The user stopped the task.' } },
    });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
    expect(harness.server.requests).toHaveLength(6);

    // The next message: the model reads that the person stopped at the question, not a reply.
    harness.server.push(acknowledge('Picking it back up.'), finish());
    await harness.runtime.sendMessage(id, 'Go on, but differently.');
    await harness.runtime.idle(id);
    const read = JSON.stringify(messagesOf(harness.server.requests[6]));
    expect(read).toContain(
      'The runtime paused the task and asked the user: \\"I seem to be repeating myself',
    );
    expect(read).toContain('The user stopped the task.');
    expect(read).not.toContain('Cancel');
  });

  it('still stops on a typed “Cancel” (logs made when the Stop button sent it)', async () => {
    const { id, question } = await startRepeating();
    await harness.runtime.replyToAsk(id, question.uuid, CANCEL_REPLY);
    await harness.runtime.idle(id);
    expect((await harness.events(id)).at(-1)?.body).toMatchObject({
      type: 'notice',
      kind: 'stopped',
      text: 'Stopped: the agent was repeating itself.',
    });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
  });

  it('passes a typed reply to the model, which can change its approach', async () => {
    const { id, question } = await startRepeating();
    harness.server.push(finish('Stopped repeating: here is what I have.'));
    await harness.runtime.replyToAsk(id, question.uuid, 'Stop posting updates and give me what you have.');
    await harness.runtime.idle(id);
    expect(lastSent()).toContain('Stop posting updates and give me what you have.');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('leaves alone a run that varies its calls (plan advances, different updates)', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
      call('message', { type: 'info', text: 'Setting up.' }),
      call('plan', { action: 'advance', current_phase_id: 2, next_phase_id: 3 }),
      call('message', { type: 'info', text: 'Writing the API.' }),
      call('plan', { action: 'advance', current_phase_id: 3, next_phase_id: 4 }),
      call('message', { type: 'info', text: 'Writing the UI.' }),
      finish(),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect(notices(await harness.events(id), 'repetition')).toEqual([]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });
});

describe('an A-B-A-B cycle', () => {
  it('is noted after six steps and asked about after the seventh', async () => {
    harness = await createHarness();
    const write = (text: string) => call('file', { action: 'write', path: '/home/ubuntu/notes.md', text });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      ...repeat(3, () => [write('# Notes\n'), write('# Notes\n- one\n')]).flat(),
      write('# Notes\n'),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    const [note] = notices(events, 'repetition');
    expect(note).toMatch(/^You went back and forth between the same two calls 3 times \(`file.write`/);
    const noteSeq = events.find(({ body }) => body.type === 'notice' && body.kind === 'repetition')?.seq;
    // Six writes came before the note, one after it.
    const writesBefore = events.filter(
      ({ seq, body }) => seq < noteSeq! && body.type === 'envelope' && body.envelope.status === 'success',
    );
    expect(
      writesBefore.filter(({ body }) => body.type === 'envelope' && body.envelope.meta.tool === 'file'),
    ).toHaveLength(6);
    const question = lastQuestion(events);
    expect(question.meta.runtime_reason).toBe('repetition');
    expect(question.content).toContain('I went back and forth between the same two calls 3 times');
    expect(harness.server.requests).toHaveLength(9);

    harness.server.push(finish());
    await harness.runtime.replyToAsk(id, question.uuid, 'Keep the version with "- one" and finish.');
    await harness.runtime.idle(id);
    expect(lastSent()).toContain('Keep the version with');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });
});

describe('in the other profiles', () => {
  it("muxd: the question is muxd's own ask, and a text answer still ends the run", async () => {
    harness = await createHarness();
    harness.server.setScript(repeat(4, () => call('todo_read', {})));
    const id = await harness.runtime.startConversation('List my todos', { profileId: 'muxd' });
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(notices(events, 'repetition')).toHaveLength(1);
    const question = lastQuestion(events);
    expect(question.meta).toMatchObject({ action_type: 'ask_user', runtime_reason: 'repetition' });
    expect(question.content).toContain('I made the same call 4 times in a row (`todo_read`');

    harness.server.push({ text: 'Your todo list is empty.' });
    await harness.runtime.replyToAsk(id, question.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    expect(notices(await harness.events(id), 'reply')).toEqual(['Your todo list is empty.']);
  });

  it('OpenManus: three silent commands are three different steps, not a repetition', async () => {
    harness = await createHarness();
    harness.server.setScript([
      call('bash', { command: 'mkdir -p site' }),
      call('bash', { command: 'mkdir -p site/css' }),
      call('bash', { command: 'mkdir -p site/js' }),
      call('terminate', { status: 'success' }),
    ]);
    const id = await harness.runtime.startConversation('Make the folders of a site', {
      profileId: 'openmanus',
    });
    await harness.runtime.idle(id);
    expect(notices(await harness.events(id), 'repetition')).toEqual([]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });
});
