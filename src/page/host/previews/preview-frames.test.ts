import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_MESSAGE_TAG } from '@/shared/protocol/preview-messages.ts';
import { PreviewFrames, type PreviewStorageSink } from './preview-frames.ts';

/** A window that records what is posted to it, and a frame showing it. */
function fakeFrame() {
  const posted: unknown[] = [];
  const contentWindow = { postMessage: (message: unknown) => posted.push(message) };
  return { frame: { contentWindow } as unknown as HTMLIFrameElement, contentWindow, posted };
}

/** The app window's message listener, called by hand with what a page would post. */
function listening(frames: PreviewFrames) {
  let listener: ((event: MessageEvent) => void) | null = null;
  frames.listen({
    addEventListener: (_type: string, added: (event: MessageEvent) => void) => {
      listener = added;
    },
    removeEventListener: () => undefined,
  } as unknown as Window);
  return (source: unknown, data: unknown) => listener?.({ source, data } as MessageEvent);
}

const state = {
  url: 'https://app.example/preview/c1/notes/index.html',
  title: 'Notes',
  text: 'Notes',
  isTextCut: false,
  elements: [],
  console: [],
  scroll: { top: 0, height: 800, viewport: 800 },
  screenshot: null,
};

describe('the app’s side of preview frames', () => {
  it('saves the newest storage of the page’s own site under the frame’s conversation, whatever the page claims', async () => {
    const saves: unknown[][] = [];
    const sink: PreviewStorageSink = { save: async (...args) => void saves.push(args) };
    const frames = new PreviewFrames(sink, () => 7);
    const post = listening(frames);
    const { frame, contentWindow } = fakeFrame();
    frames.register(frame, { conversationId: 'c1' });
    post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'hello', site: 'notes', href: state.url });
    const storage = (data: string) => ({
      tag: PREVIEW_MESSAGE_TAG,
      type: 'storage',
      site: 'notes',
      area: 'local',
      data,
      conversationId: 'c2',
    });
    post(contentWindow, storage('[1]'));
    post(contentWindow, storage('[2]'));
    post(contentWindow, storage('[3]'));
    post({ postMessage: () => undefined }, storage('[from a window that is not a frame of ours]'));
    post(contentWindow, { ...storage('[4]'), area: 'everything' });
    post(contentWindow, { ...storage('[5]'), site: '../other' });
    post(contentWindow, { ...storage('[6]'), site: 'another-site' });
    await frames.flushed();
    // [2] waited behind [1] and was overtaken by [3]: only the newest text is worth saving.
    expect(saves).toEqual([
      ['c1', 'notes', 'local', '[1]', 7],
      ['c1', 'notes', 'local', '[3]', 7],
    ]);
  });

  it('passes console entries and page starts to the frame’s listeners', () => {
    const frames = new PreviewFrames({ save: async () => undefined });
    const post = listening(frames);
    const { frame, contentWindow } = fakeFrame();
    const onConsole = vi.fn();
    const onPageStart = vi.fn();
    const unregister = frames.register(frame, { conversationId: 'c1', onConsole, onPageStart });
    post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'hello', site: 'notes', href: state.url });
    const entry = {
      level: 'error',
      kind: 'uncaught',
      message: 'boom',
      source: 'notes/app.js',
      line: 3,
      at: 10,
    };
    post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'console', entry });
    post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'console', entry: { ...entry, line: -1 } });
    unregister();
    post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'console', entry });
    expect(onPageStart).toHaveBeenCalledWith('notes', state.url);
    expect(onConsole.mock.calls).toEqual([[entry]]);
  });

  it('passes every level the page logs (log, info, warning, error) to the console drawer', () => {
    const frames = new PreviewFrames({ save: async () => undefined });
    const post = listening(frames);
    const { frame, contentWindow } = fakeFrame();
    const onConsole = vi.fn();
    frames.register(frame, { conversationId: 'c1', onConsole });
    const levels = ['log', 'info', 'warning', 'error'] as const;
    for (const level of levels) {
      const entry = {
        level,
        kind: 'console',
        message: `said at ${level}`,
        source: 'notes/app.js',
        line: 1,
        at: 5,
      };
      post(contentWindow, { tag: PREVIEW_MESSAGE_TAG, type: 'console', entry });
    }
    expect(onConsole.mock.calls.map(([entry]) => entry.level)).toEqual([...levels]);
  });

  it('matches a command’s reply to it, and gives up after the timeout', async () => {
    vi.useFakeTimers();
    const frames = new PreviewFrames({ save: async () => undefined });
    const post = listening(frames);
    const { frame, contentWindow, posted } = fakeFrame();
    frames.register(frame, { conversationId: 'c1' });
    const answered = frames.command(frame, { action: { type: 'click', index: 2 }, screenshot: false }, 1_000);
    const command = posted[0] as { id: number; action: unknown };
    expect(command).toMatchObject({
      tag: PREVIEW_MESSAGE_TAG,
      type: 'command',
      action: { type: 'click', index: 2 },
    });
    post(contentWindow, {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'reply',
      id: command.id + 1,
      ok: true,
      detail: 'other',
      state,
    });
    post(contentWindow, {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'reply',
      id: command.id,
      ok: true,
      detail: 'Clicked',
      state,
    });
    await expect(answered).resolves.toEqual({ ok: true, detail: 'Clicked', state });

    const silent = frames.command(frame, { action: null, screenshot: false }, 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(silent).resolves.toMatchObject({ ok: false, state: null });

    // A page that leaves while a command runs (a link clicked) answers with where it went.
    const leaving = frames.command(frame, { action: { type: 'click', index: 0 }, screenshot: false }, 1_000);
    post(contentWindow, {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'hello',
      site: 'notes',
      href: `${state.url}#next`,
    });
    await expect(leaving).resolves.toMatchObject({ ok: true, state: null, navigatedTo: `${state.url}#next` });

    // An answer out of shape fails its command at once.
    const garbled = frames.command(frame, { action: null, screenshot: false }, 1_000);
    const id = (posted.at(-1) as { id: number }).id;
    post(contentWindow, {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'reply',
      id,
      ok: true,
      detail: 'x'.repeat(20_000),
      state,
    });
    await expect(garbled).resolves.toMatchObject({ ok: false, state: null });
    vi.useRealTimers();
  });
});
