import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError } from '@/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { VirtualSandbox } from './virtual-sandbox.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const text = (value: string) => new TextEncoder().encode(value);

async function openWithSkill() {
  database = new SandpiperDatabase(`mounts-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace,
    limitBytes: 100_000,
    python: null,
    mounts: [
      {
        mountPoint: '/home/ubuntu/skills/greet',
        files: [
          {
            path: 'SKILL.md',
            bytes: text('---\nname: greet\ndescription: Greets.\n---\nRun scripts/hello.sh\n'),
          },
          { path: 'scripts/hello.sh', bytes: text('echo "hello from $1"\n') },
        ],
      },
    ],
  });
  return { sandbox, workspace };
}

describe('read-only mounts in the virtual sandbox', () => {
  it('shows a mounted tree to the shell and the file port, runs its scripts, and saves none of it', async () => {
    const { sandbox, workspace } = await openWithSkill();
    expect((await sandbox.exec('s', 'ls skills && ls skills/greet/scripts')).stdout).toBe(
      'greet\nhello.sh\n',
    );
    expect(await sandbox.readText('/home/ubuntu/skills/greet/SKILL.md')).toContain('Run scripts/hello.sh');
    expect(
      (await sandbox.exec('s', 'bash skills/greet/scripts/hello.sh Ada > out.txt; cat out.txt')).stdout,
    ).toBe('hello from Ada\n');
    expect((await workspace.list('c')).map((file) => file.path)).toEqual(['out.txt']);
  });

  it('refuses every write into the mount, from the shell and from the file port, and changes nothing', async () => {
    const { sandbox } = await openWithSkill();
    const shell = await sandbox.exec('s', 'echo x > skills/greet/SKILL.md');
    expect(shell.exitCode).not.toBe(0);
    for (const command of [
      'rm skills/greet/scripts/hello.sh',
      'mv skills/greet/SKILL.md a.md',
      'mkdir skills/greet/x',
    ]) {
      expect((await sandbox.exec('s', command)).exitCode, command).not.toBe(0);
    }
    await expect(sandbox.writeFile('/home/ubuntu/skills/greet/SKILL.md', 'x')).rejects.toMatchObject({
      kind: 'read_only',
    });
    await expect(sandbox.remove('/home/ubuntu/skills', { isRecursive: true })).rejects.toBeInstanceOf(
      SandboxError,
    );
    await expect(
      sandbox.rename('/home/ubuntu/skills/greet/SKILL.md', '/home/ubuntu/a.md'),
    ).rejects.toMatchObject({
      kind: 'read_only',
    });
    expect(await sandbox.readText('/home/ubuntu/skills/greet/SKILL.md')).toContain('name: greet');
    expect((await sandbox.exec('s', 'ls skills/greet/scripts')).stdout).toBe('hello.sh\n');
  });

  it('keeps the mounts out of git: `git add .` and a commit save no copy of them', async () => {
    const { sandbox, workspace } = await openWithSkill();
    await sandbox.writeFile('/home/ubuntu/notes.md', 'mine\n');
    const result = await sandbox.exec(
      's',
      'git init && git config user.name a && git config user.email a@b && git add . && git commit -m first && git status',
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('nothing to commit');
    // One commit of notes.md alone: its blob, the root tree and the commit (a skill would add a blob and two trees).
    const objects = (await workspace.list('c')).filter(
      (file) => file.kind === 'file' && file.path.startsWith('.git/objects/'),
    );
    expect(objects).toHaveLength(3);
  });
});
