import { describe, expect, it } from 'vitest';
import type { ToolContext, ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { NO_PREVIEW_BROWSER } from '@/agent-worker/toolkit/ports/live-previews.ts';
import {
  APP_BASE_URL,
  FakeNotesBrowser,
  NOTES_APP_ERROR,
  SCREENSHOT_PNG,
  workspacePagesContext,
} from '~/tests/fixtures/preview-browser.ts';
import { browserTool } from './browser.ts';

const NOTES_HTML =
  '<!doctype html><title>Notes</title><main><h1>My notes</h1><p>Loading…</p></main><script src="app.js"></script>';
const FILES = { '/home/ubuntu/notes-app/index.html': NOTES_HTML };
const PREVIEW = `${APP_BASE_URL}preview/c/notes-app/index.html`;

async function browse(context: ToolContext, url: string): Promise<ToolOutcome> {
  const prepared = browserTool.prepare(JSON.stringify({ url, brief: 'Check the app' }));
  if (!prepared.ok || !prepared.execute) throw new Error('the call did not validate');
  return prepared.execute(context);
}

function success(outcome: ToolOutcome) {
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  return outcome;
}

describe('browser on the conversation’s own pages', () => {
  it('opens a preview live: the rendered text, the console’s error with its file and line, saved as rendered', async () => {
    const browser = new FakeNotesBrowser([NOTES_APP_ERROR]);
    const { context, workspace } = workspacePagesContext({ files: FILES, livePreviews: browser.port() });
    const outcome = success(await browse(context, PREVIEW));
    const path = '/home/ubuntu/pages/workspace-home-ubuntu-notes-app-index.md';
    expect(outcome.content).toBe(
      [
        `Opened the page in the agent's browser, its scripts run. Saved its rendered text as ${path} (10 words).`,
        'Console: 1 error.',
        `<web_content source="console of ${PREVIEW}">`,
        "- [error] notes-app/app.js:12:5 (uncaught): TypeError: Cannot read properties of null (reading 'addEventListener')",
        '</web_content>',
        '',
        `<web_content source="file:///home/ubuntu/notes-app/index.html">`,
        'Title: My notes',
        '',
        'My notes\nNew note\nAdd\nSort: Newest\nNo notes yet.',
        '</web_content>',
      ].join('\n'),
    );
    expect(outcome.meta).toMatchObject({
      url: PREVIEW,
      path,
      via: 'workspace',
      live_url: PREVIEW,
      rendered: true,
      console: [NOTES_APP_ERROR],
    });
    expect(outcome.images).toBeUndefined();
    expect(browser.calls).toEqual([{ method: 'open', url: PREVIEW, look: { screenshot: false } }]);
    expect(workspace.text(path)).toContain('No notes yet.');
  });

  it('says plainly that there were no errors, for a workspace path as for a preview address', async () => {
    const browser = new FakeNotesBrowser();
    const { context } = workspacePagesContext({ files: FILES, livePreviews: browser.port() });
    const outcome = success(await browse(context, '/home/ubuntu/notes-app/'));
    expect(outcome.content.split('\n')[1]).toBe('Console: no errors or warnings.');
    expect(outcome.meta).toMatchObject({ rendered: true, console: [] });
  });

  it('asks for a screenshot only for a model that sees images, and shows it after the observation', async () => {
    const browser = new FakeNotesBrowser();
    const { context } = workspacePagesContext({
      files: FILES,
      livePreviews: browser.port(),
      seesImages: true,
    });
    const outcome = success(await browse(context, 'file:///home/ubuntu/notes-app/index.html'));
    expect(browser.calls).toEqual([{ method: 'open', url: PREVIEW, look: { screenshot: true } }]);
    expect(outcome.content).toContain('\nA screenshot of the page follows this observation.\n');
    expect(outcome.images).toEqual([
      {
        label: `Screenshot of ${PREVIEW}`,
        mime: 'image/png',
        width: 32,
        height: 20,
        data: Buffer.from(SCREENSHOT_PNG).toString('base64'),
      },
    ]);
  });

  it('reads the file, saying why it was not rendered, when live previews are unavailable', async () => {
    const { context } = workspacePagesContext({ files: FILES });
    const outcome = success(await browse(context, PREVIEW));
    expect(outcome.content.split('\n').slice(0, 2)).toEqual([
      'Opened the page from the workspace. Saved the readable page as /home/ubuntu/pages/workspace-home-ubuntu-notes-app-index.md (3 words).',
      `It was read from its file, without running its scripts: ${NO_PREVIEW_BROWSER}`,
    ]);
    expect(outcome.content).toContain('Loading…');
    expect(outcome.meta).toMatchObject({
      rendered: false,
      not_rendered: NO_PREVIEW_BROWSER,
      live_url: PREVIEW,
    });
  });

  it('reads the file when the page cannot be loaded, with the browser’s reason', async () => {
    const { context } = workspacePagesContext({
      files: FILES,
      livePreviews: {
        unavailableReason: () => null,
        open: async () => ({ ok: false, reason: "The agent's browser did not report the page within 30 s." }),
        act: async () => ({ ok: false, reason: 'No page.', state: null }),
      },
    });
    const outcome = success(await browse(context, PREVIEW));
    expect(outcome.content).toContain(
      "It was read from its file, without running its scripts: The agent's browser did not report the page within 30 s.",
    );
  });
});
