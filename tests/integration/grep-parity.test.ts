import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globFiles, grepFiles } from '../../src/agent-worker/profiles/manus/tools/match/match-search.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { listFiles, ZOD_SOURCES } from '../fixtures/source-tree.ts';

const TREE = ZOD_SOURCES;
const MOUNT = '/home/ubuntu/zod';

let database: SandpiperDatabase;
let sandbox: VirtualSandbox;
let localFiles: string[];

beforeAll(async () => {
  localFiles = listFiles(TREE).sort();
  database = new SandpiperDatabase(`parity-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const writes = localFiles.map((file) => {
    const content = new Uint8Array(readFileSync(file));
    return {
      conversationId: 'parity',
      path: `zod/${relative(TREE, file)}`,
      kind: 'file' as const,
      content,
      size: content.byteLength,
      modifiedAt: statSync(file).mtimeMs,
    };
  });
  await workspace.apply('parity', { writes, deletes: [] }, 1024 * 1024 * 1024);
  sandbox = await VirtualSandbox.open({
    conversationId: 'parity',
    workspace,
    limitBytes: 1024 * 1024 * 1024,
  });
}, 60_000);

afterAll(() => database?.close());

const toLocal = (path: string) => join(TREE, path.slice(`${MOUNT}/`.length));

describe('match parity on a real source tree', () => {
  it('glob equals find on the same tree', async () => {
    const ours = (await globFiles(sandbox, `${MOUNT}/**/*.ts`)).map((file) => toLocal(file.path));
    const reference = execFileSync('find', [TREE, '-type', 'f', '-name', '*.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((path) => path.replace(/\/+/g, '/'))
      .sort();
    expect(ours.length).toBeGreaterThan(100);
    expect(ours).toEqual(reference);
  });

  it.each(['export function', 'z\\.object\\(', '^import .* from', '[A-Z][a-z]+Error', 'TODO|FIXME'])(
    'grep equals GNU grep -n for /%s/',
    async (regex) => {
      const files = await globFiles(sandbox, `${MOUNT}/**/*.ts`);
      const report = await grepFiles(
        sandbox,
        files,
        new RegExp(regex),
        { leading: 0, trailing: 0 },
        Number.POSITIVE_INFINITY,
      );
      const ours = report.results.flatMap((result) =>
        result.matches.map((match) => `${toLocal(result.path)}:${match.line}:${match.match}`),
      );
      let output = '';
      try {
        output = execFileSync(
          'grep',
          ['-n', '-H', '-I', '-E', regex, ...files.map((file) => toLocal(file.path))],
          {
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
          },
        );
      } catch (error) {
        // grep exits 1 when nothing matches.
        if ((error as { status?: number }).status !== 1) throw error;
      }
      const reference = output.split('\n').filter(Boolean);
      expect(report.isTruncated).toBe(false);
      expect(ours).toEqual(reference);
    },
  );
});
