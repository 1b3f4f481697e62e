import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { VirtualSandbox } from '@/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { globFiles, grepFiles } from './match-search.ts';

it('grep says how many files it has searched as it goes', async () => {
  const database = new SandpiperDatabase(`grep-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 100_000,
  });
  for (const name of ['a', 'b', 'c', 'd'])
    await sandbox.writeFile(`/home/ubuntu/${name}.txt`, `${name} milk\n`);
  const files = await globFiles(sandbox, '/home/ubuntu/*.txt');
  const heard: string[] = [];
  const report = await grepFiles(sandbox, files, /milk/, { leading: 0, trailing: 0 }, 1000, (done, total) =>
    heard.push(`${done}/${total}`),
  );
  expect(report.matchCount).toBe(4);
  expect(heard).toEqual(['1/4', '2/4', '3/4']);
  database.close();
});
