import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, type NetworkPolicy } from '@/shared/protocol/ports/network-port.ts';
import { createFetchNetwork, READ_ONLY_METHODS } from './fetch-network.ts';
import { isUrlAllowed } from './url-policy.ts';

let server: Server;
let origin: string;
/** Requests the server saw. */
const seen: { method: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '' });
    const path = request.url ?? '/';
    if (path.startsWith('/api/slow')) return; // never answers
    if (path.startsWith('/api/big')) {
      response.end('x'.repeat(4096));
      return;
    }
    if (path.startsWith('/api/redirect-out')) {
      response.writeHead(302, { location: `${origin}/private/data` });
      response.end();
      return;
    }
    if (path.startsWith('/api/loop')) {
      response.writeHead(302, { location: `${origin}/api/loop` });
      response.end();
      return;
    }
    if (path.startsWith('/api/post-out')) {
      response.writeHead(307, { location: `${origin}/private/collect` });
      response.end();
      return;
    }
    if (path.startsWith('/api/redirect-in')) {
      response.writeHead(302, { location: `${origin}/api/v1/ok` });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'x-echo': request.method ?? '' });
    response.end(`ok ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const policy = (prefixes: string[], methods = READ_ONLY_METHODS): NetworkPolicy => ({
  allowedUrlPrefixes: prefixes,
  allowedMethods: methods,
});

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(NetworkError);
    return error as NetworkError;
  }
  throw new Error('the request succeeded');
}

describe('the URL policy', () => {
  const api = policy(['https://api.example.com/v1']);
  it('allows the prefix path at a segment boundary only, on the same origin', () => {
    expect(isUrlAllowed('https://api.example.com/v1', 'GET', api)).toBe(true);
    expect(isUrlAllowed('https://api.example.com/v1/users?x=1', 'GET', api)).toBe(true);
    expect(isUrlAllowed('https://api.example.com/v10', 'GET', api)).toBe(false);
    expect(isUrlAllowed('https://api.example.com/v1-admin', 'GET', api)).toBe(false);
    expect(isUrlAllowed('https://api.example.com:8443/v1', 'GET', api)).toBe(false);
    expect(isUrlAllowed('http://api.example.com/v1', 'GET', api)).toBe(false);
    expect(isUrlAllowed('https://api.example.org/v1', 'GET', api)).toBe(false);
  });

  it('refuses encoded separators, credentials, other schemes and other methods', () => {
    expect(isUrlAllowed('https://api.example.com/v1/..%2fadmin', 'GET', api)).toBe(false);
    expect(isUrlAllowed('https://api.example.com/v1/a%5cb', 'GET', api)).toBe(false);
    expect(isUrlAllowed('https://user:pw@api.example.com/v1', 'GET', api)).toBe(false);
    expect(isUrlAllowed('file:///etc/passwd', 'GET', policy(['file:///']))).toBe(false);
    expect(isUrlAllowed('https://api.example.com/v1', 'POST', api)).toBe(false);
    expect(isUrlAllowed('not a url', 'GET', api)).toBe(false);
  });

  it('allows nothing without prefixes, and a whole origin for a bare one', () => {
    expect(isUrlAllowed('https://api.example.com/', 'GET', policy([]))).toBe(false);
    expect(isUrlAllowed('https://api.example.com/any/path', 'GET', policy(['https://api.example.com']))).toBe(
      true,
    );
  });

  it('allows any http(s) URL for `*`, still refusing credentials, encoded separators and other schemes', () => {
    const any = policy(['*']);
    expect(isUrlAllowed('https://news.example/2026/story.html?x=1', 'GET', any)).toBe(true);
    expect(isUrlAllowed('http://192.168.1.20:8080/', 'GET', any)).toBe(true);
    expect(isUrlAllowed('https://user:pw@news.example/', 'GET', any)).toBe(false);
    expect(isUrlAllowed('https://news.example/a%2fb', 'GET', any)).toBe(false);
    expect(isUrlAllowed('file:///etc/passwd', 'GET', any)).toBe(false);
    expect(isUrlAllowed('javascript:alert(1)', 'GET', any)).toBe(false);
    const notTheApp = { ...any, refusedOrigins: ['https://app.example'] };
    expect(isUrlAllowed('https://app.example/preview/other/secret.png', 'GET', notTheApp)).toBe(false);
    expect(isUrlAllowed('https://news.example/', 'GET', notTheApp)).toBe(true);
  });
});

describe('the network port over fetch', () => {
  it('fetches an allowed URL, with its status, headers and body', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`]) });
    const response = await network.fetch({ url: `${origin}/api/v1/ok` });
    expect(response).toMatchObject({ status: 200, url: `${origin}/api/v1/ok`, headers: { 'x-echo': 'GET' } });
    expect(new TextDecoder().decode(response.body)).toBe('ok /api/v1/ok');
  });

  it('refuses a URL or a method outside the policy before anything leaves', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`]) });
    const count = seen.length;
    const outside = await failure(network.fetch({ url: `${origin}/private/data` }));
    expect(outside.kind).toBe('not_allowed');
    expect(outside.message).toContain(`outside the allowed URL prefixes (${origin}/api`);
    const post = await failure(network.fetch({ url: `${origin}/api/v1/ok`, method: 'POST', body: 'x' }));
    expect(post.message).toMatch(/only GET and HEAD requests are allowed/);
    const none = await failure(createFetchNetwork({ policy: policy([]) }).fetch({ url: `${origin}/api` }));
    expect(none.message).toMatch(/no network access is allowed/);
    expect(seen.length).toBe(count);
  });

  it('checks every redirect before following it: a hop outside the policy never receives the request', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`], ['GET', 'POST']) });
    const out = await failure(network.fetch({ url: `${origin}/api/redirect-out` }));
    expect(out.kind).toBe('not_allowed');
    expect(out.message).toContain(`A redirect to GET ${origin}/private/data is not allowed`);
    const post = await failure(
      network.fetch({
        url: `${origin}/api/post-out`,
        method: 'POST',
        body: 'secret',
        headers: { 'x-api-key': 'k' },
      }),
    );
    expect(post.message).toContain(`A redirect to POST ${origin}/private/collect is not allowed`);
    expect(seen.filter((request) => request.url.startsWith('/private'))).toEqual([]);
    const inside = await network.fetch({ url: `${origin}/api/redirect-in` });
    expect(inside).toMatchObject({ url: `${origin}/api/v1/ok`, status: 200 });
  });

  it('lets the browser follow redirects under `*` (every hop would pass), reporting the final address', async () => {
    const network = createFetchNetwork({ policy: policy(['*']) });
    const response = await network.fetch({ url: `${origin}/api/redirect-in` });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${origin}/api/v1/ok`);
    expect(new TextDecoder().decode(response.body)).toBe('ok /api/v1/ok');
  });

  it('gives a redirect back as it is when asked not to follow, and stops a redirect loop', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`]) });
    const kept = await network.fetch({ url: `${origin}/api/redirect-in`, followRedirects: false });
    expect(kept).toMatchObject({ status: 302, headers: { location: `${origin}/api/v1/ok` } });
    const loop = await failure(network.fetch({ url: `${origin}/api/loop`, maxRedirects: 3 }));
    expect(loop).toMatchObject({
      kind: 'redirect',
      message: `${origin}/api/loop redirected more than 3 times.`,
    });
  });

  it('refuses a body on a GET, saying so', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`]) });
    const refused = await failure(network.fetch({ url: `${origin}/api/v1/ok`, body: 'x' }));
    expect(refused).toMatchObject({ kind: 'invalid_request', message: 'A GET request cannot carry a body.' });
  });

  it('gives up at the timeout, stops when asked, and reads no more than the byte cap', async () => {
    const network = createFetchNetwork({ policy: policy([`${origin}/api`]), limits: { timeoutMs: 5_000 } });
    const slow = await failure(network.fetch({ url: `${origin}/api/slow`, timeoutMs: 100 }));
    expect(slow).toMatchObject({
      kind: 'timeout',
      message: `${origin}/api/slow did not answer within 0.1 s.`,
    });
    const controller = new AbortController();
    const stopped = failure(network.fetch({ url: `${origin}/api/slow`, signal: controller.signal }));
    controller.abort();
    expect((await stopped).kind).toBe('cancelled');
    const big = await failure(network.fetch({ url: `${origin}/api/big`, maxBytes: 1024 }));
    expect(big).toMatchObject({ kind: 'too_large' });
    // The port's own limit wins over what a request asks for.
    const capped = createFetchNetwork({ policy: policy([`${origin}/api`]), limits: { maxBytes: 100 } });
    expect((await failure(capped.fetch({ url: `${origin}/api/big`, maxBytes: 10_000 }))).kind).toBe(
      'too_large',
    );
  });

  it('says plainly when a server cannot be reached', async () => {
    const network = createFetchNetwork({ policy: policy(['http://127.0.0.1:9']) });
    const unreachable = await failure(network.fetch({ url: 'http://127.0.0.1:9/x' }));
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.message).toMatch(
      /could not be reached: the server is down, or it does not allow requests from this page \(CORS\)/,
    );
    expect((await failure(network.fetch({ url: '::not a url' }))).kind).toBe('invalid_url');
  });
});
