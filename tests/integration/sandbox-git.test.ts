import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitStatusTool } from '../../src/agent-worker/profiles/muxd/tools/git-status/git-status.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * `git` in the virtual shell (isomorphic-git over the workspace), against GNU git on
 * disk: the same commands, the same `git status -s` at every step.
 */

let sandbox: VirtualSandbox;
let disk: string;
beforeEach(async () => {
  const database = new SandpiperDatabase(`git-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 50_000_000,
    python: null,
  });
  disk = mkdtempSync(join(tmpdir(), 'sandpiper-git-'));
});
afterEach(() => rmSync(disk, { recursive: true, force: true }));

async function inSandbox(command: string): Promise<string> {
  const result = await sandbox.exec('git', `cd /home/ubuntu/repo && ${command}`, { timeoutSeconds: 60 });
  return result.stdout + result.stderr;
}

function onDisk(command: string): string {
  return execFileSync('bash', ['-c', `cd ${disk} && ${command} 2>&1`], {
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'a',
      GIT_AUTHOR_EMAIL: 'a@b',
      GIT_COMMITTER_NAME: 'a',
      GIT_COMMITTER_EMAIL: 'a@b',
    },
  }).toString();
}

const STEPS = [
  'printf "one\\n" > a.txt && printf "two\\n" > b.txt && mkdir -p src && printf "x\\n" > src/c.txt',
  'git add a.txt src',
  'git commit -q -m first >/dev/null',
  'printf "changed\\n" >> a.txt && rm src/c.txt && printf "new\\n" > d.txt',
  'git add a.txt',
  'printf "again\\n" >> a.txt',
  'git add -A',
  'git commit -q -m second >/dev/null',
];

describe('git in the virtual shell', () => {
  it('gives the same `git status -s` as GNU git at every step of a small history', async () => {
    await sandbox.exec('git', 'mkdir -p /home/ubuntu/repo && cd /home/ubuntu/repo && git init', {});
    onDisk('git init -q -b main');
    for (const step of STEPS) {
      const command = step.replace(' -q', '');
      await inSandbox(command.replace(' >/dev/null', ''));
      onDisk(step);
      expect(await inSandbox('git status -s'), `after: ${step}`).toBe(onDisk('git status -s'));
    }
    expect(await inSandbox('git log --oneline | wc -l')).toBe('2\n');
    expect(await inSandbox('git status')).toContain('nothing to commit, working tree clean');
    // Saved like any other file: the repository is in the workspace.
    expect(await sandbox.stat('/home/ubuntu/repo/.git/HEAD')).not.toBeNull();
  });

  it('takes the options people type: `init -q -b`, `commit -qm`, `commit -am` (found by the runtime fuzz)', async () => {
    const both = async (command: string) => [await inSandbox(command), onDisk(command)];
    await sandbox.exec('git', 'mkdir -p /home/ubuntu/repo', {});
    // `git init -q` made a repository in a folder named `-q`.
    expect(await both('git init -q -b main')).toEqual(['', '']);
    expect(await sandbox.stat('/home/ubuntu/repo/.git/HEAD')).not.toBeNull();
    expect(await sandbox.stat('/home/ubuntu/repo/-q')).toBeNull();
    await both('printf "one\\n" > a.txt && git add -A');
    expect(await both('git commit -qm first')).toEqual(['', '']);
    await both('printf "two\\n" >> a.txt && printf "new\\n" > b.txt');
    await both('git commit -q -am second');
    const [sandboxStatus, diskStatus] = await both('git status -s');
    expect(sandboxStatus).toBe(diskStatus);
    expect(sandboxStatus).toBe('?? b.txt\n');
    expect(await inSandbox('git log --oneline | wc -l')).toBe('2\n');
  });

  it('says what it cannot do, and outside a repository says so as git does', async () => {
    await sandbox.exec('git', 'mkdir -p /home/ubuntu/plain', {});
    const outside = await sandbox.exec('git', 'cd /home/ubuntu/plain && git status', {});
    expect(outside.stderr).toBe('fatal: not a git repository (or any of the parent directories): .git\n');
    expect(outside.exitCode).toBe(128);
    const diff = await sandbox.exec('git', 'git diff', {});
    expect(diff.exitCode).toBe(1);
    expect(diff.stderr).toMatch(/'diff' is not available in this sandbox/);
  });

  it('answers muxd’s git_status with `git status -s` of the folder, and git’s own error outside a repository', async () => {
    await sandbox.exec(
      'git',
      'mkdir -p /home/ubuntu/repo && cd /home/ubuntu/repo && git init && printf "a" > a.txt',
      {},
    );
    const run = async (args: object) => {
      const prepared = gitStatusTool.prepare(JSON.stringify(args));
      if (!prepared.ok) throw new Error(prepared.message);
      return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
    };
    expect(await run({ path: 'repo' })).toMatchObject({ status: 'success', content: '?? a.txt\n' });
    expect(await run({})).toMatchObject({
      status: 'error',
      message: 'fatal: not a git repository (or any of the parent directories): .git\n',
    });
  });
});
