// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { testMcpServer } from './mcp-connection.ts';

const server = {
  name: 'remote',
  url: 'https://mcp.example.test/mcp',
  transport: 'streamable-http' as const,
  bearerToken: 'tok',
};

describe('Settings → MCP “Test connection”', () => {
  it('tells a CORS refusal (the server answers a no-cors request) from a server that is down', async () => {
    const refusing: typeof fetch = async (_input, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const cors = await testMcpServer(server, refusing, 2_000);
    expect(cors).toMatchObject({ ok: false, reason: 'cors' });
    expect(!cors.ok && cors.message).toContain('refuses requests from this app (CORS)');
    const down = await testMcpServer(
      server,
      async () => Promise.reject(new TypeError('Failed to fetch')),
      2_000,
    );
    expect(down).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('sends the token, and says when it is refused (401) or the address is no MCP server', async () => {
    const headers: (string | null)[] = [];
    const unauthorised: typeof fetch = async (_input, init) => {
      headers.push(new Headers(init?.headers).get('authorization'));
      return new Response('{"error":"unauthorized"}', { status: 401 });
    };
    const refused = await testMcpServer(server, unauthorised, 2_000);
    expect(refused).toMatchObject({ ok: false, reason: 'auth' });
    expect(headers[0]).toBe('Bearer tok');
    const page: typeof fetch = async () =>
      new Response('<!doctype html><title>Home</title>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    expect(await testMcpServer(server, page, 2_000)).toMatchObject({ ok: false, reason: 'not_mcp' });
    const missing: typeof fetch = async () => new Response('Not found', { status: 404 });
    const notFound = await testMcpServer(server, missing, 2_000);
    expect(notFound).toMatchObject({ ok: false, reason: 'not_mcp' });
    expect(!notFound.ok && notFound.message).toContain('(HTTP 404)');
    expect(await testMcpServer({ ...server, url: 'ftp://x' })).toMatchObject({
      ok: false,
      reason: 'bad_url',
    });
  });
});
