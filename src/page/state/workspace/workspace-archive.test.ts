import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import { archiveName, folderFiles, zipWorkspace } from './workspace-archive.ts';

const entry = (path: string, kind: 'file' | 'directory', text = ''): WorkspaceFile => {
  const content = new TextEncoder().encode(text);
  return {
    conversationId: 'c',
    path,
    kind,
    content,
    size: content.byteLength,
    modifiedAt: Date.UTC(2026, 0, 5),
  };
};

describe('zipWorkspace', () => {
  it('zips files at their relative paths and keeps empty folders', async () => {
    const zip = await zipWorkspace([
      entry('notes', 'directory'),
      entry('notes/todo.md', 'file', '- buy oat milk\n'),
      entry('empty', 'directory'),
      entry('image.png', 'file', 'not really a png'),
    ]);
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped).sort()).toEqual(['empty/', 'image.png', 'notes/', 'notes/todo.md']);
    expect(new TextDecoder().decode(unzipped['notes/todo.md'])).toBe('- buy oat milk\n');
    expect(new TextDecoder().decode(unzipped['image.png'])).toBe('not really a png');
  });

  it('accepts modification times a zip cannot hold', async () => {
    const old = { ...entry('old.txt', 'file', 'x'), modifiedAt: 1 };
    expect(Object.keys(unzipSync(await zipWorkspace([old])))).toEqual(['old.txt']);
  });
});

describe('archiveName', () => {
  it('names the zip after the conversation', () => {
    expect(archiveName('Build a notes app — with auth!')).toBe('build-a-notes-app-with-auth.zip');
    expect(archiveName('Café résumé')).toBe('cafe-resume.zip');
    expect(archiveName('')).toBe('workspace.zip');
    expect(archiveName('???')).toBe('workspace.zip');
    expect(archiveName('季度报告')).toBe('季度报告.zip');
  });
});

describe('folderFiles', () => {
  const files = [
    entry('apps', 'directory'),
    entry('apps/notes-app', 'directory'),
    entry('apps/notes-app/index.html', 'file', '<title>Notes</title>'),
    entry('apps/notes-app/css/app.css', 'file', 'body{}'),
    entry('apps/notes-app/node_modules/x/index.js', 'file', 'x'),
    entry('apps/notes-app/.git/HEAD', 'file', 'ref'),
    entry('apps/notes-app-old/index.html', 'file', 'old'),
    entry('readme.md', 'file', '# hi'),
  ];

  it('takes one folder under its own name, without installed packages or git history', () => {
    expect(folderFiles(files, 'apps/notes-app').map((file) => file.path)).toEqual([
      'notes-app',
      'notes-app/index.html',
      'notes-app/css/app.css',
    ]);
  });

  it('takes the whole workspace for the root folder', () => {
    expect(folderFiles(files, '').map((file) => file.path)).toEqual([
      'apps',
      'apps/notes-app',
      'apps/notes-app/index.html',
      'apps/notes-app/css/app.css',
      'apps/notes-app-old/index.html',
      'readme.md',
    ]);
  });
});
