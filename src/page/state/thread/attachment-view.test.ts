import { describe, expect, it } from 'vitest';
import { type AttachmentView, attachmentView, knownDeliverables } from './attachment-view.ts';
import type { ActionItem, Attachment } from './thread-reducer.ts';

const APP = new URL('https://app.example/sandpiper/');

function action(fields: Partial<ActionItem>): ActionItem {
  return {
    kind: 'action',
    key: 'k',
    uuid: 'u',
    seq: 1,
    view: 'row',
    actionType: 'x',
    tool: 'x',
    role: null,
    metaKind: null,
    status: 'success',
    description: '',
    content: '',
    meta: { action_type: 'x', tool: 'x' },
    startedAt: 0,
    endedAt: 1,
    askState: null,
    question: null,
    reply: null,
    attachments: [],
    ignoredToolCalls: [],
    errorMessage: null,
    callArguments: {},
    modelImages: [],
    settledSeq: null,
    summary: null,
    ...fields,
  } as ActionItem;
}

const known = knownDeliverables([
  action({
    metaKind: 'slides',
    meta: {
      action_type: 'slides',
      tool: 'slides',
      deck_path: '/home/ubuntu/talk/deck/index.html',
      slide_count: 3,
    },
  }),
  action({
    metaKind: 'expose',
    meta: {
      action_type: 'expose',
      tool: 'expose',
      port: 3000,
      url: 'https://abc.webcontainer.io/',
      exposed: true,
    },
  }),
  // A failed action's meta is never taken for a deliverable.
  action({
    status: 'error',
    metaKind: 'slides',
    meta: { action_type: 'slides', tool: 'slides', deck_path: '/home/ubuntu/bad/index.html', slide_count: 1 },
  }),
]);

function viewOf(path: string, mime = 'application/octet-stream'): AttachmentView {
  const attachment: Attachment = { name: 'n', path, mime };
  return attachmentView(attachment, known, 'conv 1', APP);
}

describe('attachmentView', () => {
  it('opens decks in the deck viewer: those slides reported, and any slides/index.html', () => {
    expect(viewOf('/home/ubuntu/talk/deck/index.html')).toEqual({
      kind: 'deck',
      path: '/home/ubuntu/talk/deck/index.html',
    });
    expect(viewOf('report/slides/index.html')).toEqual({
      kind: 'deck',
      path: '/home/ubuntu/report/slides/index.html',
    });
    expect(viewOf('/home/ubuntu/bad/index.html').kind).toBe('site');
  });

  it('opens workspace pages and this conversation’s preview addresses in the preview', () => {
    expect(viewOf('/home/ubuntu/site/index.html')).toEqual({
      kind: 'site',
      url: 'https://app.example/sandpiper/preview/conv%201/site/index.html',
      isWorkspace: true,
      pagePath: 'site/index.html',
    });
    expect(viewOf('https://app.example/sandpiper/preview/conv%201/site/', 'text/uri-list')).toEqual({
      kind: 'site',
      url: 'https://app.example/sandpiper/preview/conv%201/site/',
      isWorkspace: true,
      pagePath: 'site/index.html',
    });
  });

  it('never opens another conversation’s preview or the app’s own pages', () => {
    // Another conversation's address is read as this conversation's path, never as theirs.
    expect(viewOf('https://app.example/sandpiper/preview/other/secret.html')).toEqual({
      kind: 'site',
      url: 'https://app.example/sandpiper/preview/conv%201/secret.html',
      isWorkspace: true,
      pagePath: 'secret.html',
    });
    expect(viewOf('https://app.example/sandpiper/?bundle=x')).toEqual({ kind: 'none' });
  });

  it('opens an exposed server in the preview and other web addresses as links', () => {
    expect(viewOf('https://abc.webcontainer.io/', 'text/uri-list')).toEqual({
      kind: 'site',
      url: 'https://abc.webcontainer.io/',
      isWorkspace: false,
      pagePath: null,
    });
    expect(viewOf('https://en.wikipedia.org/wiki/Sandpiper')).toEqual({
      kind: 'link',
      url: 'https://en.wikipedia.org/wiki/Sandpiper',
    });
  });

  it('opens a local preview’s address recorded by the app at another address (an imported conversation) as its page here', () => {
    const recorded = 'http://127.0.0.1:41234/preview/old-id/notes-app/index.html';
    const imported = knownDeliverables([
      action({
        metaKind: 'expose',
        meta: {
          action_type: 'expose',
          tool: 'expose',
          port: 8000,
          url: recorded,
          exposed: false,
          path: '/home/ubuntu/notes-app',
        },
      }),
    ]);
    expect(
      attachmentView({ name: 'Live preview', path: recorded, mime: 'text/uri-list' }, imported, 'c1', APP),
    ).toEqual({
      kind: 'site',
      url: 'https://app.example/sandpiper/preview/c1/notes-app/index.html',
      isWorkspace: true,
      pagePath: 'notes-app/index.html',
    });
  });

  it('opens other workspace files in the Files tab, and refuses paths outside the workspace', () => {
    expect(viewOf('/home/ubuntu/generated/cat.png', 'image/png')).toEqual({
      kind: 'file',
      path: 'generated/cat.png',
    });
    expect(viewOf('notes/summary.md')).toEqual({ kind: 'file', path: 'notes/summary.md' });
    expect(viewOf('/etc/passwd')).toEqual({ kind: 'none' });
    expect(viewOf('/home/ubuntu/../../etc/passwd')).toEqual({ kind: 'none' });
    expect(viewOf('javascript:alert(1)')).toEqual({ kind: 'file', path: 'javascript:alert(1)' });
  });
});
