import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import type { ViewerTarget } from '../app/ui-store.ts';
import { createViewerTitle } from './viewer-title.ts';

const page = (title: string): WorkspaceFile => ({
  conversationId: 'c',
  path: 'notes-app/index.html',
  kind: 'file',
  content: new TextEncoder().encode(`<title>${title}</title>`),
  size: 1,
  modifiedAt: 0,
});

const site = (name: string, title: string): ViewerTarget => ({
  kind: 'site',
  url: 'https://app.example/preview/c/notes-app/index.html',
  isWorkspace: true,
  pagePath: 'notes-app/index.html',
  title,
  attachment: { name, path: '/home/ubuntu/notes-app/index.html', mime: 'text/html' },
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the name of what the Viewer shows', () => {
  it('follows the page’s title as the workspace changes (a rewind), starting from the card’s', async () => {
    let html = page('Sandpiper Notes');
    const [changes, setChanges] = createSignal(0);
    const [target, setTarget] = createSignal<ViewerTarget | null>(site('index.html', 'Sandpiper Notes'));
    const title = createRoot(() =>
      createViewerTitle(target, { readFile: async () => html, changeCount: changes }),
    );
    expect(title()).toBe('Sandpiper Notes');
    html = page('My Notes');
    setChanges(1);
    await settled();
    expect(title()).toBe('My Notes');
    // A card the agent named itself keeps its name, whatever the page says.
    setTarget(site('Live notes', 'Live notes'));
    await settled();
    expect(title()).toBe('Live notes');
    setTarget(null);
    expect(title()).toBeNull();
  });

  it('keeps the card’s name when the page cannot be read (no conversation open)', async () => {
    const [target] = createSignal<ViewerTarget | null>(site('index.html', 'Sandpiper Notes'));
    const title = createRoot(() =>
      createViewerTitle(target, {
        readFile: () => {
          throw new Error('No conversation is open.');
        },
        changeCount: () => 0,
      }),
    );
    await settled();
    expect(title()).toBe('Sandpiper Notes');
  });
});
