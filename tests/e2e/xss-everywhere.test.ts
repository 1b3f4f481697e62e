import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it, onTestFailed } from 'vitest';
import { call } from '../fixtures/scenarios.ts';
import { XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { hasHorizontalScroll, importThroughPicker, toastTexts, waitForLayout } from './pwa-helpers.ts';
import { xssEverywhereBundle } from './xss-everywhere-bundle.ts';
import { hostileDocumentFiles } from './xss-everywhere-documents.ts';
import { ALL_ON_ONE_LINE, ALL_PAYLOADS, HOSTILE_FILES, oneLine } from './xss-everywhere-files.ts';
import { type Harm, measureHarm, recordViolations } from './xss-everywhere-harm.ts';
import { driveLiveViews } from './xss-everywhere-live.ts';

let harness: AppHarness;
let dialogs: string[];
let pageErrors: string[];
/** What a sandboxed (opaque-origin) frame's `parent.__xss = …` throws: the sandbox keeping it out of the app. */
const BLOCKED_BY_SANDBOX =
  /^Failed to .* Blocked a frame with origin "null" from accessing a cross-origin frame\.$/;
beforeEach(async () => {
  harness = await startApp();
  const { page } = harness;
  dialogs = [];
  pageErrors = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await recordViolations(page);
  // The service worker serves the preview route (decks, workspace sites): let it take over
  // (the page reloads once into cross-origin isolation), then load again so the recorder runs first.
  const isReady = () =>
    page
      .evaluate(() => window.crossOriginIsolated && navigator.serviceWorker.controller !== null)
      .catch(() => false);
  await expect.poll(isReady, { timeout: 30_000 }).toBe(true);
  await page.reload();
  await expect.poll(isReady).toBe(true);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
});
afterEach(async () => {
  // The harness fails on any uncaught error; those of a sandboxed preview reaching for the
  // app (and being refused) are the defence working, and are counted by the test instead.
  await harness.close().catch((error: unknown) => {
    if (pageErrors.some((message) => !BLOCKED_BY_SANDBOX.test(message))) throw error;
  });
});

/** Every look at the page, and the views seen rendered with the corpus in them. */
class Ledger {
  readonly views: string[] = [];
  readonly readings: Harm[] = [];
  /** When each view was seen, in ms from the ledger's start: printed if the test fails (a timeout says where the time went). */
  private readonly timeline: string[] = [];
  private readonly startedAt = Date.now();
  constructor(private readonly page: Page) {
    onTestFailed(() => {
      console.log(
        `XSS everywhere, views seen before the failure (ms from start):\n  ${this.timeline.join('\n  ')}`,
      );
    });
  }

  /** Waits for `shown` (the view holding the payloads), then measures the page and its frames. */
  async saw(view: string, shown: Locator): Promise<void> {
    const waitedFrom = Date.now();
    await shown.first().waitFor({ state: 'attached', timeout: 15_000 });
    const shownAt = Date.now();
    this.views.push(view);
    const harm = await measureHarm(this.page);
    this.timeline.push(
      `${shownAt - this.startedAt} ${view} (waited ${shownAt - waitedFrom}, measured ${Date.now() - shownAt})`,
    );
    this.readings.push(harm);
    // Fail at the view that let something through (hostile markup let loose can also hang the page).
    expect(
      {
        executedInApp: harm.executedInApp,
        unexpectedViolations: harm.unexpectedViolations,
        handlerAttributes: harm.handlerAttributes.slice(0, 5),
        scriptAddresses: harm.scriptAddresses.slice(0, 5),
      },
      `harm after "${view}"`,
    ).toEqual({ executedInApp: 0, unexpectedViolations: [], handlerAttributes: [], scriptAddresses: [] });
  }

  figures() {
    const union = (pick: (harm: Harm) => string[]) => [...new Set(this.readings.flatMap(pick))];
    const sandboxed = new Map<string, number>();
    for (const reading of this.readings) {
      for (const frame of reading.frames.filter((frame) => frame.origin === null)) {
        sandboxed.set(frame.url, Math.max(sandboxed.get(frame.url) ?? 0, frame.xss));
      }
    }
    return {
      views: this.views.length,
      renderings: this.views.length * XSS_PAYLOADS.length,
      executedInApp: Math.max(0, ...this.readings.map((reading) => reading.executedInApp)),
      executedInSandboxedFrames: [...sandboxed.values()].reduce((total, count) => total + count, 0),
      unexpectedViolations: union((harm) => harm.unexpectedViolations),
      expectedViolations: union((harm) => harm.expectedViolations),
      handlerAttributes: union((harm) => harm.handlerAttributes),
      scriptAddresses: union((harm) => harm.scriptAddresses),
      unreadableFrames: union((harm) =>
        harm.frames.filter((frame) => !frame.isReadable).map((frame) => frame.url),
      ),
    };
  }
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Computer' });

/** Shows one action in the Computer panel and waits for its view. */
async function showAction(page: Page, uuid: string): Promise<Locator> {
  const row = page.locator(`.action-row[data-uuid="${uuid}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.click();
  const view = panelOf(page).locator(`.action-view[data-uuid="${uuid}"]`);
  await view.waitFor();
  return view;
}

/** True when `locator`'s box stays within the viewport's width (the layout held). */
async function fitsWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= -1 && box.x + box.width <= width + 1;
}

it('renders every payload of the XSS corpus as inert text in every view that shows untrusted text', async () => {
  const { page } = harness;
  const ledger = new Ledger(page);
  const bundle = xssEverywhereBundle(await hostileDocumentFiles());
  await importThroughPicker(page, 'xss-everywhere.sandpiper.zip', bundle);
  await page.locator('.ask-card, .toast').first().waitFor({ timeout: 20_000 });
  // Only the import's own word (its hostile title shown as text): no error.
  expect((await toastTexts(page)).filter((text) => !text.startsWith('Imported ‘'))).toEqual([]);
  const main = page.locator('main');

  // The thread, the header, the sidebar and the plan.
  await ledger.saw('user message', main.locator('.user-item'));
  await ledger.saw('user message attachments', main.locator('.user-item .attachment-chips'));
  await ledger.saw('model text (no tool call)', main.locator('.notice-model-text'));
  await ledger.saw('error notice', main.locator('.notice-block.is-error'));
  await ledger.saw('reply notice', main.locator('.notice-block.is-reply'));
  await ledger.saw('repetition note', main.locator('.notice-told-text'));
  await ledger.saw('retry row', main.locator('.retry-line'));
  await ledger.saw('info line', main.locator('.info-line', { hasText: 'Info' }));
  await ledger.saw('action rows', main.locator('.action-row'));
  await ledger.saw('result card', main.locator('.result-card'));
  await ledger.saw('result attachments', main.locator('.attachment-card'));
  // The result's own previews: a PDF's pages (drawn, its script and link inert), a CSV and
  // an .xlsx as tables, a WAV's player.
  const preview = (kind: string) => main.locator(`.result-card .attachment-media[data-preview="${kind}"]`);
  await preview('pdf').scrollIntoViewIfNeeded();
  await ledger.saw('result preview: PDF pages', preview('pdf').locator('.pdf-page[data-state="drawn"]'));
  await harness.screenshot('xss-result-pdf');
  await ledger.saw('result preview: CSV table', preview('table').first().locator('td'));
  await ledger.saw('result preview: xlsx table', preview('table').last().locator('td'));
  await ledger.saw('result preview: audio', preview('audio').locator('audio'));
  expect(await preview('table').count()).toBe(2);
  expect(await main.locator('.pdf-page[data-state="failed"]').count()).toBe(0);
  await ledger.saw('ask card', main.locator('.ask-card'));
  // The page's address (4 KB of query string) keeps to a few lines.
  expect((await main.locator('.ask-page-url').boundingBox())?.height).toBeLessThan(70);
  await ledger.saw('header title', page.locator('.main-header .thread-title'));
  await ledger.saw('sidebar title', page.locator('.conversation-title', { hasText: '<script>' }));
  await ledger.saw('plan panel', page.getByRole('region', { name: 'Plan' }));
  expect(await page.locator('.thread-title').textContent()).toContain('<script>');
  // The layout holds: 60 phases of markup scroll inside the plan panel instead of covering the thread.
  expect((await page.getByRole('region', { name: 'Plan' }).boundingBox())?.height).toBeLessThan(260);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await fitsWidth(page, page.getByRole('navigation', { name: 'Sidebar' }))).toBe(true);
  await harness.screenshot('xss-thread-1440');
  // On a phone too: nothing scrolls sideways, the plan strip stays one line.
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForLayout(page);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect((await page.getByRole('region', { name: 'Plan' }).boundingBox())?.height).toBeLessThan(120);
  await harness.screenshot('xss-thread-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The Computer panel comes back beside the thread, which narrows: rows move until it settles
  // (a click at once, under load, missed its row).
  await waitForLayout(page);

  // Each action's Computer view.
  const views: [string, string, (view: Locator) => Locator][] = [
    ['terminal', 'shell', (view) => view.locator('.action-view-body')],
    ['editor: markdown', 'file-md', (view) => view.locator('.action-view-body')],
    ['editor: html', 'file-html', (view) => view.locator('.action-view-body')],
    ['editor: svg', 'file-svg', (view) => view.locator('.action-view-body')],
    ['grep results', 'match', (view) => view.locator('.action-view-body')],
    ['search results', 'search', (view) => view.locator('.search-result')],
    ['image search', 'images', (view) => view.locator('.image-tile')],
    ['browser reader', 'browser', (view) => view.getByRole('article', { name: 'Page content' })],
    ['media', 'media', (view) => view.locator('.action-view-body')],
    ['deck', 'slides', (view) => view.locator('.action-view-body')],
    ['expose (server address)', 'expose', (view) => view.locator('.browser-view')],
    ['webdev preview', 'webdev', (view) => view.locator('iframe')],
    ['schedule card', 'schedule', (view) => view.locator('.schedule-card')],
    ['MCP tool output', 'mcp', (view) => view.locator('.output-view .details-content')],
    ['OpenManus planning', 'planning', (view) => view.locator('.output-view .details-content')],
    ['muxd todo list', 'todo', (view) => view.locator('.action-view-body')],
    ['sub-agent', 'task', (view) => view.locator('.action-view-body')],
    ['failed action', 'failed', (view) => view.locator('.action-view-body')],
  ];
  for (const [name, uuid, body] of views) {
    const view = await showAction(page, uuid);
    await ledger.saw(name, body(view));
    if (uuid === 'file-html' || uuid === 'file-md') {
      const preview = view.getByRole('button', { name: uuid === 'file-html' ? 'Preview' : 'Rendered' });
      if ((await preview.count()) > 0) {
        await preview.click();
        await ledger.saw(`${name} (rendered)`, view.locator(uuid === 'file-html' ? 'iframe' : '.markdown'));
      }
    }
    if (uuid === 'search') {
      // A 4 KB description and 60 queries keep to a few lines, leaving the results their room.
      expect((await view.locator('.details-title h3').boundingBox())?.height).toBeLessThan(100);
      expect((await view.locator('.search-queries').boundingBox())?.height).toBeLessThan(80);
    }
    if (uuid === 'images') {
      await view.locator('.image-tile').first().click();
      const lightbox = page.locator('dialog.image-lightbox[open]');
      await ledger.saw('lightbox', lightbox);
      // A 4 KB title leaves the image in view.
      // (Waited for: the image lays out once loaded; a look at once found it not yet, under load.)
      await lightbox.locator('.lightbox-figure img').waitFor({ state: 'visible', timeout: 10_000 });
      const figure = await lightbox.locator('.lightbox-figure').boundingBox();
      expect((figure?.y ?? 1e9) + 40).toBeLessThan(page.viewportSize()?.height ?? 0);
      await harness.screenshot('xss-lightbox');
      await page.keyboard.press('Escape');
    }
    if (uuid === 'slides') {
      await view.locator('.deck-warnings summary').click();
      await ledger.saw('deck warnings', view.locator('.deck-warnings li'));
      expect((await view.locator('.deck-warnings').boundingBox())?.height).toBeLessThan(180);
    }
    if (uuid === 'slides' || uuid === 'webdev') await page.waitForTimeout(1500);
    if (['search', 'slides', 'webdev', 'mcp'].includes(uuid)) await harness.screenshot(`xss-view-${uuid}`);
  }
  // The messages in the Computer panel: the update, the question (the latest step) and the
  // result with its attachments, rendered as the thread renders them.
  await main
    .locator('.info-line', { hasText: 'Info' })
    .getByRole('button', { name: /Show this update/ })
    .click();
  await ledger.saw(
    'message view: update',
    panelOf(page).locator('.action-view[data-uuid="info"] .message-view'),
  );
  await panelOf(page).getByRole('button', { name: 'Live', exact: true }).click();
  await ledger.saw(
    'message view: question',
    panelOf(page).locator('.action-view[data-uuid="ask"] .message-view'),
  );
  await panelOf(page).getByRole('button', { name: 'Previous step' }).click();
  const resultView = panelOf(page).locator('.action-view[data-uuid="result"]');
  await ledger.saw('message view: result', resultView.locator('.message-view .markdown'));
  await ledger.saw('message view: attachments', resultView.locator('.attachment-card'));
  await harness.screenshot('xss-view-result');

  // The raw envelope of one action.
  const search = await showAction(page, 'search');
  await search.getByRole('button', { name: 'Raw' }).click();
  await ledger.saw('raw envelope', search.locator('.json-view'));
  await search.getByRole('button', { name: 'Raw' }).click();

  // The workspace: names of every payload, and the file viewer for each kind of hostile file.
  const panel = panelOf(page);
  await panel.getByRole('tab', { name: 'Files' }).click();
  const tree = panel.getByRole('tree', { name: 'Workspace files' });
  const folder = tree.locator(
    '[role="treeitem"][data-path="hostile"], [role="treeitem"][data-path="/home/ubuntu/hostile"]',
  );
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await ledger.saw('file tree names', tree.getByRole('treeitem', { name: /<script>/ }));
  await harness.screenshot('xss-file-tree');
  for (const [kind, path] of Object.entries(HOSTILE_FILES).filter(([kind]) =>
    ['html', 'markdown', 'svg', 'text', 'json'].includes(kind),
  )) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const quoted = name.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
    await tree.locator(`[role="treeitem"][data-path$="/${quoted}"]`).click();
    const viewer = panel.locator('.file-viewer');
    await ledger.saw(`file viewer: ${kind}`, viewer);
    if (kind === 'html') {
      await viewer.getByRole('button', { name: 'Preview' }).click();
      await ledger.saw('file viewer: html preview', viewer.locator('iframe.html-preview'));
      await page.waitForTimeout(500);
      await harness.screenshot('xss-html-preview');
    }
    await viewer.getByRole('button', { name: 'Back to all files' }).click();
  }

  // Schedules in the sidebar: a name of 200 characters of markup first, then one per payload.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const schedule = sidebar.locator('.schedule-button').first();
  await ledger.saw('schedule names', schedule);
  expect(await sidebar.locator('.schedule-button').count()).toBe(XSS_PAYLOADS.length + 1);
  await schedule.click();
  await ledger.saw('schedule details', sidebar.locator('.schedule-item-details'));
  expect(await fitsWidth(page, sidebar)).toBe(true);
  await harness.screenshot('xss-schedules');
  await sidebar.locator('.schedule-item-details').getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await ledger.saw('schedule edit form', edit);
  await harness.screenshot('xss-schedule-edit');
  await page.keyboard.press('Escape');
  await edit.waitFor({ state: 'hidden' });

  // Replay of the whole conversation.
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page
    .getByRole('menu', { name: 'Conversation actions' })
    .getByRole('menuitem', { name: 'Replay' })
    .click();
  const controls = page.getByRole('region', { name: 'Replay controls' });
  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  const slider = controls.getByRole('slider', { name: 'Replay position' });
  await slider.fill(String(await slider.getAttribute('max')));
  await ledger.saw('replay', main.locator('.ask-card'));
  await harness.screenshot('xss-replay');
  await page.keyboard.press('Escape');
  await controls.waitFor({ state: 'detached' });

  // A toast naming a file whose name is every payload.
  await importThroughPicker(page, `${ALL_ON_ONE_LINE}.sandpiper.zip`, new Uint8Array([1, 2, 3]));
  await ledger.saw('import error toast', page.locator('.toast', { hasText: '<script>' }));
  expect((await toastTexts(page)).join('\n')).toContain('<script>');
  // A 4 KB file name keeps the toast to a few lines: the thread stays in view.
  expect((await page.locator('.toast').first().boundingBox())?.height).toBeLessThan(140);
  await harness.screenshot('xss-toast');

  // Settings: provider names, MCP server names, addresses and tool lists.
  await driveLiveViews(page, ledger);
  await page.waitForTimeout(500);

  const figures = ledger.figures();
  console.log(
    [
      `XSS everywhere: ${XSS_PAYLOADS.length} payloads × ${figures.views} views = ${figures.renderings} renderings`,
      `  executed in the app (page and same-origin frames): ${figures.executedInApp} (goal 0)`,
      `  ran inside sandboxed opaque-origin previews (the workspace page's own scripts, by design; counted while the frame was open, so at least): ${figures.executedInSandboxedFrames}`,
      `  CSP violations in the app: ${figures.unexpectedViolations.length} (goal 0)`,
      `  CSP violations inside sandboxed previews (expected: the preview's policy blocking the page): ${figures.expectedViolations.length}`,
      `  frames Playwright could not read (sandboxed without scripts): ${figures.unreadableFrames.length}`,
      `  sandboxed previews' reaches into the app, refused by the browser: ${pageErrors.filter((message) => BLOCKED_BY_SANDBOX.test(message)).length}`,
      `  dialogs opened: ${dialogs.length} (goal 0)`,
      `  elements with on* attributes: ${figures.handlerAttributes.length} (goal 0)`,
      `  javascript:/vbscript:/data: addresses: ${figures.scriptAddresses.length} (goal 0)`,
      `  views: ${ledger.views.join('; ')}`,
    ].join('\n'),
  );
  expect(figures.executedInApp).toBe(0);
  expect(figures.unexpectedViolations).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(pageErrors.filter((message) => !BLOCKED_BY_SANDBOX.test(message))).toEqual([]);
  expect(figures.handlerAttributes).toEqual([]);
  expect(figures.scriptAddresses).toEqual([]);
  expect(figures.views).toBeGreaterThanOrEqual(45);
}, 90_000);

it('renders the corpus inert in a sub-agent’s nested steps and in its own conversation', async () => {
  // Live, since an import renumbers a bundle's conversations (a task row's link to its
  // sub-agent's conversation only holds for conversations made here).
  const { page, model } = harness;
  const ledger = new Ledger(page);
  await harness.configure();
  await page.getByLabel('Tool profile', { exact: true }).selectOption('muxd');
  model.setScript([
    call('task', { description: ALL_ON_ONE_LINE.slice(0, 300), prompt: ALL_PAYLOADS }),
    // The sub-agent's own steps: a file named and filled by the corpus, read back by the shell.
    call('file_write', { path: `sub/${oneLine(XSS_PAYLOADS[0] ?? '')}.txt`, content: ALL_PAYLOADS }),
    call('bash', { command: 'cat sub/*.txt; ls sub' }),
    { text: `Sub-agent answer\n\n${ALL_PAYLOADS}` },
    // The parent's answer.
    { text: `Parent answer\n\n${ALL_PAYLOADS}` },
  ]);
  await harness.sendTask(`Ask a sub-agent\n\n${ALL_PAYLOADS}`);
  const main = page.locator('main');
  await main.locator('[data-notice-kind="reply"]', { hasText: 'Parent answer' }).waitFor({ timeout: 60_000 });
  const nested = main.getByRole('list', { name: 'Sub-agent steps' });
  await expect.poll(() => nested.locator('li').count()).toBe(2);
  await ledger.saw('sub-agent: task row', main.locator('.action-row[data-action-type="task"]'));
  await ledger.saw('sub-agent: nested steps', nested.locator('li'));
  await ledger.saw('parent reply', main.locator('[data-notice-kind="reply"]'));
  // The task's own view in the Computer panel: what it was asked, its steps and its answer.
  await main.locator('.action-row[data-action-type="task"]').click();
  await ledger.saw('sub-agent: Computer view', panelOf(page).locator('.sub-agent-view li'));
  expect(await hasHorizontalScroll(page)).toBe(false);
  await harness.screenshot('xss-sub-agent-nested');
  await main.getByRole('button', { name: 'Open the sub-agent’s conversation' }).click();
  await main.locator('[data-notice-kind="reply"]', { hasText: 'Sub-agent answer' }).waitFor();
  await ledger.saw('sub-agent conversation: prompt', main.locator('.user-item'));
  await ledger.saw('sub-agent conversation: steps', main.locator('.action-row'));
  await ledger.saw('sub-agent conversation: answer', main.locator('[data-notice-kind="reply"]'));
  await ledger.saw('sub-agent conversation: title', page.locator('.main-header .thread-title'));
  // Its shell step's terminal: the files' contents and names, as the shell printed them.
  await main.locator('.action-row[data-action-type="bash"]').click();
  const terminal = panelOf(page).locator('.action-view[data-view="shell"] .action-view-body');
  await ledger.saw('sub-agent conversation: shell output', terminal);
  await harness.screenshot('xss-sub-agent-conversation');
  const figures = ledger.figures();
  console.log(
    `XSS in sub-agent views: ${XSS_PAYLOADS.length} payloads × ${figures.views} views; executed ${figures.executedInApp}, CSP violations ${figures.unexpectedViolations.length}, dialogs ${dialogs.length}`,
  );
  expect(figures.executedInApp).toBe(0);
  expect(figures.unexpectedViolations).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(figures.handlerAttributes).toEqual([]);
}, 90_000);
