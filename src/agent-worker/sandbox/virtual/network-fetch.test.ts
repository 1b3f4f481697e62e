import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { createFetchNetwork, READ_ONLY_METHODS } from '../../toolkit/ports/fetch-network.ts';
import { VirtualSandbox } from './virtual-sandbox.ts';

let server: Server;
let origin: string;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.end(`hello from ${request.url}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function sandboxWith(prefixes: string[]) {
  const database = new SandpiperDatabase(`curl-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const network = createFetchNetwork({
    policy: { allowedUrlPrefixes: prefixes, allowedMethods: READ_ONLY_METHODS },
  });
  const workspace = new WorkspaceRepository(database);
  return VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 100_000, network });
}

describe('curl in the virtual sandbox', () => {
  it('reaches what the network port allows, and is refused the rest with the port’s reason', async () => {
    const sandbox = await sandboxWith([`${origin}/open`]);
    const allowed = await sandbox.exec('main', `curl -s ${origin}/open/page`);
    expect(allowed).toMatchObject({ exitCode: 0, stdout: 'hello from /open/page\n' });
    // Without -s, so curl prints why (as the real curl does).
    const refused = await sandbox.exec('main', `curl ${origin}/private`);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain(`GET ${origin}/private is not allowed`);
    const posted = await sandbox.exec('main', `curl -X POST -d x ${origin}/open/page`);
    expect(posted.exitCode).not.toBe(0);
    expect(posted.stderr).toContain('only GET and HEAD requests are allowed here');
    // A body on a GET is dropped, as just-bash's own fetch did.
    const getWithBody = await sandbox.exec('main', `curl -s -X GET -d x ${origin}/open/again`);
    expect(getWithBody).toMatchObject({ exitCode: 0, stdout: 'hello from /open/again\n' });
    expect(paths).toEqual(['/open/page', '/open/again']);
  });

  it('does not exist when nothing may be reached', async () => {
    const sandbox = await sandboxWith([]);
    const result = await sandbox.exec('main', `curl -s ${origin}/open/page`);
    expect(result.exitCode).toBe(127);
    expect(paths).toEqual(['/open/page', '/open/again']);
  });
});
