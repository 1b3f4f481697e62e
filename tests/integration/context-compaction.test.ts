import { afterEach, describe, expect, it } from 'vitest';
import { fullObservation, observationPath } from '../../src/agent-worker/engine/context/observation.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, COMPACTION_NOTE_MARK, createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const finish = () => call('message', { type: 'result', text: 'Done.' });
/** A shell step printing about `kilobytes` KB. */
const bigOutput = (step: number, kilobytes: number) =>
  call('shell', {
    action: 'exec',
    session: 'main',
    command: `for i in $(seq 1 ${kilobytes * 16}); do echo "step ${step} line $i padding padding padding padding"; done`,
  });

async function readSaved(conversationId: string, absolute: string): Promise<string | null> {
  const row = await new WorkspaceRepository(harness.database).read(
    conversationId,
    absolute.replace('/home/ubuntu/', ''),
  );
  return row ? new TextDecoder().decode(row.content) : null;
}

describe('restorable compression of the context', () => {
  it('saves an oversized observation whole and shows the model an excerpt with its path', async () => {
    harness = await createHarness();
    const big = 'x'.repeat(15_000);
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/a.txt', text: `${big}\nMIDDLE\n${big}\n` }),
      call('file', { action: 'read', path: '/home/ubuntu/a.txt' }),
      finish(),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const read = (await harness.completions(id)).find(
      (envelope) => envelope.meta.action_type === 'file.read',
    );
    const observation = JSON.stringify(messagesOf(harness.server.requests[4]).at(-1));
    expect(observation).toContain(observationPath(read!.uuid));
    expect(observation).not.toContain('MIDDLE');
    // The whole observation is in the workspace, restorable with file.read.
    expect(await readSaved(id, observationPath(read!.uuid))).toBe(fullObservation(read!));
  });

  it('compacts older bulky observations near the window, saving each first, and then extends again', async () => {
    harness = await createHarness({}, { contextWindowTokens: 24_000 });
    const steps = Array.from({ length: 16 }, (_, index) => bigOutput(index, 4));
    harness.server.setScript([acknowledge(), planNotes(), ...steps, finish()]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);

    const events = await harness.events(id);
    const compactions = events.filter((event) => event.body.type === 'compaction');
    expect(compactions.length).toBeGreaterThan(0);
    const requestSizes = harness.server.requests.map((request) => JSON.stringify(messagesOf(request)).length);
    // Never past the window (about 3.5 characters a token), and smaller right after a compaction.
    expect(Math.max(...requestSizes)).toBeLessThan(24_000 * 3.5);
    const compactedAt = harness.server.requests.findIndex((request) =>
      JSON.stringify(messagesOf(request).at(-1)).includes(COMPACTION_NOTE_MARK),
    );
    expect(requestSizes[compactedAt]!).toBeLessThan(requestSizes[compactedAt - 1]!);

    // Every observation shown as an excerpt names a file that holds it whole.
    const shells = (await harness.completions(id)).filter((envelope) => envelope.meta.tool === 'shell');
    const lastRequest = JSON.stringify(messagesOf(harness.server.requests.at(-1)));
    const excerpted = shells.filter((envelope) => lastRequest.includes(observationPath(envelope.uuid)));
    expect(excerpted.length).toBeGreaterThan(0);
    for (const envelope of excerpted) {
      expect(await readSaved(id, observationPath(envelope.uuid))).toBe(fullObservation(envelope));
    }
    // The most recent observation is still whole in the last request.
    expect(lastRequest).toContain('step 15 line 64 padding');
  });

  it('writes the missing file of an excerpted observation recorded before excerpts existed', async () => {
    harness = await createHarness();
    const big = 'y'.repeat(20_000);
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    // An old build recorded a 20 KB observation and saved no file for it.
    const events = await harness.events(id);
    const last = events.at(-1)!.seq;
    await harness.database.events.bulkAdd([
      {
        conversationId: id,
        seq: last + 1,
        at: 1,
        body: {
          type: 'assistant_turn',
          text: '',
          toolCalls: [{ id: 'old_call', name: 'shell', arguments: '{}' }],
          usage: null,
          model: 'm',
        },
      },
      {
        conversationId: id,
        seq: last + 2,
        at: 1,
        body: {
          type: 'envelope',
          toolCallId: 'old_call',
          envelope: {
            uuid: 'old-envelope',
            status: 'success',
            content: 'Exited with code 0 in session main.',
            meta: {
              action_type: 'shell.exec',
              tool: 'shell',
              session: 'main',
              exit_code: 0,
              stdout: big,
              stderr: '',
            },
          },
        },
      },
    ]);
    const reloaded = harness.reload();
    harness.server.push(acknowledge(), planNotes(), call('message', { type: 'result', text: 'Again.' }));
    await reloaded.sendMessage(id, 'Once more');
    await reloaded.idle(id);
    const saved = await readSaved(id, observationPath('old-envelope'));
    expect(saved).toContain(big);
  });

  it('never cuts the person’s long answer to a question', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'ask', text: 'Paste the log, please.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).at(-1)!;
    // Under 16 KB it stays text, whole (over it, it would go as a file: tests/integration/long-messages.test.ts).
    const log = `START${'log line\n'.repeat(1_800)}END`;
    harness.server.push(call('message', { type: 'result', text: 'Thanks.' }));
    await harness.runtime.replyToAsk(id, question.uuid, log);
    await harness.runtime.idle(id);
    const observation = JSON.stringify(messagesOf(harness.server.requests.at(-1)).at(-1));
    expect(observation).toContain('END');
    expect(observation).not.toContain('characters cut');
  });
});
