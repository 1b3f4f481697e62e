import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '@/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import packageJson from '~/package.json' with { type: 'json' };
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { renderTemplate } from './templates.ts';
import { webdevInitProjectTool } from './webdev-init-project.ts';

async function openSandbox() {
  const database = new SandpiperDatabase(`webdev-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 1_000_000 });
  return { sandbox, workspace };
}

/** Prepares and runs one call against `sandbox`, as the runtime would. */
async function run(args: Record<string, unknown>, sandbox: SandboxPort): Promise<ToolOutcome> {
  const prepared = webdevInitProjectTool.prepare(JSON.stringify({ brief: 'Scaffold', ...args }));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
}

/** The same sandbox, reporting itself as the Node runtime. */
function asNodeRuntime(sandbox: SandboxPort): SandboxPort {
  return new Proxy(sandbox, {
    get: (target, key) => {
      if (key === 'kind') return 'webcontainer';
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('webdev_init_project', () => {
  it('scaffolds web-static by default: the template files, placeholders filled and escaped', async () => {
    const { sandbox, workspace } = await openSandbox();
    const outcome = await run(
      { project_name: 'tea-shop', project_title: 'Tea & <Cakes>', description: 'Leaves "fresh" daily' },
      sandbox,
    );
    expect(outcome).toMatchObject({
      status: 'success',
      meta: {
        project_name: 'tea-shop',
        features: 'web-static',
        paths: [
          '/home/ubuntu/tea-shop/README.md',
          '/home/ubuntu/tea-shop/index.html',
          '/home/ubuntu/tea-shop/main.js',
          '/home/ubuntu/tea-shop/styles.css',
        ],
      },
    });
    if (outcome.status !== 'success') return;
    expect(outcome.content).toContain(
      'Created the web-static project "Tea & <Cakes>" in /home/ubuntu/tea-shop',
    );
    expect(outcome.content).toContain('`expose`');

    const html = await sandbox.readText('/home/ubuntu/tea-shop/index.html');
    expect(html).toContain('<title>Tea &amp; &lt;Cakes&gt;</title>');
    expect(html).toContain('content="Leaves &quot;fresh&quot; daily"');
    expect(html).toContain('<script type="module" src="main.js"></script>');
    // It previews from any folder: no root-relative or remote references.
    expect(html).not.toMatch(/(?:src|href)="(?:\/|https?:)/);
    expect(await sandbox.readText('/home/ubuntu/tea-shop/README.md')).toMatch(
      /^# Tea & <Cakes>\n\nLeaves "fresh"/,
    );
    for (const path of (outcome.meta as { paths: string[] }).paths) {
      expect(await sandbox.readText(path)).not.toContain('{{');
    }
    // Saved through the workspace: persisted for the conversation.
    expect((await workspace.read('c', 'tea-shop/main.js'))?.size).toBeGreaterThan(100);
  });

  it('scaffolds web-db-user, and says the server needs the Node runtime in the virtual sandbox', async () => {
    const { sandbox } = await openSandbox();
    const outcome = await run(
      { project_name: 'Club_Site', features: 'web-db-user', description: 'Members "only"' },
      sandbox,
    );
    expect(outcome).toMatchObject({ status: 'success', meta: { features: 'web-db-user' } });
    if (outcome.status !== 'success') return;
    expect(outcome.meta.paths).toContain('/home/ubuntu/Club_Site/server.js');
    expect(outcome.meta.paths).toContain('/home/ubuntu/Club_Site/src/app.js');
    expect(outcome.content).toContain('Created the web-db-user project "Club Site"');
    expect(outcome.content).toContain('needs the Node runtime');
    expect(outcome.content).toContain('Settings → Sandbox → Node runtime');
    const manifest = JSON.parse(await sandbox.readText('/home/ubuntu/Club_Site/package.json'));
    expect(manifest).toMatchObject({
      name: 'club_site',
      description: 'Members "only"',
      scripts: { start: 'node server.js', dev: 'node --watch server.js' },
    });
    expect(JSON.parse(await sandbox.readText('/home/ubuntu/Club_Site/src/site.json'))).toEqual({
      title: 'Club Site',
      description: 'Members "only"',
    });
  });

  it('with the Node runtime, tells the model to install, start and expose the server', async () => {
    const { sandbox } = await openSandbox();
    const outcome = await run({ project_name: 'club', features: 'web-db-user' }, asNodeRuntime(sandbox));
    expect(outcome.status).toBe('success');
    if (outcome.status !== 'success') return;
    expect(outcome.content).toContain('`cd /home/ubuntu/club && npm install && npm run dev`');
    expect(outcome.content).toContain('`expose` with port 3000');
    expect(outcome.content).not.toContain('Settings');
  });

  it("accepts seed 001's `name` for the project name", async () => {
    const { sandbox } = await openSandbox();
    const outcome = await run({ name: 'notes' }, sandbox);
    expect(outcome).toMatchObject({ status: 'success', meta: { project_name: 'notes' } });
    expect(await sandbox.stat('/home/ubuntu/notes/index.html')).toMatchObject({ kind: 'file' });
  });

  it('refuses a project name that is not one safe folder name, writing nothing', async () => {
    const { sandbox } = await openSandbox();
    for (const name of ['../etc', 'a/b', '.hidden', '', 'my app', 'x'.repeat(65)]) {
      const outcome = await run({ project_name: name }, sandbox);
      expect(outcome, name).toMatchObject({ status: 'error', kind: 'validation' });
    }
    expect(await run({ project_name: 'My Site!' }, sandbox)).toMatchObject({
      message: expect.stringContaining('"my-site"'),
    });
    expect(await sandbox.list('/home/ubuntu')).toEqual([]);
  });

  it('refuses a folder that has files (or a file of that name), and uses an empty folder', async () => {
    const { sandbox } = await openSandbox();
    await sandbox.writeFile('/home/ubuntu/site/notes.txt', 'mine');
    await sandbox.writeFile('/home/ubuntu/taken', 'a file');
    await sandbox.mkdir('/home/ubuntu/empty');

    const refused = await run({ project_name: 'site' }, sandbox);
    expect(refused).toMatchObject({ status: 'error', kind: 'validation' });
    if (refused.status === 'error') expect(refused.message).toContain('already exists and is not empty');
    expect(await sandbox.list('/home/ubuntu/site')).toHaveLength(1);
    expect(await run({ project_name: 'taken' }, sandbox)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('is a file'),
    });
    expect(await run({ project_name: 'empty' }, sandbox)).toMatchObject({ status: 'success' });
  });
});

describe('the web-db-user template', () => {
  it("pins its dependencies to the versions the repo's devDependencies install (and the server test runs)", async () => {
    const files = await renderTemplate('web-db-user', {
      projectName: 'x',
      projectTitle: 'X',
      description: 'Y',
    });
    const manifest = JSON.parse(files.find((file) => file.path === 'package.json')!.text);
    const devDependencies = packageJson.devDependencies as Record<string, string>;
    for (const [name, version] of Object.entries(manifest.dependencies as Record<string, string>)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(devDependencies[name], name).toBe(version);
    }
  });
});
