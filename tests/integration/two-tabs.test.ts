import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { SharedTabLocks } from '../fixtures/tab-locks.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

describe('two tabs on one conversation', () => {
  it('runs the loop in one tab only, and the other takes over when the first is closed', async () => {
    harness = await createHarness();
    const locks = new SharedTabLocks();
    const tabA = locks.openTab();
    const tabB = locks.openTab();
    let requestsFromA = 0;
    // Tab A's model request never comes back: the tab is frozen, then closed.
    const runtimeA = harness.openTab({
      locks: tabA,
      createProvider: () => ({
        respond: () => {
          requestsFromA += 1;
          return new Promise(() => undefined);
        },
      }),
    });
    const runtimeB = harness.openTab({ locks: tabB });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'Done here.' }),
    ]);

    const id = await runtimeA.startConversation(NOTES_TASK);
    await expect.poll(() => requestsFromA).toBe(1);
    const takeover = runtimeB.followRun(id);
    await expect(runtimeB.sendMessage(id, 'hello from B')).rejects.toThrow(/running in another tab/);
    expect(harness.server.requests).toHaveLength(0);

    tabA.close();
    await takeover;
    const snapshot = await runtimeB.readConversation(id);
    expect(snapshot?.conversation.status).toBe('done');
    expect(snapshot?.events.map((event) => event.body.type === 'notice' && event.body.text)).toContain(
      'The tab running this task was closed; continuing here.',
    );
    expect(harness.server.requests).toHaveLength(3);
    expect(requestsFromA).toBe(1);
  });

  it('does not take over a run that ended normally', async () => {
    harness = await createHarness();
    const locks = new SharedTabLocks();
    const runtimeA = harness.openTab({ locks: locks.openTab() });
    const runtimeB = harness.openTab({
      locks: locks.openTab(),
      createProvider: () => {
        throw new Error('tab B must not run the loop');
      },
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await runtimeA.startConversation(NOTES_TASK);
    const following = runtimeB.followRun(id);
    await runtimeA.idle(id);
    await following;
    expect((await runtimeB.readConversation(id))?.conversation.status).toBe('done');
    expect(harness.server.requests).toHaveLength(3);
  });
});
