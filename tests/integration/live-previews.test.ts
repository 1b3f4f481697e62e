import { afterEach, describe, expect, it } from 'vitest';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { openManusProfile } from '../../src/agent-worker/profiles/openmanus/openmanus-profile.ts';
import { NO_PREVIEW_BROWSER } from '../../src/agent-worker/toolkit/ports/live-previews.ts';
import { WEB_CONTENT_NOTE } from '../../src/agent-worker/toolkit/web/web-content.ts';
import type { Envelope } from '../../src/shared/protocol/envelope.ts';
import { BrowserMeta } from '../../src/shared/protocol/tool-meta/browser-meta.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { FakeNotesBrowser, NOTES_APP_ERROR } from '../fixtures/preview-browser.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { overMessageChannel } from './comlink-channel.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

/**
 * Live previews through the real runtime: the page's preview browser (a test double of
 * the main thread's agent frame, showing a notes app) handed over with
 * `connectPreviewBrowser` through comlink over a real MessageChannel, and the scripted
 * model calling Manus' `browser` and OpenManus' `browser_use` on the conversation's own
 * preview. What the model reads next is checked. The frame itself is tested in Chromium.
 */

const INDEX_HTML =
  '<!doctype html><title>Notes</title><main><h1>My notes</h1><p>Loading…</p></main><script src="app.js"></script>';
/** Where the runtime serves previews when no app URL is given (see run-preparation.ts). */
const APP = 'http://localhost/';

let harness: Harness;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  assertWellFormedRequests(harness.server);
  await harness.close();
});

/** A harness with both profiles and, unless `connected` is false, the fake browser connected. */
async function start(browser: FakeNotesBrowser, connected = true): Promise<void> {
  harness = await createHarness({}, {}, { profiles: [manusProfile, openManusProfile] });
  if (connected)
    await harness.runtime.connectPreviewBrowser(
      overMessageChannel(browser.host(), (close) => cleanups.push(close)),
    );
}

/** Every tool message the model read in its last request. */
function lastToolMessages(): string[] {
  return (messagesOf(harness.server.requests.at(-1)) as { role: string; content?: unknown }[])
    .filter((message) => message.role === 'tool' && typeof message.content === 'string')
    .map((message) => message.content as string);
}

const completed = async (id: string, tool: string): Promise<Envelope[]> =>
  (await harness.completions(id)).filter((envelope) => envelope.meta.tool === tool);

describe('Manus’ browser on the conversation’s preview', () => {
  /** Runs Manus writing the app, then `browser` on its preview address (known once the conversation is). */
  async function checkTheApp(): Promise<{ id: string; browse: Envelope | undefined }> {
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/notes-app/index.html', text: INDEX_HTML }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    harness.server.push(
      call('browser', { url: `${APP}preview/${id}/notes-app/index.html`, brief: 'Check the app' }),
      call('message', { type: 'result', text: 'Done.' }),
    );
    await harness.runtime.idle(id);
    return { id, browse: (await completed(id, 'browser'))[0] };
  }

  it('the model reads the page as rendered and the console’s error with its file and line', async () => {
    const browser = new FakeNotesBrowser([NOTES_APP_ERROR]);
    await start(browser);
    const { id, browse } = await checkTheApp();
    const preview = `${APP}preview/${id}/notes-app/index.html`;
    expect(browser.conversations).toEqual([id]);
    expect(browser.calls).toEqual([{ method: 'open', url: preview, look: { screenshot: false } }]);
    expect(browse?.status).toBe('success');
    const meta = BrowserMeta.parse(browse?.meta);
    expect(meta).toMatchObject({ rendered: true, console: [NOTES_APP_ERROR], live_url: preview });
    const read = lastToolMessages().find((message) => message.includes("agent's browser")) ?? '';
    expect(read.startsWith(`${WEB_CONTENT_NOTE}\n`)).toBe(true);
    const observation = JSON.parse(read.slice(WEB_CONTENT_NOTE.length + 1)) as { content: string };
    expect(observation.content).toContain(`Console: 1 error.\n<web_content source="console of ${preview}">`);
    expect(observation.content).toContain(
      "- [error] notes-app/app.js:12:5 (uncaught): TypeError: Cannot read properties of null (reading 'addEventListener')",
    );
    expect(observation.content).toContain('My notes\nNew note\nAdd\nSort: Newest\nNo notes yet.');
    expect(observation.content).not.toContain('Loading…');
    const saved = await new WorkspaceRepository(harness.database).read(
      id,
      meta.path?.slice('/home/ubuntu/'.length) ?? '',
    );
    expect(new TextDecoder().decode(saved?.content)).toContain('No notes yet.');
  });

  it('without a connected browser, the model reads the file and is told why it was not rendered', async () => {
    await start(new FakeNotesBrowser(), false);
    const { browse } = await checkTheApp();
    expect(BrowserMeta.parse(browse?.meta)).toMatchObject({
      rendered: false,
      not_rendered: NO_PREVIEW_BROWSER,
    });
    const read = lastToolMessages().find((message) => message.includes('without running its scripts')) ?? '';
    const observation = JSON.parse(read.slice(WEB_CONTENT_NOTE.length + 1)) as { content: string };
    expect(observation.content).toContain(
      `It was read from its file, without running its scripts: ${NO_PREVIEW_BROWSER}`,
    );
    expect(observation.content).toContain('Loading…');
  });
});

describe('OpenManus’ browser_use on the conversation’s preview', () => {
  it('go_to_url, input_text, click_element: the next observation lists the new note', async () => {
    const browser = new FakeNotesBrowser();
    await start(browser);
    harness.server.setScript([
      call('str_replace_editor', {
        command: 'create',
        path: '/home/ubuntu/notes-app/index.html',
        file_text: INDEX_HTML,
      }),
    ]);
    const id = await harness.runtime.startConversation('Build a notes app', { profileId: 'openmanus' });
    harness.server.push(
      call('browser_use', { action: 'go_to_url', url: `${APP}preview/${id}/notes-app/index.html` }),
      call('browser_use', { action: 'input_text', index: 0, text: 'Buy milk' }),
      call('browser_use', { action: 'click_element', index: 1 }),
      call('terminate', { status: 'success' }),
    );
    await harness.runtime.idle(id);

    const actions = await completed(id, 'browser_use');
    expect(actions.map((envelope) => [envelope.meta.action_type, envelope.status])).toEqual([
      ['browser_use.go_to_url', 'success'],
      ['browser_use.input_text', 'success'],
      ['browser_use.click_element', 'success'],
    ]);
    expect(browser.calls.map((call) => (call.method === 'act' ? call.action : call.method))).toEqual([
      'open',
      { type: 'input', index: 0, text: 'Buy milk' },
      { type: 'click', index: 1 },
    ]);
    const read = lastToolMessages().at(-1) ?? '';
    expect(read.startsWith(`${WEB_CONTENT_NOTE}\n`)).toBe(true);
    const clicked = (JSON.parse(read.slice(WEB_CONTENT_NOTE.length + 1)) as { content: string }).content;
    expect(clicked).toMatch(/^Clicked element at index 1\n/);
    expect(clicked).toContain('Result: Clicked the button “Add”');
    expect(clicked).toContain('[0]<input type="text">New note</input>\n[1]<button>Add</button>');
    expect(clicked).toContain('Text:\nMy notes\nNew note\nAdd\nSort: Newest\n• Buy milk\n</web_content>');
    expect(BrowserMeta.parse(actions[2]?.meta)).toMatchObject({ rendered: true, console: [] });
  });
});
