import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { redactedSecret } from '../../src/agent-worker/toolkit/ports/secrets-port.ts';
import { LOOKUP_KEY_NAME, notebookProfile } from '../fixtures/notebook-profile.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness, SCRIPTED_PROVIDER_ID } from './harness.ts';

/** A key with characters that change when URL-encoded, so both spellings are checked. */
const KEY = 'sk-lookup/9f8e7d6c5b4a+3210';

let harness: Harness;
let api: Server;
let apiOrigin: string;
/** What the lookup API received: the key must really have been sent there. */
const received: { authorization: string | undefined; url: string }[] = [];
const logged: string[] = [];

beforeEach(async () => {
  received.length = 0;
  logged.length = 0;
  api = createServer((request, response) => {
    received.push({ authorization: request.headers.authorization, url: request.url ?? '' });
    // The API echoes what it was sent, as error pages and debug endpoints do.
    const status = request.url?.startsWith('/fail') ? 500 : 200;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(`You sent ${request.headers.authorization} to ${request.url}`);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...parts: unknown[]) => {
      logged.push(
        parts
          .map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part)))
          .join(' '),
      );
    });
  }
});

afterEach(async () => {
  vi.restoreAllMocks();
  await harness.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

/** True when `text` holds the key as written or URL-encoded. */
const leaks = (text: string) => text.includes(KEY) || text.includes(encodeURIComponent(KEY));

describe('a key a tool reads through the secrets port', () => {
  it('is sent where the tool sends it, and reaches no envelope, event, broadcast, log line or bundle', async () => {
    harness = await createHarness(
      { toolKeys: { [LOOKUP_KEY_NAME]: KEY }, allowedUrlPrefixes: [apiOrigin] },
      {},
      { profiles: [manusProfile, notebookProfile] },
    );
    harness.server.setScript([
      call('jot', { line: 'Look the weather up' }),
      call('lookup', { url: `${apiOrigin}/weather?city=Lyon` }),
      // The API fails: the error the tool throws quotes the URL (with the key) and the echo.
      call('lookup', { url: `${apiOrigin}/fail` }),
      call('terminate', { status: 'success' }),
    ]);
    const id = await harness.runtime.startConversation('What is the weather in Lyon?', {
      profileId: 'notebook',
    });
    await harness.runtime.idle(id);

    // It was used for real: the API got it in the header and the query.
    expect(received.map((request) => request.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(received[0]?.url).toContain(`api_key=${encodeURIComponent(KEY)}`);

    // What the run wrote says a key was there, without it.
    const completions = await harness.completions(id);
    expect(completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'jot:success',
      'lookup:success',
      'lookup:error',
      'terminate:success',
    ]);
    const redacted = redactedSecret(LOOKUP_KEY_NAME);
    expect(completions[1]?.content).toBe(
      `You sent Bearer ${redacted} to /weather?city=Lyon&api_key=${redacted}`,
    );
    expect(completions[1]?.meta.url).toBe(`${apiOrigin}/weather?city=Lyon&api_key=${redacted}`);
    expect(completions[2]?.content).toContain(`answered 500: You sent Bearer ${redacted}`);

    // Nowhere else either: the log, the broadcasts, the console, the model's requests, a bundle.
    const events = await harness.events(id);
    expect(leaks(JSON.stringify(events))).toBe(false);
    expect(harness.published.some((message) => message.type === 'tool_progress')).toBe(true);
    expect(leaks(JSON.stringify(harness.published))).toBe(false);
    expect(leaks(logged.join('\n'))).toBe(false);
    expect(leaks(JSON.stringify(harness.server.requests.map((request) => request.body)))).toBe(false);
    const archive = new ConversationArchive({
      profiles: TOOL_PROFILES,
      database: harness.database,
      publish: () => undefined,
      newId: () => 'copy',
      now: () => 1,
      appVersion: '0.1.0',
    });
    const bundle = unzipSync((await archive.exportConversation(id)).bytes);
    const entries = Object.entries(bundle).map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`);
    expect(entries.some((entry) => entry.includes(redacted))).toBe(true);
    expect(entries.some(leaks)).toBe(false);
  });

  it('says which setting to fill when no key is saved, and no request leaves', async () => {
    harness = await createHarness({ allowedUrlPrefixes: [apiOrigin] }, {}, { profiles: [notebookProfile] });
    harness.server.setScript([
      call('jot', { line: 'Look it up' }),
      call('lookup', { url: `${apiOrigin}/weather` }),
      call('terminate', { status: 'failure' }),
    ]);
    const id = await harness.runtime.startConversation('Weather?', { profileId: 'notebook' });
    await harness.runtime.idle(id);
    expect((await harness.completions(id))[1]).toMatchObject({
      status: 'error',
      content: `No key is saved as "${LOOKUP_KEY_NAME}" in Settings.`,
    });
    expect(received).toEqual([]);
  });
});

describe('a run that fails before its ports exist', () => {
  it("writes its crash report with the provider's key redacted", async () => {
    const providerKey = 'sk-provider-0123456789abcdef';
    harness = await createHarness({}, { apiKey: providerKey });
    const tab = harness.openTab({
      publish: (message) => harness.published.push(message),
      createProvider: (setup) => {
        throw new Error(`could not build a client for key ${setup.apiKey}`);
      },
    });
    const id = await tab.startConversation('Say hello');
    await tab.idle(id);
    const stored = JSON.stringify(await harness.events(id));
    expect(stored).toContain('could not build a client for key');
    expect(stored).not.toContain(providerKey);
    expect(JSON.stringify(harness.published)).not.toContain(providerKey);
    expect(logged.join('\n')).not.toContain(providerKey);
  });
});

describe("a provider's key in a long command", () => {
  it("is redacted before the step's summary and arguments are cut, so no start of it is kept", async () => {
    const providerKey = `sk-proj-${'Q7x'.repeat(30)}`;
    harness = await createHarness({}, { apiKey: providerKey });
    // The key starts past character 150 and runs beyond 200, where the summary is cut.
    const command = `echo ${'x'.repeat(90)} && curl -s https://api.example.test -H "Authorization: Bearer ${providerKey}"`;
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const events = JSON.stringify(await harness.events(id));
    expect(command.indexOf(providerKey)).toBeGreaterThan(140);
    expect(command.indexOf(providerKey)).toBeLessThan(180);
    expect(events).toContain('"verb":"run"');
    expect(events).toContain(redactedSecret(`provider:${SCRIPTED_PROVIDER_ID}`).slice(0, 10));
    // Not the key, nor its first 20 characters (what a cut through it would have kept).
    expect(events).not.toContain(providerKey.slice(0, 20));
  });
});
