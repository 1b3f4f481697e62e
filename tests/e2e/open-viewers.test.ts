import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localReferences } from '../../src/page/state/computer/deck-single-file.ts';
import { call } from '../fixtures/scenarios.ts';
import type { ScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';

/**
 * Issue 24, "open means open", in Chromium: a PDF opens from the Files tab as drawn pages
 * (also one without an extension: its bytes say it is a PDF), from a link in the result's
 * text and from its card; a file with WebM's bytes gets a video player; a result's deck and site
 * cards are named after their titles and download as one self-contained HTML file and a
 * zip of the site's folder; while a `file.write` is in flight, the panel shows the text
 * being written, then the file once it lands.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function twoPagePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Tide tables, page one', 'Harbour fees, page two']) {
    pdf.addPage([420, 594]).drawText(text, { x: 30, y: 540, size: 20, font });
  }
  return Buffer.from(await pdf.save()).toString('base64');
}

/** The first bytes of a WebM file (its EBML header's ID and size), base64. */
const WEBM_HEADER = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]).toString('base64');

const OUTLINE = `# Quarterly Review

Harbour tours, third quarter

---

## Visitors

- July: 1,200
- August: 1,350
`;

const SITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Notes App</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body><h1>Notes</h1><p>Write things down.</p></body>
</html>
`;

/** How long the scripted model takes to send the write: the test holds the workspace meanwhile. */
const WRITE_DELAY_MS = 1500;

const POEM = 'The tide comes in,\nthe tide goes out;\nthe harbour keeps\nwhat it is about.\n';

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
});
afterAll(async () => harness?.close());

/** A new conversation, so each scenario starts from an empty thread. */
async function newConversation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New conversation' }).click();
}

/** The Computer panel (a sheet on a phone). */
function computerPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Computer' });
}

/** How many of a canvas's pixels are dark: a drawn page of text has some. */
function darkPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
    let dark = 0;
    for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 100) dark += 1;
    return dark;
  });
}

async function downloadOf(page: Page, button: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

it('opens a PDF from the Files tab as drawn pages, by its bytes even without an extension', async () => {
  const { page, model } = harness;
  const pdf = await twoPagePdf();
  model.setScript([
    call('message', { type: 'info', text: 'Fetching the tide tables.' }),
    call('plan', { action: 'update', goal: 'Tides', phases: [{ id: 1, title: 'Tides', capabilities: {} }] }),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: `mkdir -p docs && echo ${pdf} | base64 -d > docs/tides.pdf && cp docs/tides.pdf docs/scan && echo ${WEBM_HEADER} | base64 -d > docs/clip`,
    }),
    call('message', {
      type: 'result',
      text: 'Here are [the tide tables](/home/ubuntu/docs/tides.pdf).',
      attachments: ['/home/ubuntu/docs/tides.pdf'],
    }),
  ]);
  await harness.sendTask('Get the tide tables');
  await page.getByRole('article', { name: 'Result' }).waitFor({ timeout: 60_000 });
  const panel = computerPanel(page);
  await panel.getByRole('tab', { name: 'Files' }).click();

  for (const name of ['tides.pdf', 'scan']) {
    await panel.getByRole('treeitem', { name: new RegExp(`^${name} ?, file`) }).click();
    const pages = panel.getByRole('region', { name: `${name}, 2 pages` });
    await expect
      .poll(() => pages.locator('.pdf-page[data-state="drawn"]').count(), { timeout: 20_000 })
      .toBe(2);
    expect(await pages.locator('.pdf-count').textContent()).toBe('2 pages');
    expect(await darkPixels(pages.getByRole('img', { name: 'Page 1' }))).toBeGreaterThan(50);
    // The pages scroll from the keyboard: the region takes focus and Page Down moves it.
    await pages.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => pages.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    if (name === 'tides.pdf') await harness.screenshot('open-viewers-pdf');
    await panel.getByRole('button', { name: 'Back to all files' }).click();
  }
  expect(await panel.getByText(/deleted or moved/).count()).toBe(0);

  // A file whose bytes begin as WebM gets the video player (the browser's own; these bytes do not play).
  await panel.getByRole('treeitem', { name: /^clip ?, file/ }).click();
  expect(await panel.locator('video[controls]').getAttribute('aria-label')).toBe('Play clip');
  await panel.getByRole('button', { name: 'Back to all files' }).click();

  // The link in the result's text opens the same viewer, from the keyboard too.
  const link = page.getByRole('article', { name: 'Result' }).getByRole('button', { name: 'the tide tables' });
  await link.focus();
  await page.keyboard.press('Enter');
  await panel.getByRole('region', { name: 'tides.pdf, 2 pages' }).waitFor();
  await panel.getByRole('button', { name: 'Back to all files' }).click();

  // On a phone: the card's name opens the same viewer, in the sheet.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(400);
  const card = page.getByRole('article', { name: 'Result' }).locator('li.attachment-card');
  await card.getByRole('button', { name: 'tides.pdf', exact: true }).click();
  const sheetPages = panel.getByRole('region', { name: 'tides.pdf, 2 pages' });
  await expect
    .poll(() => sheetPages.locator('.pdf-page[data-state="drawn"]').count(), { timeout: 20_000 })
    .toBe(2);
  await page.waitForTimeout(400);
  await harness.screenshot('open-viewers-pdf-390');
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await page.setViewportSize(DESKTOP);
}, 90_000);

it('names deck and site cards after their titles, and downloads each as one file', async () => {
  const { page, model } = harness;
  await newConversation(page);
  model.setScript([
    call('message', { type: 'info', text: 'Making the review deck and the notes site.' }),
    call('plan', {
      action: 'update',
      goal: 'Deck and site',
      phases: [{ id: 1, title: 'Make', capabilities: {} }],
    }),
    call('file', { action: 'write', path: '/home/ubuntu/q3/outline.md', text: OUTLINE }),
    call('slides', { slide_content_file_path: '/home/ubuntu/q3/outline.md', slide_count: 2, brief: 'Deck' }),
    call('file', { action: 'write', path: '/home/ubuntu/notes-app/index.html', text: SITE_HTML }),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/notes-app/style.css',
      text: 'h1 { color: teal; }\n',
    }),
    call('message', {
      type: 'result',
      text: 'The deck and the site.',
      attachments: ['/home/ubuntu/q3/slides/index.html', '/home/ubuntu/notes-app/index.html'],
    }),
  ]);
  await harness.sendTask('Make the quarterly review deck and a notes site');
  const result = page.getByRole('article', { name: 'Result' });
  await result.waitFor({ timeout: 60_000 });
  expect(await statuses(page, 'slides')).toEqual(['success']);
  const cards = result.getByRole('list', { name: 'Attachments' }).locator('li.attachment-card');
  expect(await cards.count()).toBe(2);
  const deckCard = cards.nth(0);
  const siteCard = cards.nth(1);
  // Named after their titles once the pages are read.
  await deckCard.getByRole('button', { name: 'Quarterly Review', exact: true }).waitFor();
  await siteCard.getByRole('button', { name: 'Notes App', exact: true }).waitFor();

  const deck = await downloadOf(
    page,
    deckCard.getByRole('button', { name: 'Download Quarterly Review as one HTML file' }),
  );
  expect(deck.download.suggestedFilename()).toBe('quarterly-review.html');
  const html = deck.bytes.toString('utf8');
  expect(html).toContain('<title>Quarterly Review</title>');
  expect(html).toContain('Visitors');
  expect(html).toContain('August: 1,350');
  // reveal.js and the deck's own script are inside it (as data: URLs); nothing relative is left to fetch.
  const folded = [...html.matchAll(/data:text\/javascript;charset=utf-8;base64,([^"]+)/g)].map(([, data]) =>
    Buffer.from(data!, 'base64').toString('utf8'),
  );
  expect(folded.some((code) => code.includes('Reveal.initialize'))).toBe(true);
  expect(localReferences(html, 'q3/slides/index.html')).toEqual([]);

  const site = await downloadOf(
    page,
    siteCard.getByRole('button', { name: 'Download Notes App as a zip of its folder' }),
  );
  expect(site.download.suggestedFilename()).toBe('notes-app.zip');
  const zip = unzipSync(new Uint8Array(site.bytes));
  expect(
    Object.keys(zip)
      .filter((path) => !path.endsWith('/'))
      .sort(),
  ).toEqual(['notes-app/index.html', 'notes-app/style.css']);
  expect(new TextDecoder().decode(zip['notes-app/index.html'])).toBe(SITE_HTML);
  await result.scrollIntoViewIfNeeded();
  await harness.screenshot('open-viewers-cards');

  await page.setViewportSize(PHONE);
  await page.waitForTimeout(400);
  const closeSheet = computerPanel(page).getByRole('button', { name: 'Close', exact: true });
  if (await closeSheet.isVisible()) await closeSheet.click();
  await result.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await harness.screenshot('open-viewers-cards-390');
  await page.setViewportSize(DESKTOP);
}, 90_000);

/**
 * Keeps a read-only transaction on the workspace's `files` table open from the page, so the
 * worker can read the workspace but not save to it: the next file action stays in flight
 * until `releaseWorkspace`. (The transaction stays alive by asking for a count again each
 * time; a read-write one would also hold up the worker's other tables in Chromium.)
 */
function holdWorkspace(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const flag = window as { __holdFiles?: boolean };
        flag.__holdFiles = true;
        const request = indexedDB.open('sandpiper');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          const store = database.transaction('files', 'readonly').objectStore('files');
          const spin = () => {
            if (flag.__holdFiles) store.count().onsuccess = spin;
          };
          spin();
          store.transaction.oncomplete = () => database.close();
          resolve();
        };
      }),
  );
}

/** Holds the workspace once the model has been asked for the write (its reply is delayed). */
async function holdWorkspaceWhileWriteIsAsked(
  page: Page,
  model: ScriptedServer,
  request: number,
): Promise<void> {
  await model.waitForRequests(request, 30_000);
  await holdWorkspace(page);
}

function releaseWorkspace(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as { __holdFiles?: boolean }).__holdFiles = false;
  });
}

it('shows the text a file.write is writing while it is in flight, then the file', async () => {
  const { page, model } = harness;
  await newConversation(page);
  model.setScript([
    call('message', { type: 'info', text: 'Writing the harbour poem.' }),
    call('plan', { action: 'update', goal: 'Poem', phases: [{ id: 1, title: 'Write', capabilities: {} }] }),
    call(
      'file',
      { action: 'write', path: '/home/ubuntu/poems/tide.md', text: POEM },
      { delayMs: WRITE_DELAY_MS },
    ),
    call('file', { action: 'write', path: '/home/ubuntu/poems/tide-2.md', text: POEM.toUpperCase() }),
    call('message', { type: 'result', text: 'Two poems.' }),
  ]);
  await harness.sendTask('Write a short poem about the harbour');
  await holdWorkspaceWhileWriteIsAsked(page, model, 3);
  const panel = computerPanel(page);
  const incoming = panel.getByRole('status').filter({ hasText: 'Writing poems/tide.md' });
  await incoming.waitFor({ timeout: 30_000 });
  expect(await statuses(page, 'file.write')).toEqual(['running']);
  await expect.poll(() => panel.locator('.code-text').innerText()).toContain('the harbour keeps');
  expect(await panel.getByText(/deleted or moved/).count()).toBe(0);
  await harness.screenshot('open-viewers-writing');

  // Once the workspace is free, the write lands and the view shows the file itself.
  await releaseWorkspace(page);
  await expect.poll(() => statuses(page, 'file.write'), { timeout: 30_000 }).toEqual(['success', 'success']);
  await page.getByRole('article', { name: 'Result' }).waitFor({ timeout: 30_000 });
  await page.locator('[data-action-type="file.write"]').first().click();
  await panel.getByRole('region', { name: 'File poems/tide.md' }).waitFor();
  await expect.poll(() => panel.locator('.code-text').innerText()).toContain('what it is about.');
  expect(await incoming.count()).toBe(0);
  expect(await panel.getByText(/deleted or moved/).count()).toBe(0);
}, 90_000);

it('shows the text being written on a phone too', async () => {
  const { page, model } = harness;
  await newConversation(page);
  await page.setViewportSize(PHONE);
  model.setScript([
    call('message', { type: 'info', text: 'Writing the harbour poem.' }),
    call('plan', { action: 'update', goal: 'Poem', phases: [{ id: 1, title: 'Write', capabilities: {} }] }),
    call(
      'file',
      { action: 'write', path: '/home/ubuntu/poems/tide.md', text: POEM },
      { delayMs: WRITE_DELAY_MS },
    ),
    call('message', { type: 'result', text: 'A poem.' }),
  ]);
  await harness.sendTask('Write a short poem about the harbour');
  await holdWorkspaceWhileWriteIsAsked(page, model, 3);
  const row = page.locator('[data-action-type="file.write"][data-status="running"]');
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  const panel = computerPanel(page);
  await panel.getByRole('status').filter({ hasText: 'Writing poems/tide.md' }).waitFor();
  await expect.poll(() => panel.locator('.code-text').innerText()).toContain('the harbour keeps');
  await page.waitForTimeout(400);
  await harness.screenshot('open-viewers-writing-390');
  await releaseWorkspace(page);
  await page.getByRole('article', { name: 'Result' }).waitFor({ timeout: 30_000 });
  await page.setViewportSize(DESKTOP);
}, 90_000);
