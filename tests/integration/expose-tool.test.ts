import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { exposeTool } from '../../src/agent-worker/profiles/manus/tools/expose/expose.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { createPreviews } from '../../src/agent-worker/toolkit/ports/previews.ts';
import type { PreviewServer } from '../../src/shared/protocol/ports/previews-port.ts';
import type { SandboxPort } from '../../src/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { testToolContext } from '../fixtures/tool-context.ts';
import { createHarness } from './harness.ts';

const APP = 'https://app.example/';

async function virtualSandbox(): Promise<VirtualSandbox> {
  const database = new SandpiperDatabase(`expose-${randomUUID()}`, { indexedDB, IDBKeyRange });
  return VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 5_000_000,
  });
}

async function expose(
  port: number,
  sandbox: SandboxPort,
  servers: PreviewServer[] = [],
): Promise<ToolOutcome> {
  const prepared = exposeTool.prepare(JSON.stringify({ port, brief: 'Share it' }));
  if (!prepared.ok) throw new Error(prepared.message);
  const previews = createPreviews({ conversationId: 'c', appBaseUrl: APP, openSandbox: async () => sandbox });
  return prepared.execute!(
    testToolContext({
      sandbox: async () => sandbox,
      previews: { ...previews, servers: async () => servers },
    }),
  );
}

describe('expose in the virtual sandbox (no servers, no tunnel)', () => {
  it('serves the newest static site at its same-origin preview URL, marked not exposed', async () => {
    const sandbox = await virtualSandbox();
    await sandbox.writeFile('/home/ubuntu/old-site/index.html', '<h1>Old</h1>');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sandbox.writeFile('/home/ubuntu/harbour/dist/index.html', '<h1>Harbour</h1>');
    await sandbox.writeFile('/home/ubuntu/notes.md', '# not a site');
    const outcome = await expose(3000, sandbox);
    expect(outcome).toMatchObject({
      status: 'success',
      meta: {
        port: 3000,
        url: `${APP}preview/c/harbour/dist/index.html`,
        exposed: false,
        path: '/home/ubuntu/harbour/dist',
      },
    });
    expect(outcome.status === 'success' && outcome.content).toContain('works offline, in this browser only');
  });

  it('says what to do when there is no site to preview', async () => {
    const outcome = await expose(8080, await virtualSandbox());
    expect(outcome.status).toBe('error');
    expect(outcome.status === 'error' && outcome.message).toContain(
      'webdev_init_project with features "web-static"',
    );
    expect(outcome.status === 'error' && outcome.message).toContain('Settings → Sandbox');
  });

  it('refuses a port outside 1–65535', async () => {
    const outcome = await expose(70_000, await virtualSandbox());
    expect(outcome).toMatchObject({ status: 'error', kind: 'validation' });
  });
});

describe('expose with the Node runtime', () => {
  /** The sandbox as the WebContainer one reports itself; expose reads only its kind. */
  const nodeSandbox = { kind: 'webcontainer' } as SandboxPort;

  it('gives the URL WebContainer assigned to the server on that port', async () => {
    const outcome = await expose(5173, nodeSandbox, [
      { port: 3000, url: 'https://abc-3000.local-credentialless.webcontainer-api.io' },
      { port: 5173, url: 'https://abc-5173.local-credentialless.webcontainer-api.io' },
    ]);
    expect(outcome).toMatchObject({
      status: 'success',
      meta: { port: 5173, url: 'https://abc-5173.local-credentialless.webcontainer-api.io', exposed: true },
    });
  });

  it('lists the ports that are up when nothing listens on the one asked for', async () => {
    const outcome = await expose(8080, nodeSandbox, [
      { port: 3000, url: 'https://x-3000.webcontainer-api.io' },
    ]);
    expect(outcome.status === 'error' && outcome.message).toContain(
      'Nothing is listening on port 8080. Servers up: 3000.',
    );
    const none = await expose(8080, nodeSandbox, []);
    expect(none.status === 'error' && none.message).toContain('No server is running in the sandbox.');
  });
});

describe('what the thread is told an expose did', () => {
  it('records a preview of the site it served, not the port it was asked for, once it settles', async () => {
    const harness = await createHarness();
    try {
      harness.server.setScript([
        acknowledge(),
        call('plan', {
          action: 'update',
          goal: 'Notes',
          phases: [{ id: 1, title: 'Build', capabilities: {} }],
        }),
        call('file', { action: 'write', path: '/home/ubuntu/notes-app/index.html', text: '<h1>Notes</h1>' }),
        call('expose', { port: 8000, brief: 'Share it' }),
        call('message', { type: 'result', text: 'Done.' }),
      ]);
      const id = await harness.runtime.startConversation('Build a notes app');
      await harness.runtime.idle(id);
      const exposes = (await harness.events(id)).flatMap(({ body }) =>
        body.type === 'envelope' && body.envelope.meta.action_type === 'expose'
          ? [[body.envelope.status, body.summary]]
          : [],
      );
      expect(exposes).toEqual([
        // While it runs, all that is known is what it was asked.
        ['running', { verb: 'expose_port', target: '8000' }],
        // Nothing listens on a port in the virtual sandbox: it served the site as a preview.
        ['success', { verb: 'preview_site', target: '/home/ubuntu/notes-app' }],
      ]);
    } finally {
      await harness.close();
    }
  });
});
