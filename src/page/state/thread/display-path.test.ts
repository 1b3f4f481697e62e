import { describe, expect, it } from 'vitest';
import { displayPath, withHomeRelativePaths } from './display-path.ts';

describe('displayPath', () => {
  it('shows a path in the home folder relative to it, the file name apart', () => {
    expect(displayPath('/home/ubuntu/notes-app/index.html')).toEqual({
      directory: 'notes-app/',
      name: 'index.html',
    });
    expect(displayPath('/home/ubuntu/notes.md')).toEqual({ directory: '', name: 'notes.md' });
    expect(displayPath('/home/ubuntu/a/./b/../c/deep/file.ts')).toEqual({
      directory: 'a/c/deep/',
      name: 'file.ts',
    });
  });

  it('keeps relative paths and paths outside the home folder as given', () => {
    expect(displayPath('notes/todo.md')).toEqual({ directory: 'notes/', name: 'todo.md' });
    expect(displayPath('/tmp/out/log.txt')).toEqual({ directory: '/tmp/out/', name: 'log.txt' });
    expect(displayPath('/home/ubuntu2/x.txt')).toEqual({ directory: '/home/ubuntu2/', name: 'x.txt' });
    expect(displayPath('/home/ubuntu/**/*.md')).toEqual({ directory: '**/', name: '*.md' });
  });

  it('names the home folder and keeps a folder’s trailing slash', () => {
    expect(displayPath('/home/ubuntu')).toEqual({ directory: '', name: '~' });
    expect(displayPath('/home/ubuntu/')).toEqual({ directory: '', name: '~' });
    expect(displayPath('/home/ubuntu/notes-app/src/')).toEqual({ directory: 'notes-app/', name: 'src/' });
  });
});

describe('withHomeRelativePaths', () => {
  it('drops the home folder from paths in a line of text', () => {
    expect(withHomeRelativePaths('File write: /home/ubuntu/notes-app/index.html')).toBe(
      'File write: notes-app/index.html',
    );
    expect(withHomeRelativePaths('Listing /home/ubuntu recursively')).toBe('Listing ~ recursively');
    expect(withHomeRelativePaths('/home/ubuntu2/x and /home/ubuntu.bak')).toBe(
      '/home/ubuntu2/x and /home/ubuntu.bak',
    );
  });
});
