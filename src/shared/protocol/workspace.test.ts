import { describe, expect, it } from 'vitest';
import { baseName, previewPath, workspacePathOf } from './workspace.ts';

describe('workspacePathOf', () => {
  it('makes paths under /home/ubuntu relative, resolving . and ..', () => {
    expect(workspacePathOf('/home/ubuntu/notes/todo.md')).toBe('notes/todo.md');
    expect(workspacePathOf('/home/ubuntu//notes/./a/../todo.md')).toBe('notes/todo.md');
    expect(workspacePathOf('notes/todo.md')).toBe('notes/todo.md');
  });

  it('is null outside the workspace and for the root itself', () => {
    expect(workspacePathOf('/tmp/out.txt')).toBeNull();
    expect(workspacePathOf('/home/ubuntu')).toBeNull();
    expect(workspacePathOf('/home/ubuntu/../root/.ssh/id')).toBeNull();
    expect(workspacePathOf('/home/ubuntu2/x')).toBeNull();
    expect(workspacePathOf('  ')).toBeNull();
  });
});

describe('baseName', () => {
  it('is the last segment', () => {
    expect(baseName('notes/todo.md')).toBe('todo.md');
    expect(baseName('todo.md')).toBe('todo.md');
    expect(baseName('notes/')).toBe('notes');
  });
});

describe('previewPath', () => {
  it('is the service worker preview route of a workspace file, each segment encoded', () => {
    expect(previewPath('c 1', 'site/index.html')).toBe('preview/c%201/site/index.html');
    expect(previewPath('c1', 'my notes/a#b.md')).toBe('preview/c1/my%20notes/a%23b.md');
  });
});
