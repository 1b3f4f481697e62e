import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

describe('a full storage', () => {
  it('leaves what was saved whole and tells the open tabs what to free', async () => {
    harness = await createHarness();
    let isFull = false;
    // IndexedDB refuses new events once the quota is reached.
    harness.database.events.hook('creating', () => {
      if (isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'echo hi' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const planned = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (harness.published.some((message) => message.type === 'plan')) {
          isFull = true;
          clearInterval(check);
          resolve();
        }
      }, 1);
    });
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await planned;
    await harness.runtime.idle(id);

    const alert = harness.published.find((message) => message.type === 'alert');
    expect(alert).toMatchObject({
      type: 'alert',
      conversationId: id,
      kind: 'storage_full',
      text: expect.stringMatching(/Storage is full.*Settings → Storage/),
    });
    // Everything up to the failed write is intact: the task, the acknowledgement and the plan.
    const events = await harness.events(id);
    const kinds = events.map((event) =>
      event.body.type === 'envelope' ? event.body.envelope.meta.action_type : event.body.type,
    );
    expect(kinds).toContain('plan.update');
    expect(kinds).not.toContain('shell.exec');
    expect(harness.server.requests.length).toBeLessThanOrEqual(3);
  });
});
