import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { call } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, startApp } from './app-harness.ts';

/**
 * Seed 003 §2.3 in Chromium: a result's attachments show what they are inside the card —
 * markdown rendered, code highlighted, a PDF's pages drawn by pdf.js, a CSV and a two-sheet
 * workbook as tables — and anything else is a card with a download button.
 */

async function twoPagePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Harbour report, page one', 'Visitors by month, page two']) {
    pdf.addPage([420, 300]).drawText(text, { x: 30, y: 250, size: 18, font });
  }
  return Buffer.from(await pdf.save()).toString('base64');
}

async function twoSheetWorkbook(): Promise<string> {
  const buffer = await writeXlsxFile([
    {
      sheet: 'Tours',
      data: [
        [{ value: 'Tour' }, { value: 'Seats' }],
        [{ value: 'Lighthouse' }, { value: 12 }],
      ],
    },
    {
      sheet: 'Staff',
      data: [[{ value: 'Name' }], [{ value: 'Ada' }]],
    },
  ]).toBuffer();
  return buffer.toString('base64');
}

const NOTES = '# Harbour notes\n\n- ferry at **nine**\n- <img src=x onerror="window.__hit=1">\n';
const SCRIPT = 'def seats(tours):\n    return sum(tour["seats"] for tour in tours)\n';
const CSV = 'month,visitors\nJuly,1200\nAugust,1350\n';

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
});
afterAll(async () => harness?.close());

it('shows markdown, code, a PDF, tables and a download card inside the result', async () => {
  const { page, model } = harness;
  const [pdf, workbook] = await Promise.all([twoPagePdf(), twoSheetWorkbook()]);
  model.setScript([
    call('message', { type: 'info', text: 'Gathering the files.' }),
    call('plan', {
      action: 'update',
      goal: 'Files',
      phases: [{ id: 1, title: 'Files', capabilities: {} }],
    }),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: `mkdir -p out && echo ${pdf} | base64 -d > out/report.pdf && echo ${workbook} | base64 -d > out/book.xlsx && printf "PK\\003\\004" > out/site.zip`,
    }),
    call('file', { action: 'write', path: '/home/ubuntu/out/notes.md', text: NOTES }),
    call('file', { action: 'write', path: '/home/ubuntu/out/seats.py', text: SCRIPT }),
    call('file', { action: 'write', path: '/home/ubuntu/out/visitors.csv', text: CSV }),
    call('message', {
      type: 'result',
      text: 'Here is everything.',
      attachments: [
        '/home/ubuntu/out/notes.md',
        '/home/ubuntu/out/seats.py',
        '/home/ubuntu/out/report.pdf',
        '/home/ubuntu/out/visitors.csv',
        '/home/ubuntu/out/book.xlsx',
        '/home/ubuntu/out/site.zip',
      ],
    }),
  ]);
  await harness.sendTask('Gather the harbour files');
  const result = page.getByRole('article', { name: 'Result' });
  await result.waitFor({ timeout: 60_000 });
  const cards = result.getByRole('list', { name: 'Attachments' }).locator('li.attachment-card');
  expect(await cards.count()).toBe(6);
  const card = (index: number) => cards.nth(index);

  // Markdown rendered as web content: its raw HTML stays text and never runs.
  // Its `#` heading sits under the page's outline (an h3 in the thread), sized as the text's first level.
  await card(0).locator('.attachment-markdown h3.markdown-h1').waitFor();
  expect(await card(0).locator('.attachment-markdown h3.markdown-h1').textContent()).toBe('Harbour notes');
  expect(await card(0).locator('.attachment-markdown strong').textContent()).toBe('nine');
  expect(await card(0).locator('.attachment-markdown img').count()).toBe(0);
  // Code highlighted.
  await expect.poll(() => card(1).locator('.code-text .hljs-keyword').count()).toBeGreaterThan(0);
  // The PDF's two pages, drawn.
  await expect
    .poll(() => card(2).locator('.pdf-page[data-state="drawn"]').count(), { timeout: 20_000 })
    .toBe(2);
  expect(await card(2).locator('.pdf-count').textContent()).toBe('2 pages');
  const inked = await card(2)
    .locator('.pdf-page canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let dark = 0;
      for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 100) dark += 1;
      return dark;
    });
  expect(inked).toBeGreaterThan(50);
  // The CSV as a table, and the workbook's two sheets as tabs.
  await expect.poll(() => card(3).locator('th').allTextContents()).toEqual(['month', 'visitors']);
  expect(await card(3).locator('td').allTextContents()).toEqual(['July', '1200', 'August', '1350']);
  await expect
    .poll(() => card(4).getByRole('tab').allTextContents(), { timeout: 15_000 })
    .toEqual(['Tours', 'Staff']);
  expect(await card(4).locator('td').allTextContents()).toEqual(['Lighthouse', '12']);
  await card(4).getByRole('tab', { name: 'Staff' }).click();
  await expect.poll(() => card(4).locator('td').allTextContents()).toEqual(['Ada']);
  // Anything else: a card with a download button.
  expect(await card(5).locator('.attachment-media').count()).toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card(5).getByRole('button', { name: 'Download site.zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('site.zip');
  expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();

  await card(2).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}result-attachments-pdf.png` });
  await card(4).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}result-attachments-tables.png` });
}, 90_000);
