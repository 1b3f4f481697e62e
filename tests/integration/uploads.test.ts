import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadFile } from '../../src/shared/protocol/uploads.ts';
import type { AgentWorkerApi } from '../../src/shared/protocol/worker-api.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
let api: Comlink.Remote<AgentWorkerApi>;
let ports: MessageChannel;

beforeEach(async () => {
  harness = await createHarness({ workspaceLimitBytes: 4096 });
  ports = new MessageChannel();
  // The worker API as the page reaches it: everything crosses a structured-clone boundary.
  Comlink.expose(harness.runtime, ports.port1 as unknown as Comlink.Endpoint);
  api = Comlink.wrap<AgentWorkerApi>(ports.port2 as unknown as Comlink.Endpoint);
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  ports.port1.close();
  ports.port2.close();
  await harness.close();
});

const bytesOf = (text: string) => new TextEncoder().encode(text);
const upload = (path: string, text: string, type = 'text/plain'): UploadFile => ({
  path,
  type,
  bytes: bytesOf(text),
});
const finish = () => call('message', { type: 'result', text: 'Done.' });
const workspace = () => new WorkspaceRepository(harness.database);
const texts = async (id: string) =>
  Object.fromEntries(
    (await workspace().list(id))
      .filter((file) => file.kind === 'file')
      .map((file) => [file.path, new TextDecoder().decode(file.content)]),
  );
const userMessages = async (id: string) =>
  (await harness.events(id)).flatMap(({ body }) => (body.type === 'user_message' ? [body] : []));

describe('files sent with a message', () => {
  it('land in the workspace with the first message, and the model reads their listing', async () => {
    harness.server.setScript([acknowledge('Reading them.'), finish()]);
    const csv = upload('data.csv', 'a,b\n1,2\n', 'text/csv');
    const id = await api.startConversation(
      'Sum column b',
      Comlink.transfer({ upload: { files: [csv, upload('notes/readme.md', '# Hi', '')] } }, [
        csv.bytes.buffer,
      ]),
    );
    await harness.runtime.idle(id);

    expect(await texts(id)).toEqual({ 'uploads/data.csv': 'a,b\n1,2\n', 'uploads/notes/readme.md': '# Hi' });
    const [message] = await userMessages(id);
    expect(message).toEqual({
      type: 'user_message',
      text: 'Sum column b',
      attachments: [
        { path: 'uploads/data.csv', mimeType: 'text/csv', size: 8 },
        { path: 'uploads/notes/readme.md', mimeType: 'text/markdown', size: 4 },
      ],
    });
    const firstUser = messagesOf(harness.server.requests[0]).find(
      (entry) => (entry as { role: string }).role === 'user',
    );
    expect(firstUser).toEqual({
      role: 'user',
      content:
        'Sum column b\n\n[attached files: saved in the workspace]\n- /home/ubuntu/uploads/data.csv (text/csv, 8 bytes)\n- /home/ubuntu/uploads/notes/readme.md (text/markdown, 4 bytes)\n[end of attached files]',
    });
  });

  it('gives a follow-up file a new name beside an older one, and the open sandbox sees it', async () => {
    const ls = call('shell', { session: 'main', action: 'exec', command: 'ls uploads' });
    harness.server.setScript([acknowledge(), planNotes(), ls, finish()]);
    const id = await api.startConversation('Keep this', { upload: { files: [upload('a.txt', 'first')] } });
    await harness.runtime.idle(id);

    harness.server.setScript([
      acknowledge('Looking at it.'),
      planNotes(),
      call('shell', { session: 'main', action: 'exec', command: 'cat "uploads/a (2).txt"' }),
      finish(),
    ]);
    await api.sendMessage(id, '', { files: [upload('a.txt', 'second')] });
    await harness.runtime.idle(id);

    expect(await texts(id)).toEqual({ 'uploads/a.txt': 'first', 'uploads/a (2).txt': 'second' });
    const shells = (await harness.completions(id)).filter((envelope) => envelope.meta.tool === 'shell');
    expect(shells.map((envelope) => envelope.meta.stdout)).toEqual(['a.txt\n', 'second']);
    expect((await userMessages(id)).at(-1)).toMatchObject({
      text: '',
      attachments: [{ path: 'uploads/a (2).txt' }],
    });
  });

  it('refuses the whole send past the workspace limit, with the reason, writing nothing', async () => {
    harness.server.setScript([finish()]);
    const id = await api.startConversation('Start', {
      upload: { files: [upload('small.txt', 'x'.repeat(3000))] },
    });
    await harness.runtime.idle(id);
    const eventsBefore = (await harness.events(id)).length;

    const refused = api.sendMessage(id, 'More', {
      files: [upload('one.txt', 'y'.repeat(600)), upload('two.txt', 'z'.repeat(600))],
    });
    await expect(refused).rejects.toThrow(/do not fit in the workspace.*nothing was sent/);
    expect(Object.keys(await texts(id))).toEqual(['uploads/small.txt']);
    expect(await harness.events(id)).toHaveLength(eventsBefore);
    await expect(
      api.startConversation('Huge', { upload: { files: [upload('big.txt', 'q'.repeat(5000))] } }),
    ).rejects.toThrow(/do not fit/);
    expect(await api.listConversations()).toHaveLength(1);
  });

  it('writes the message and its files in one transaction: a failed message leaves neither', async () => {
    harness.server.setScript([finish()]);
    const id = await api.startConversation('Start');
    await harness.runtime.idle(id);
    const eventsBefore = (await harness.events(id)).length;
    // Fails the transaction at the message's own write, after the files were put in it.
    const failMessage = (_key: unknown, row: { body?: { type?: string; text?: string } }) => {
      if (row.body?.type === 'user_message' && row.body.text === 'boom') throw new Error('disk on fire');
    };
    harness.database.events.hook('creating', failMessage);

    await expect(api.sendMessage(id, 'boom', { files: [upload('lost.txt', 'never')] })).rejects.toThrow(
      /disk on fire/,
    );
    expect(await workspace().paths(id)).toEqual([]);
    expect(await harness.events(id)).toHaveLength(eventsBefore);

    harness.database.events.hook('creating').unsubscribe(failMessage);
    harness.server.setScript([finish()]);
    await api.sendMessage(id, 'again', { files: [upload('kept.txt', 'yes')] });
    await harness.runtime.idle(id);
    expect(await texts(id)).toEqual({ 'uploads/kept.txt': 'yes' });
  });

  it('refuses files that are not bytes or climb out of their folder, at the edge', async () => {
    await expect(
      api.startConversation('x', {
        upload: { files: [{ path: 'a.txt', type: '', bytes: [1, 2] as never }] },
      }),
    ).rejects.toThrow(/not understood/);
    await expect(
      api.startConversation('x', { upload: { files: [upload('../escape.txt', 'x')] } }),
    ).rejects.toThrow(/leaves its folder/);
    expect(await api.listConversations()).toEqual([]);
  });
});
