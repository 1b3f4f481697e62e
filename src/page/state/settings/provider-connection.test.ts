import { afterEach, describe, expect, it } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '~/tests/fixtures/scripted-llm-server.ts';
import { testConnection } from './provider-connection.ts';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('testConnection', () => {
  it('lists the models of a working server', async () => {
    server = await startScriptedServer();
    const result = await testConnection({ baseUrl: `${server.url}/`, apiKey: 'k' });
    expect(result).toEqual({
      ok: true,
      models: ['scripted-model'],
      message: expect.stringMatching(/1 model\.$/),
    });
  });

  it('says a server is unreachable when nothing listens', async () => {
    const result = await testConnection({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: '' });
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('tells a CORS refusal from a server that is down', async () => {
    const refusingCors: typeof fetch = async (_url, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const result = await testConnection({ baseUrl: 'http://localhost:11434/v1', apiKey: '' }, refusingCors);
    expect(result).toMatchObject({
      ok: false,
      reason: 'cors',
      message: expect.stringMatching(/refuses requests from this app \(CORS\)/),
    });
  });

  it('explains a refused key, a missing model list and a reply that is not one', async () => {
    const answering =
      (status: number, body: unknown): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), { status });
    expect(
      await testConnection({ baseUrl: 'https://x.test/v1', apiKey: 'bad' }, answering(401, {})),
    ).toMatchObject({
      reason: 'auth',
    });
    expect(
      await testConnection({ baseUrl: 'https://x.test/v1', apiKey: '' }, answering(404, {})),
    ).toMatchObject({
      ok: true,
      models: [],
    });
    expect(
      await testConnection({ baseUrl: 'https://x.test', apiKey: '' }, answering(200, '<html>')),
    ).toMatchObject({
      reason: 'bad_reply',
    });
    expect(await testConnection({ baseUrl: 'not a url', apiKey: '' })).toMatchObject({
      ok: false,
      reason: 'http',
    });
  });
});
