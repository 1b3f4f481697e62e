import { afterEach, expect, it } from 'vitest';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { defineProfile } from '../../src/agent-worker/toolkit/profile.ts';
import { applyEvents, initialThreadState } from '../../src/page/state/thread/thread-reducer.ts';
import { notebookProfile } from '../fixtures/notebook-profile.ts';
import { call } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * A profile whose final answer is a reply without a tool call (muxd's way): the run ends
 * with it, done, and the thread shows it; the same reply under a profile that wants a
 * tool call is met with a reminder instead.
 */

let harness: Harness;
afterEach(async () => harness?.close());

const replying = defineProfile({
  ...notebookProfile,
  id: 'replying',
  openingSteps: [],
  endsOnTextReply: true,
});

it('ends the run on a reply without a tool call, and shows the reply', async () => {
  harness = await createHarness({}, {}, { profiles: [manusProfile, replying] });
  harness.server.setScript([call('jot', { line: 'Buy milk' }), { text: 'Done: **milk** is on the list.' }]);
  const id = await harness.runtime.startConversation('Keep a shopping list', { profileId: 'replying' });
  await harness.runtime.idle(id);
  const snapshot = await harness.runtime.readConversation(id);
  expect(snapshot?.conversation.status).toBe('done');
  const last = snapshot?.events.at(-1)?.body;
  expect(last).toEqual({
    type: 'notice',
    kind: 'reply',
    text: 'Done: **milk** is on the list.',
    forModel: false,
  });
  expect(harness.server.requests).toHaveLength(2);
  const thread = applyEvents(initialThreadState(id), snapshot?.events ?? []);
  expect(thread.items.at(-1)).toMatchObject({ kind: 'notice', noticeKind: 'reply' });
});

it('reminds a profile that wants a tool call instead of ending', async () => {
  harness = await createHarness({}, {}, { profiles: [manusProfile, notebookProfile] });
  harness.server.setScript([
    call('jot', { line: 'Buy milk' }),
    { text: 'All done.' },
    call('terminate', { status: 'success' }),
  ]);
  const id = await harness.runtime.startConversation('Keep a shopping list', { profileId: 'notebook' });
  await harness.runtime.idle(id);
  const snapshot = await harness.runtime.readConversation(id);
  expect(
    snapshot?.events.some((event) => event.body.type === 'notice' && event.body.kind === 'no_tool_call'),
  ).toBe(true);
  expect(snapshot?.events.some((event) => event.body.type === 'notice' && event.body.kind === 'reply')).toBe(
    false,
  );
});
