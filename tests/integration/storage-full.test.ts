import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
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
    // IndexedDB refuses new events once the quota is reached: here, right after the plan's.
    harness.database.events.hook('creating', (_key, row) => {
      if (isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      const { body } = row as StoredEvent;
      if (body.type === 'envelope' && body.envelope.meta.action_type === 'plan.update') {
        isFull = body.envelope.status !== 'running';
      }
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'echo hi' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
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

  it('never shows a step whose write failed, though the next request left before its commit', async () => {
    harness = await createHarness();
    // The step's events are refused; the next model request may already be on its way.
    harness.database.events.hook('creating', (_key, row) => {
      const { body } = row as StoredEvent;
      if (body.type === 'envelope' && body.envelope.content.includes('Halfway there')) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'info', text: 'Halfway there.' }),
      call('message', { type: 'info', text: 'Nearly done.' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);

    expect(harness.published.find((message) => message.type === 'alert')).toMatchObject({
      kind: 'storage_full',
    });
    const shown = harness.published.flatMap((message) =>
      message.type === 'event' && message.event.body.type === 'envelope'
        ? [message.event.body.envelope.content]
        : [],
    );
    expect(shown.join('\n')).not.toMatch(/Halfway there|Nearly done/);
    const stored = (await harness.events(id)).map((event) =>
      event.body.type === 'envelope' ? event.body.envelope.content : event.body.type,
    );
    expect(stored.join('\n')).not.toMatch(/Halfway there|Nearly done/);
    expect(stored).toContain('assistant_turn');
    expect(harness.server.requests.length).toBeLessThanOrEqual(4);
  });

  it('stops the run when a tool’s workspace save meets a full storage, keeps the saved files, and goes on once space is freed', async () => {
    harness = await createHarness();
    let isFull = false;
    // The disk fills between two shell steps: the second step's files are refused.
    harness.database.files.hook('creating', () => {
      if (isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    harness.database.files.hook('updating', () => {
      if (isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'echo first > first.txt' }),
      call('shell', {
        action: 'exec',
        session: 'main',
        command: 'echo second > second.txt && echo changed > first.txt',
      }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    harness.database.events.hook('creating', (_key, row) => {
      const { body } = row as StoredEvent;
      // Full from the moment the second command runs.
      if (
        body.type === 'envelope' &&
        body.envelope.status === 'running' &&
        body.envelope.content.includes('second')
      )
        isFull = true;
    });
    await harness.runtime.idle(id);

    expect(harness.published.find((message) => message.type === 'alert')).toMatchObject({
      kind: 'storage_full',
      text: expect.stringMatching(/^Storage is full/),
    });
    const conversation = (await harness.runtime.readConversation(id))?.conversation;
    expect(conversation?.status).toBe('error');
    const completions = await harness.completions(id);
    const second = completions.find((envelope) => envelope.content.includes('storage is full'));
    expect(second).toMatchObject({ status: 'error', content: 'Not saved: storage is full.' });
    // The model was not asked to fix the disk: no request after the failed step.
    expect(harness.server.requests).toHaveLength(4);
    const files = await harness.database.files
      .where('[conversationId+path]')
      .between([id, ''], [id, '\uffff'])
      .toArray();
    const text = (path: string) => {
      const row = files.find((file) => (file as { path: string }).path === path) as
        | { content?: Uint8Array }
        | undefined;
      return row?.content ? new TextDecoder().decode(row.content) : null;
    };
    expect(text('first.txt')).toBe('first\n');
    expect(text('second.txt')).toBeNull();

    // Space freed: a message goes on, and the next step saves.
    isFull = false;
    harness.server.push(
      acknowledge('Going on now that there is space.'),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'echo third > third.txt' }),
      call('message', { type: 'result', text: 'Done after all.' }),
    );
    await harness.runtime.sendMessage(id, 'Space is free now, go on.');
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('takes a write IndexedDB aborted without a reason for a full storage when the device has no space left, and words it plainly when it has', async () => {
    const alertWith = async (hasSpace: boolean) => {
      const probes: number[] = [];
      harness = await createHarness(
        {},
        {},
        {
          hasSpace: async (bytes) => {
            probes.push(bytes);
            return hasSpace;
          },
        },
      );
      let isBroken = false;
      // Chromium's words for a commit the disk refused (tests/bench/full-disk): an abort, no reason.
      harness.database.events.hook('creating', (_key, row) => {
        if (isBroken)
          throw new DOMException(
            'The transaction was aborted, so the request cannot be fulfilled.',
            'AbortError',
          );
        const { body } = row as StoredEvent;
        isBroken = body.type === 'envelope' && body.envelope.meta.action_type === 'plan.update';
      });
      harness.server.setScript([
        acknowledge(),
        planNotes(),
        call('message', { type: 'result', text: 'Done.' }),
      ]);
      const id = await harness.runtime.startConversation(NOTES_TASK);
      await harness.runtime.idle(id);
      const alerts = harness.published.filter((message) => message.type === 'alert');
      await harness.close();
      return { alerts, probes };
    };
    const full = await alertWith(false);
    expect(full.alerts).toEqual([
      expect.objectContaining({ kind: 'storage_full', text: expect.stringMatching(/^Storage is full/) }),
    ]);
    expect(full.probes.length).toBeGreaterThan(0);
    const notFull = await alertWith(true);
    expect(notFull.alerts).toEqual([
      expect.objectContaining({
        kind: 'storage_failed',
        text: 'Saving failed: The transaction was aborted, so the request cannot be fulfilled. Everything saved before it is intact.',
      }),
    ]);
    harness = await createHarness();
  });
});
