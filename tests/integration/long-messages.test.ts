import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { LONG_MESSAGE_WHILE_WORKING } from '../../src/agent-worker/runtime/uploads/long-message.ts';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { sampleBundleContents } from '../../src/shared/bundle/bundle-fixtures.ts';
import type { AgentWorkerApi } from '../../src/shared/protocol/worker-api.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
let ports: MessageChannel | null = null;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  ports?.port1.close();
  ports?.port2.close();
  ports = null;
  await harness.close();
});

/** The runtime as the page reaches it: everything crosses a structured-clone boundary. */
function workerApi(): Comlink.Remote<AgentWorkerApi> {
  ports = new MessageChannel();
  Comlink.expose(harness.runtime, ports.port1 as unknown as Comlink.Endpoint);
  return Comlink.wrap<AgentWorkerApi>(ports.port2 as unknown as Comlink.Endpoint);
}

const finish = () => call('message', { type: 'result', text: 'Done.' });
const ask = (question: string) => call('message', { type: 'ask', text: question });
/** 5 MB of log lines after a first line saying what to do with them. */
const LOG = `Find the errors in this log\n${Array.from({ length: 80_000 }, (_, index) => `${String(index).padStart(6, '0')} INFO request served in 12 ms from the cache`).join('\n')}`;

async function storedText(conversationId: string, path: string): Promise<string | undefined> {
  const files = await new WorkspaceRepository(harness.database).list(conversationId);
  const file = files.find((entry) => entry.path === path);
  return file ? new TextDecoder().decode(file.content) : undefined;
}
const userMessages = async (id: string) =>
  (await harness.events(id)).flatMap(({ body }) => (body.type === 'user_message' ? [body] : []));
const requestBytes = (index: number) => JSON.stringify(harness.server.requests[index]?.body).length;
const notices = async (id: string) =>
  (await harness.events(id)).flatMap(({ body }) =>
    body.type === 'notice' ? [`${body.kind}: ${body.text}`] : [],
  );

describe('a message too long to send as text', () => {
  it('goes as pasted-1.txt with its start kept, whole in the workspace, and the request stays small', async () => {
    harness = await createHarness();
    harness.server.setScript([acknowledge(), planNotes(), finish()]);
    expect(LOG.length).toBeGreaterThan(4_000_000);
    // Straight to the runtime: a 5 MB argument across Node's MessageChannel sometimes never got
    // comlink's answer back on a loaded machine (the run itself finished). The page's real
    // worker boundary is crossed in tests/e2e/big-paste.test.ts.
    const id = await harness.runtime.startConversation(LOG);
    await harness.runtime.idle(id);

    expect(await storedText(id, 'uploads/pasted-1.txt')).toBe(LOG);
    const [message] = await userMessages(id);
    expect(message?.text.startsWith('Find the errors in this log\n000000 INFO')).toBe(true);
    expect(message?.text.length).toBeLessThan(1_300);
    expect(message?.text).toContain(
      `[This message was too long to send as text (${new TextEncoder().encode(LOG).byteLength.toLocaleString('en-US')} bytes, 80,001 lines): the whole of it is saved as /home/ubuntu/uploads/pasted-1.txt, and the text above is its start.]`,
    );
    expect(message?.attachments).toEqual([
      {
        path: 'uploads/pasted-1.txt',
        mimeType: 'text/plain',
        size: new TextEncoder().encode(LOG).byteLength,
      },
    ]);
    expect((await harness.runtime.readConversation(id))?.conversation.title).toBe(
      'Find the errors in this log',
    );
    for (const index of [0, 1, 2]) expect(requestBytes(index)).toBeLessThan(64 * 1024);
    const firstUser = messagesOf(harness.server.requests[0]).find(
      (entry) => (entry as { role: string }).role === 'user',
    ) as { content: string };
    expect(firstUser.content).toContain('- /home/ubuntu/uploads/pasted-1.txt (text/plain, ');
  });

  it('numbers a later paste pasted-2.txt beside the first, in a follow-up and in a reply to a question', async () => {
    harness = await createHarness();
    const api = workerApi();
    harness.server.setScript([acknowledge(), planNotes(), ask('Which file?')]);
    const pasted = (text: string) => ({
      files: [{ path: 'pasted-1.txt', type: 'text/plain', bytes: new TextEncoder().encode(text) }],
    });
    const id = await api.startConversation('', { upload: pasted('first paste') });
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).find((envelope) => envelope.status === 'asking');
    harness.server.setScript([finish()]);
    await api.replyToAsk(id, question?.uuid ?? '', 'This one', pasted('second paste'));
    await harness.runtime.idle(id);
    harness.server.setScript([acknowledge(), planNotes(), finish()]);
    await api.sendMessage(id, `Also: ${'x'.repeat(20_000)}`);
    await harness.runtime.idle(id);

    expect(await storedText(id, 'uploads/pasted-1.txt')).toBe('first paste');
    expect(await storedText(id, 'uploads/pasted-2.txt')).toBe('second paste');
    expect(await storedText(id, 'uploads/pasted-3.txt')).toBe(`Also: ${'x'.repeat(20_000)}`);
    expect((await harness.runtime.readConversation(id))?.conversation.title).toBe('Files: pasted-1.txt');
    const reply = (await harness.events(id)).find(({ body }) => body.type === 'user_reply')?.body;
    expect(reply).toMatchObject({ text: 'This one', attachments: [{ path: 'uploads/pasted-2.txt' }] });
    // The model reads the reply, with its file, through the question's result.
    expect(JSON.stringify(messagesOf(harness.server.requests[0]))).toContain(
      '/home/ubuntu/uploads/pasted-2.txt',
    );
    expect((await userMessages(id)).at(-1)?.text).toContain('saved as /home/ubuntu/uploads/pasted-3.txt');
  });

  it('is refused while the agent works, with the reason, and nothing is written', async () => {
    harness = await createHarness();
    const api = workerApi();
    harness.server.setScript([acknowledge(), { ...planNotes(), delayMs: 1_500 }, finish()]);
    const id = await api.startConversation('Build it');
    await harness.server.waitForRequests(2);
    await expect(api.sendMessage(id, 'y'.repeat(17_000))).rejects.toThrow(LONG_MESSAGE_WHILE_WORKING);
    // A short note still goes to the running loop.
    await api.sendMessage(id, 'Use SQLite');
    await harness.runtime.idle(id);
    expect(await new WorkspaceRepository(harness.database).paths(id)).not.toContain('uploads/pasted-1.txt');
    expect((await userMessages(id)).map((message) => message.text)).toEqual(['Build it', 'Use SQLite']);
  });
});

describe('a request too large for the window because of one message', () => {
  it('is refused before sending, naming the message, its size, the window and a file as the way out', async () => {
    harness = await createHarness({}, { contextWindowTokens: 4_096 });
    const typed = `Review this text: ${'lorem ipsum dolor '.repeat(880)}`;
    expect(new TextEncoder().encode(typed).byteLength).toBeLessThan(16 * 1024);
    const id = await harness.runtime.startConversation(typed);
    await harness.runtime.idle(id);
    expect(harness.server.requests).toHaveLength(0);
    const [notice] = await notices(id);
    expect(notice).toMatch(
      /^provider_error: Nothing was sent to the model: one message is too long for its context window\. A message starting “Review this text: lorem ipsum dolor .*” is about [\d,]+ tokens \(15,857 characters\), and this model's context window is 4,096 tokens/,
    );
    expect(notice).toContain('attach it as a .txt file with the paperclip');
    expect(notice).not.toContain('-c ');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('error');
  });

  it('refuses an imported conversation holding a 5 MB message, on a 16k window, without sending it', async () => {
    harness = await createHarness({}, { contextWindowTokens: 16_384 });
    const contents = sampleBundleContents('old');
    const first = contents.events[0];
    if (first?.body.type !== 'user_message') throw new Error('The sample starts with a message.');
    first.body.text = LOG;
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: () => undefined,
      newId: () => 'imported',
      now: () => 10,
      appVersion: 'test',
    });
    const id = await archive.importBundle(encodeBundle(contents, 'test', 5));
    harness.server.setScript([finish()]);
    await harness.runtime.sendMessage(id, 'Any news?');
    await harness.runtime.idle(id);
    expect(harness.server.requests).toHaveLength(0);
    const [notice] = await notices(id);
    expect(notice).toContain('A message starting “Find the errors in this log 000000 INFO request served');
    expect(notice).toContain(`(${LOG.length.toLocaleString('en-US')} characters)`);
    expect(notice).toContain("this model's context window is 16,384 tokens");
    expect(notice).toContain('paste it into the message box (a paste over 16 KB becomes an attached file');
    expect(notice).not.toContain('switch this conversation');
  });
});
