import { InMemoryFs } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { isWorkspaceRelativePath, WorkerMessage } from '@/shared/protocol/python-messages.ts';
import { WorkspaceMirror } from './workspace-mirror.ts';

const BAD_PATHS = ['', '/etc/passwd', '../outside.txt', 'a/../../b', 'a//b', 'a/', './a', 'a/./b'];

const done = (files: Record<string, unknown>) => ({
  type: 'done',
  id: 1,
  exitCode: 0,
  files: { deletes: [], directories: [], writes: [], ...files },
});

describe('messages from the Python worker', () => {
  it('accepts plain relative workspace paths', () => {
    for (const path of ['a.txt', 'data/report.csv', '.hidden/x', 'a..b/c']) {
      expect(isWorkspaceRelativePath(path), path).toBe(true);
    }
    const write = { path: 'data/report.csv', content: new Uint8Array([1]), modifiedAt: 1 };
    expect(WorkerMessage.safeParse(done({ writes: [write] })).success).toBe(true);
  });

  it('refuses written-back paths that are absolute, empty-segmented or climb out with ..', () => {
    for (const path of BAD_PATHS) {
      expect(isWorkspaceRelativePath(path), path).toBe(false);
      const write = { path, content: new Uint8Array([1]), modifiedAt: 1 };
      expect(WorkerMessage.safeParse(done({ writes: [write] })).success, path).toBe(false);
      expect(WorkerMessage.safeParse(done({ deletes: [path] })).success, path).toBe(false);
      expect(WorkerMessage.safeParse(done({ directories: [path] })).success, path).toBe(false);
    }
  });

  it('refuses messages of the wrong shape', () => {
    expect(WorkerMessage.safeParse({ type: 'done', id: 1, exitCode: 0 }).success).toBe(false);
    expect(WorkerMessage.safeParse({ type: 'output', id: 1, stream: 'stdin', text: 'x' }).success).toBe(
      false,
    );
    expect(
      WorkerMessage.safeParse(done({ writes: [{ path: 'a', content: 'text', modifiedAt: 1 }] })).success,
    ).toBe(false);
    expect(WorkerMessage.safeParse({ type: 'shell', command: 'rm -rf /' }).success).toBe(false);
  });

  it('the workspace mirror writes nothing when one path of a run is outside the workspace', async () => {
    const fs = new InMemoryFs();
    await fs.mkdir('/home/ubuntu', { recursive: true });
    const mirror = new WorkspaceMirror(fs);
    const content = new TextEncoder().encode('x');
    await expect(
      mirror.incoming({
        deletes: [],
        directories: [],
        writes: [
          { path: 'fine.txt', content, modifiedAt: 1 },
          { path: '../escape.txt', content, modifiedAt: 1 },
        ],
      }),
    ).rejects.toThrow(/outside the workspace/);
    expect(await fs.exists('/home/ubuntu/fine.txt')).toBe(false);
    expect(await fs.exists('/home/escape.txt')).toBe(false);
  });
});
