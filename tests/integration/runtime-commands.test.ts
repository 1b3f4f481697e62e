import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const ask = (text = 'SQLite or PostgreSQL?') => call('message', { type: 'ask', text });
const finish = (text = 'Done.') => call('message', { type: 'result', text });
const userMessages = async (id: string) =>
  (await harness.events(id)).flatMap(({ body }) => (body.type === 'user_message' ? [body.text] : []));

describe('runtime commands', () => {
  it('never drops a message sent while the run is ending: it starts the next run', async () => {
    harness.server.setScript([acknowledge(), planNotes(), { ...finish(), delayMs: 400 }]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(3);
    harness.server.push(acknowledge('Adding dark mode.'), planNotes(), finish('Dark mode added.'));
    await harness.runtime.sendMessage(id, 'Also add dark mode please');
    await expect.poll(() => harness.server.requests.length, { timeout: 5_000 }).toBe(6);
    await harness.runtime.idle(id);
    expect(await userMessages(id)).toEqual([NOTES_TASK, 'Also add dark mode please']);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('a message sent while the run is working reaches the model between steps', async () => {
    harness.server.setScript([
      acknowledge(),
      { ...planNotes(), delayMs: 300 },
      acknowledge('Noted.'),
      planNotes(),
      finish(),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(2);
    await harness.runtime.sendMessage(id, 'Use SQLite');
    await harness.runtime.idle(id);
    expect(await userMessages(id)).toEqual([NOTES_TASK, 'Use SQLite']);
    expect(JSON.stringify(messagesOf(harness.server.requests[2]).at(-1))).toContain('Use SQLite');
    // A new message re-forces the acknowledgment.
    expect((harness.server.requests[2]?.body as { tool_choice?: unknown } | undefined)?.tool_choice).toEqual({
      type: 'function',
      function: { name: 'message' },
    });
  });

  it('a message sent while a question is open answers it', async () => {
    harness.server.setScript([acknowledge(), planNotes(), ask()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    harness.server.push(finish());
    await harness.runtime.sendMessage(id, 'SQLite');
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.some(({ body }) => body.type === 'user_reply' && body.text === 'SQLite')).toBe(true);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('accepts one of two simultaneous replies and refuses the other clearly', async () => {
    harness.server.setScript([acknowledge(), planNotes(), ask(), finish()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).at(-1)!;
    const results = await Promise.allSettled([
      harness.runtime.replyToAsk(id, question.uuid, 'SQLite'),
      harness.runtime.replyToAsk(id, question.uuid, 'PostgreSQL'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/still working|already been answered/);
    await harness.runtime.idle(id);
  });

  it('closes an action left running by a crash before the next user message', async () => {
    let failNextRunningPublish = true;
    const runtime = harness.openTab({
      publish: (message) => {
        if (
          failNextRunningPublish &&
          message.type === 'event' &&
          message.event.body.type === 'envelope' &&
          message.event.body.envelope.meta.tool === 'shell'
        ) {
          failNextRunningPublish = false;
          throw new Error('broadcast failed');
        }
      },
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'ls' }),
    ]);
    const id = await runtime.startConversation(NOTES_TASK);
    await runtime.idle(id);
    expect((await runtime.readConversation(id))?.conversation.status).toBe('error');
    harness.server.push(acknowledge('Trying again.'), planNotes(), finish());
    await runtime.sendMessage(id, 'try again');
    await runtime.idle(id);
    const shell = (await harness.completions(id)).find((envelope) => envelope.meta.tool === 'shell');
    expect(shell?.meta.error?.kind).toBe('cancelled');
    expect((await runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('recovers when another writer took the next sequence numbers', async () => {
    harness.server.setScript([acknowledge(), planNotes(), ask()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).at(-1)!;
    // A second tab's runtime answers; the first tab's cached counter is now stale.
    harness.server.push(ask('Which port?'));
    const otherTab = harness.reload();
    await otherTab.replyToAsk(id, question.uuid, 'SQLite');
    await otherTab.idle(id);
    const second = (await harness.completions(id)).at(-1)!;
    harness.server.push(finish());
    const seqsBefore = (await harness.events(id)).length;
    const firstTab = harness.openTab();
    await firstTab.replyToAsk(id, second.uuid, '3000');
    await firstTab.idle(id);
    expect((await harness.events(id)).length).toBeGreaterThan(seqsBefore);
    expect((await firstTab.readConversation(id))?.conversation.status).toBe('done');
  });

  it('refuses a forced first step that is not an acknowledgment, and the model corrects it', async () => {
    harness.server.setScript([finish('Here is your app!'), acknowledge(), planNotes(), finish()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const first = (await harness.completions(id))[0]!;
    expect(first).toMatchObject({
      status: 'error',
      meta: { action_type: 'message.result', error: { kind: 'validation' } },
    });
    expect(first.content).toMatch(/must be `message` with type `info`/);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('tells the model when it answered without a tool call', async () => {
    harness.server.setScript([acknowledge(), planNotes(), { text: 'I think we are done.' }, finish()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const fourth = JSON.stringify(messagesOf(harness.server.requests[3]).slice(-2));
    expect(fourth).toContain('I think we are done.');
    expect(fourth).toContain('had no tool call');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });
});
