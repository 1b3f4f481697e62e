import { describe, expect, it } from 'vitest';
import { workspaceTargetOf } from './workspace-pages.ts';

const BASE = 'https://app.example/sandpiper/';

describe('workspace page addresses', () => {
  it('reads file:// URLs, bare workspace paths and this conversation’s previews from the workspace', () => {
    expect(workspaceTargetOf('file:///home/ubuntu/site/index.html', 'c1', BASE)).toEqual({
      path: '/home/ubuntu/site/index.html',
    });
    expect(workspaceTargetOf('/home/ubuntu/notes.md', 'c1', BASE)).toEqual({ path: '/home/ubuntu/notes.md' });
    expect(workspaceTargetOf('https://app.example/sandpiper/preview/c1/site/a%20b.html', 'c1', BASE)).toEqual(
      {
        path: '/home/ubuntu/site/a b.html',
      },
    );
    expect(workspaceTargetOf('/sandpiper/preview/c1/site/', 'c1', BASE)).toEqual({
      path: '/home/ubuntu/site',
    });
  });

  it('refuses other conversations’ previews, the app’s own pages, paths outside the workspace and bare names', () => {
    expect(workspaceTargetOf('https://app.example/sandpiper/preview/c2/x.html', 'c1', BASE)).toHaveProperty(
      'refused',
    );
    expect(workspaceTargetOf('https://app.example/sandpiper/index.html', 'c1', BASE)).toHaveProperty(
      'refused',
    );
    expect(workspaceTargetOf('file:///etc/passwd', 'c1', BASE)).toHaveProperty('refused');
    expect(workspaceTargetOf('/home/ubuntu/../../etc/passwd', 'c1', BASE)).toHaveProperty('refused');
    expect(workspaceTargetOf('index.html', 'c1', BASE)).toHaveProperty('refused');
  });

  it('leaves ordinary web addresses to the network', () => {
    expect(workspaceTargetOf('https://news.example/preview/c1/x.html', 'c1', BASE)).toBeNull();
    expect(workspaceTargetOf('http://docs.example/guide', 'c1', BASE)).toBeNull();
  });
});
