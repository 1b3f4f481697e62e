import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import type { CompletionRequest } from '@/agent-worker/toolkit/ports/completion-port.ts';
import { NO_PREVIEW_BROWSER } from '@/agent-worker/toolkit/ports/live-previews.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import {
  APP_BASE_URL,
  FakeNotesBrowser,
  NOTES_APP_ERROR,
  SCREENSHOT_PNG,
  workspacePagesContext,
} from '~/tests/fixtures/preview-browser.ts';
import { browserUseTool } from './browser-use.ts';
import { BROWSER_STATE_PATH } from './reader-state.ts';

const FILES = {
  '/home/ubuntu/notes-app/index.html': '<!doctype html><title>Notes</title><p>Loading…</p>',
  '/home/ubuntu/notes.md': '# Plain notes\n\nNothing runs here.',
};
const PREVIEW = `${APP_BASE_URL}preview/c/notes-app/index.html`;

/** A browser_use context over the fake notes app (its console reporting one error). */
function live(options: { seesImages?: boolean } = {}) {
  const browser = new FakeNotesBrowser([NOTES_APP_ERROR]);
  const { context, workspace } = workspacePagesContext({
    files: FILES,
    livePreviews: browser.port(),
    ...options,
  });
  const use = (args: Record<string, unknown>) => run(args, context);
  return { browser, context, workspace, use };
}

async function run(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const prepared = browserUseTool.prepare(JSON.stringify(args));
  if (!prepared.ok) return { status: 'error', kind: 'validation', message: prepared.message };
  if (!prepared.execute) throw new Error('browser_use does not run');
  return prepared.execute(context);
}

const textOf = (outcome: ToolOutcome) => (outcome.status === 'success' ? outcome.content : outcome.message);

describe('browser_use on the conversation’s own previews', () => {
  it('go_to_url loads a preview live: console error with its line, elements indexed as browser-use lists them, text', async () => {
    const { use, workspace } = live();
    const opened = await use({ action: 'go_to_url', url: PREVIEW });
    const text = textOf(opened);
    expect(text).toMatch(
      new RegExp(`^Navigated to ${PREVIEW}\n\nCurrent tab: 0 — ${PREVIEW} \\(live: its scripts run`),
    );
    expect(text).toContain(
      'Console: 1 error.\n<web_content source="console of http://localhost/preview/c/notes-app/index.html">\n- [error] notes-app/app.js:12:5 (uncaught): TypeError: Cannot read properties of null (reading \'addEventListener\')',
    );
    expect(text).toContain(
      'Scroll: 0 pixels above, 600 pixels below (the page is 1200 px tall, the window 600 px).',
    );
    expect(text).toContain(
      [
        `<web_content source="${PREVIEW}">`,
        'Title: My notes',
        '',
        'Interactive elements:',
        '[0]<input type="text">New note</input>',
        '[1]<button>Add</button>',
        '[2]<select value="Newest">Sort</select>',
        '',
        'Text:',
        'My notes\nNew note\nAdd\nSort: Newest\nNo notes yet.',
        '</web_content>',
      ].join('\n'),
    );
    expect(opened.status === 'success' && opened.meta).toMatchObject({
      url: PREVIEW,
      live_url: PREVIEW,
      rendered: true,
      console: [NOTES_APP_ERROR],
    });
    const saved = JSON.parse(workspace.text(BROWSER_STATE_PATH) ?? '{}');
    expect(saved.tabs[0].history[0]).toMatchObject({ url: PREVIEW, isLive: true });
  });

  it('input_text then click_element add a note: the next observation lists it, and extract_content reads it', async () => {
    const { use, context, browser } = live();
    await use({ action: 'go_to_url', url: '/home/ubuntu/notes-app/index.html' });
    const typed = await use({ action: 'input_text', index: 0, text: 'Buy milk' });
    expect(textOf(typed)).toMatch(/^Input 'Buy milk' into element at index 0\n/);
    expect(textOf(typed)).toContain('[0]<input type="text" value="Buy milk">New note</input>');
    const clicked = await use({ action: 'click_element', index: 1 });
    expect(textOf(clicked)).toMatch(/^Clicked element at index 1\n/);
    expect(textOf(clicked)).toContain('Result: Clicked the button “Add”');
    expect(textOf(clicked)).toContain('Sort: Newest\n• Buy milk');
    expect(browser.calls.slice(1).map((call) => call.method === 'act' && call.action)).toEqual([
      { type: 'input', index: 0, text: 'Buy milk' },
      { type: 'click', index: 1 },
    ]);
    const asked: CompletionRequest[] = [];
    const reading = {
      ...context,
      completion: {
        complete: async (request: CompletionRequest) => {
          asked.push(request);
          return { text: '{"extracted_content":{"text":"Buy milk"}}', model: 'm' };
        },
      },
    };
    await run({ action: 'extract_content', goal: 'the notes' }, reading);
    expect(asked[0]?.user).toContain('• Buy milk');
  });

  it('send_keys, scrolling, scroll_to_text and the dropdown actions work on the page, in OpenManus’ words', async () => {
    const { use } = live();
    await use({ action: 'go_to_url', url: PREVIEW });
    await use({ action: 'input_text', index: 0, text: 'Call Ann' });
    expect(textOf(await use({ action: 'send_keys', keys: 'Enter' }))).toMatch(
      /^Sent keys: Enter\n[\s\S]*• Call Ann/,
    );
    const down = textOf(await use({ action: 'scroll_down', scroll_amount: 300 }));
    expect(down).toMatch(/^Scrolled down by 300 pixels\n/);
    expect(down).toContain('Scroll: 300 pixels above, 300 pixels below');
    expect(down).toContain('Text (from about where the window is):');
    expect(textOf(await use({ action: 'scroll_up', scroll_amount: 300 }))).toMatch(
      /^Scrolled up by 300 pixels\n/,
    );
    expect(textOf(await use({ action: 'scroll_to_text', text: 'call ann' }))).toMatch(
      /^Scrolled to text: 'call ann'\n/,
    );
    const missing = await use({ action: 'scroll_to_text', text: 'no such words' });
    expect(missing).toMatchObject({ status: 'error', kind: 'execution', meta: { untrusted_content: 'web' } });
    expect(textOf(missing)).toMatch(
      /^Failed to scroll to text: “no such words” is not on the page\.\nConsole: 1 error\./,
    );
    const options = textOf(await use({ action: 'get_dropdown_options', index: 2 }));
    expect(options).toMatch(/^Dropdown options of element at index 2 \(under Result below\)\n/);
    expect(options).toContain('Result: 0: Newest\n1: Oldest');
    const selected = textOf(await use({ action: 'select_dropdown_option', index: 2, text: 'Oldest' }));
    expect(selected).toMatch(/^Selected option 'Oldest' from dropdown at index 2\n/);
    expect(selected).toContain('[2]<select value="Oldest">Sort</select>');
  });

  it('answers OpenManus’ texts for missing fields and a missing element, with the page’s state', async () => {
    const { use } = live();
    await use({ action: 'go_to_url', url: PREVIEW });
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'click_element' }, "Index is required for 'click_element' action"],
      [{ action: 'input_text', index: 0 }, "Index and text are required for 'input_text' action"],
      [{ action: 'send_keys' }, "Keys are required for 'send_keys' action"],
      [{ action: 'get_dropdown_options' }, "Index is required for 'get_dropdown_options' action"],
      [
        { action: 'select_dropdown_option', index: 2 },
        "Index and text are required for 'select_dropdown_option' action",
      ],
      [{ action: 'click_element', index: -1 }, 'Element with index -1 not found'],
    ];
    for (const [args, message] of cases) expect(textOf(await use(args))).toBe(message);
    const absent = await use({ action: 'click_element', index: 9 });
    expect(textOf(absent)).toMatch(
      /^Browser action 'click_element' failed: There is no element with index 9\.\n/,
    );
    expect(textOf(absent)).toContain('[1]<button>Add</button>');
  });

  it('loads the page again when the browser lost it: an action by index is then not done, others are', async () => {
    const { use, browser } = live();
    await use({ action: 'go_to_url', url: PREVIEW });
    browser.lose();
    const clicked = textOf(await use({ action: 'click_element', index: 1 }));
    expect(clicked).toMatch(
      /^The page was no longer loaded in the agent's browser \(the app was reloaded, or the page stopped answering\), so it was loaded again from its address\. Its element indexes may have changed, so 'click_element' was not done/,
    );
    expect(browser.calls.slice(-2).map((call) => call.method)).toEqual(['act', 'open']);
    browser.lose();
    await use({ action: 'input_text', index: 0, text: 'x' }); // reloaded, not typed
    browser.lose();
    const keys = textOf(await use({ action: 'send_keys', keys: 'Tab' }));
    expect(keys).toMatch(
      /^Sent keys: Tab\nThe page was no longer loaded in the agent's browser .* Element indexes may have changed\.\n/,
    );
    expect(browser.calls.slice(-3).map((call) => call.method)).toEqual(['act', 'open', 'act']);
  });

  it('shows the screenshot after each observation for a model that sees images', async () => {
    const { use, browser } = live({ seesImages: true });
    await use({ action: 'go_to_url', url: PREVIEW });
    const clicked = await use({ action: 'click_element', index: 1 });
    expect(clicked.status === 'success' && clicked.images).toEqual([
      expect.objectContaining({
        label: `Screenshot of ${PREVIEW}`,
        data: Buffer.from(SCREENSHOT_PNG).toString('base64'),
      }),
    ]);
    expect(textOf(clicked)).toContain('A screenshot of the page follows this observation.');
    expect(browser.calls.every((call) => call.look.screenshot)).toBe(true);
  });

  it('switching back to a live tab loads its page again; wait looks at the page as it is now', async () => {
    const { use, browser } = live();
    await use({ action: 'go_to_url', url: PREVIEW });
    await use({ action: 'open_tab', url: '/home/ubuntu/notes.md' });
    const back = textOf(await use({ action: 'switch_tab', tab_id: 0 }));
    expect(back).toMatch(/^Switched to tab 0\nIts page was loaded again in the agent's browser/);
    expect(browser.calls.map((call) => call.method)).toEqual(['open', 'open']);
    expect(textOf(await use({ action: 'wait', seconds: 0 }))).toMatch(
      /^Waited for 0 seconds\n\nCurrent tab: 0/,
    );
    expect(browser.calls.at(-1)).toMatchObject({ method: 'act', action: { type: 'scroll', pixels: 0 } });
  });

  it('refuses element actions on a tab that is not live, saying where they work', async () => {
    const { use } = live();
    await use({ action: 'go_to_url', url: '/home/ubuntu/notes.md' });
    const refused = await use({ action: 'click_element', index: 0 });
    expect(refused).toMatchObject({ status: 'error', kind: 'rejected' });
    expect(textOf(refused)).toContain('The current tab is not one of them.');
  });

  it('without the agent’s browser reads the preview from its file, saying why, and refuses element actions', async () => {
    const { context } = workspacePagesContext({ files: FILES });
    const opened = textOf(await run({ action: 'go_to_url', url: PREVIEW }, context));
    expect(opened).toMatch(
      new RegExp(
        `^Navigated to ${PREVIEW}\nIt was read from its file, without running its scripts: ${NO_PREVIEW_BROWSER.replace(/[()]/g, '\\$&')}\n`,
      ),
    );
    expect(opened).toContain('Loading…');
    expect(await run({ action: 'click_element', index: 1 }, context)).toMatchObject({ kind: 'rejected' });
  });
});
