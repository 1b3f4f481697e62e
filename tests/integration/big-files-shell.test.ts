import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { logText, wholeReadChecks } from '../fixtures/text/log-text.ts';

// Big files through the virtual sandbox's shell (the real just-bash over the workspace kept
// in IndexedDB): a 5 MiB paste and a 50 MiB upload read whole by each command a person or
// the model reaches for. tests/e2e/big-paste.test.ts shows both arrive whole in the browser.
let database: SandpiperDatabase;
let sandbox: VirtualSandbox;

beforeAll(async () => {
  database = new SandpiperDatabase(`big-files-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 200 * 1024 * 1024,
    python: null,
  });
});

afterAll(async () => {
  await sandbox?.close();
  database?.close();
});

it('reads a 5 MiB paste and a 50 MiB upload whole by cat, head, tail, wc, <, sort (the paste), cp and md5sum', async () => {
  const files = [
    { path: '/home/ubuntu/uploads/pasted-1.txt', text: logText(5 * 1024 * 1024, 'Pasted') },
    { path: '/home/ubuntu/uploads/server.log', text: logText(50 * 1024 * 1024, 'Uploaded') },
  ];
  for (const { path, text } of files) await sandbox.writeFile(path, text);
  // All of them on both, but `sort` on the 5 MiB file only: sorting 50 MiB takes 12 s here and
  // shows nothing more (the same 50 MiB go through a pipe whole in `cat … | md5sum`).
  const checks = files.flatMap(({ path, text }) =>
    wholeReadChecks(path, text).filter(
      ({ command }) => text.length < 10 * 1024 * 1024 || !command.startsWith('sort '),
    ),
  );
  const observed: { command: string; stdout: string; stderr: string }[] = [];
  for (const { command } of checks) {
    const { stdout, stderr } = await sandbox.exec('main', command, { timeoutSeconds: 60 });
    observed.push({ command, stdout, stderr });
  }
  expect(observed).toEqual(
    checks.map(({ command, expected }) => ({ command, stdout: expected, stderr: '' })),
  );
}, 120_000);
