import { randomFillSync } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../src/shared/protocol/workspace.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { closeDevices, device, memoryFolder } from '../fixtures/backup-device.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What a backup copy costs (issue 29, a full disk): a settled conversation is exported as
 * a bundle (read from IndexedDB, zipped) and written whole to the backup folder, on the
 * agent worker's thread, so another conversation's run waits meanwhile. Workspaces of 1,
 * 10 and 50 MB, as text (compresses well) and as random bytes (does not), in 1 MB files;
 * the time from "changed" to the copy written, and the copy's size. Node and
 * fake-indexeddb with a folder in memory: the zip is the same code the worker runs, the
 * database and the disk are not Chromium's.
 */
afterEach(closeDevices);

const MB = 1024 * 1024;

function filesOf(megabytes: number, kind: 'text' | 'random'): WorkspaceFile[] {
  return Array.from({ length: megabytes }, (_, index) => {
    const content = new Uint8Array(MB);
    if (kind === 'random') randomFillSync(content);
    else {
      const line = new TextEncoder().encode(
        `line of file ${index}: the agent wrote this, and more of the same.\n`,
      );
      for (let at = 0; at < MB; at += line.length) content.set(line.subarray(0, MB - at), at);
    }
    return {
      conversationId: 'c',
      path: `data/file-${index}.bin`,
      kind: 'file',
      content,
      size: MB,
      modifiedAt: 1,
    };
  });
}

it('measures a backup copy of 1, 10 and 50 MB workspaces', async () => {
  const rows: { megabytes: number; kind: 'text' | 'random'; ms: number; copyBytes: number }[] = [];
  for (const megabytes of [1, 10, 50]) {
    for (const kind of ['text', 'random'] as const) {
      const folder = memoryFolder();
      const { backups, create, database } = device(folder);
      await create('c', 'done');
      await backups.settled();
      await new WorkspaceRepository(database).apply(
        'c',
        { writes: filesOf(megabytes, kind), deletes: [] },
        null,
      );
      const started = performance.now();
      backups.observe({ type: 'conversation_rewound', conversationId: 'c' });
      await backups.settled();
      const ms = performance.now() - started;
      const copyBytes = [...folder.files.values()][0]?.bytes.length ?? 0;
      rows.push({ megabytes, kind, ms, copyBytes });
      closeDevices();
    }
  }
  console.log(
    [
      'backup-copy (Node, fake-indexeddb, a folder in memory)',
      ...rows.map(
        (row) =>
          `  ${String(row.megabytes).padStart(2)} MB ${row.kind.padEnd(6)}: copied in ${row.ms.toFixed(0)} ms, the copy ${(row.copyBytes / MB).toFixed(2)} MB`,
      ),
    ].join('\n'),
  );
  recordFigures('backup-copy', {
    title: 'A backup copy of a settled conversation: exported, zipped and written (Node, fake-indexeddb)',
    bench: import.meta.url,
    paths: [
      'src/shared/bundle/',
      'src/shared/storage/',
      'src/agent-worker/runtime/conversation-archive.ts',
      'src/agent-worker/runtime/conversation-backups.ts',
      'tests/fixtures/backup-device.ts',
    ],
    figures: rows.flatMap((row) => [
      {
        name: `${row.megabytes} MB workspace, ${row.kind}: time to the copy written`,
        value: Math.round(row.ms),
        unit: 'ms',
        note: `the copy ${(row.copyBytes / MB).toFixed(2)} MB`,
      },
    ]),
  });
  for (const row of rows) expect(row.copyBytes).toBeGreaterThan(0);
}, 600_000);
