import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '@/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { parsePreviewUrl } from '@/shared/pwa/preview-url.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { createPreviews } from './previews.ts';
import { createWorkspaceFiles } from './workspace-files.ts';

async function openSandbox(limitBytes = 1_000) {
  const database = new SandpiperDatabase(`ports-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes });
  return { sandbox, workspace };
}

describe('the workspace port', () => {
  it('saves bytes and text under /home/ubuntu, persisted, and reads them back', async () => {
    const { sandbox, workspace } = await openSandbox();
    const files = createWorkspaceFiles(async () => sandbox);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    expect(await files.save('/home/ubuntu/images/a.png', png)).toEqual({
      path: '/home/ubuntu/images/a.png',
      size: 4,
      mime: 'image/png',
    });
    expect(await files.save('/home/ubuntu/notes.md', 'héllo')).toMatchObject({
      size: 6,
      mime: 'text/markdown',
    });
    expect(await files.read('/home/ubuntu/images/a.png')).toEqual(png);
    expect(await files.exists('/home/ubuntu/notes.md')).toBe(true);
    expect(await files.exists('/home/ubuntu/images')).toBe(false);
    expect((await workspace.read('c', 'images/a.png'))?.content).toEqual(png);
  });

  it('refuses paths outside the workspace, and a write past the size limit, writing nothing', async () => {
    const { sandbox, workspace } = await openSandbox(100);
    const files = createWorkspaceFiles(async () => sandbox);
    await expect(files.save('/tmp/x.txt', 'x')).rejects.toMatchObject({ kind: 'outside_workspace' });
    await expect(files.save('/home/ubuntu/../root/x', 'x')).rejects.toMatchObject({
      kind: 'outside_workspace',
    });
    await expect(files.save('/home/ubuntu/big.bin', new Uint8Array(200))).rejects.toMatchObject({
      kind: 'workspace_full',
    });
    expect(await workspace.list('c')).toEqual([]);
  });
});

describe('the previews port', () => {
  const sandbox = { listServers: () => [{ port: 5173, url: 'https://5173.local-credentialless.example' }] };
  const previews = createPreviews({
    conversationId: 'conv 1',
    appBaseUrl: 'https://app.example/sandpiper/',
    openSandbox: async () => sandbox as unknown as SandboxPort,
  });

  it('lists the sandbox’s servers', async () => {
    expect(await previews.servers()).toEqual([
      { port: 5173, url: 'https://5173.local-credentialless.example' },
    ]);
  });

  it('gives the service worker’s preview URL of a workspace file, which its route reads back', () => {
    const url = previews.urlFor('/home/ubuntu/site/my page.html');
    expect(url).toBe('https://app.example/sandpiper/preview/conv%201/site/my%20page.html');
    expect(parsePreviewUrl(new URL(url!), '/sandpiper/')).toEqual({
      conversationId: 'conv 1',
      path: 'site/my page.html',
    });
    expect(previews.urlFor('/etc/passwd')).toBeNull();
  });
});
