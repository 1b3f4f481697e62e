import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { imageDimensions } from '../../src/agent-worker/toolkit/file-bytes.ts';
import { grayPng, twoPagePdf } from '../fixtures/documents/document-files.ts';
import { call } from '../fixtures/scenarios.ts';
import type { RecordedRequest } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, SCREENSHOTS, startApp } from './app-harness.ts';
import { workspaceFiles } from './pwa-helpers.ts';

/**
 * Seed 001 §11's shape with a person's own files (issue 13's must-show): a PDF, a PNG and
 * a CSV attached to a task; the model views the image (sent to it as an image part only
 * when its provider sees images), reads page 2 of the PDF, sums the CSV with Python, and
 * ends with the PDF and the image attached, shown inline in the result.
 */

let harness: AppHarness;
afterEach(async () => harness?.close());

const CSV = 'region,sales\nnorth,120\nsouth,80\neast,45.5\n';
/** Wider than the 1,568 px a model is shown: the worker scales it down. */
const WIDE_PNG = Buffer.from(grayPng(2400, 600));
const UPLOADS = '/home/ubuntu/uploads';
const SUM = `python3 -c "import csv; print(sum(float(row['sales']) for row in csv.DictReader(open('${UPLOADS}/sales.csv'))))"`;

type Message = { role: string; content: unknown; tool_call_id?: string };
const messagesOf = (request: RecordedRequest | undefined) =>
  ((request?.body as { messages?: Message[] } | undefined)?.messages ?? []) as Message[];

/** The observation (tool message) a request ends with, or that precedes its trailing image message. */
function lastObservation(request: RecordedRequest | undefined): string {
  const tool = messagesOf(request).findLast((message) => message.role === 'tool');
  return String(tool?.content ?? '');
}

/** The image parts of a request's last message, when it is one carrying images. */
function trailingImages(request: RecordedRequest | undefined): { url: string }[] {
  const last = messagesOf(request).at(-1);
  if (last?.role !== 'user' || !Array.isArray(last.content)) return [];
  return (last.content as { type: string; image_url?: { url: string } }[])
    .filter((part) => part.type === 'image_url')
    .map((part) => part.image_url!);
}

/** The task's steps; `sumInPython: false` leaves out the CSV's sum (a cold Pyodide start) for a test that does not read it. */
function script({ sumInPython = true } = {}) {
  return [
    call('message', { type: 'info', text: 'Looking at your report, chart and sales.' }),
    call('plan', {
      action: 'update',
      goal: 'Read the files and total the sales',
      phases: [
        { id: 1, title: 'Read the files', capabilities: {} },
        { id: 2, title: 'Report', capabilities: {} },
      ],
    }),
    call('file', { action: 'view', brief: 'Look at the chart', path: `${UPLOADS}/chart.png` }),
    call('file', { action: 'view', brief: 'Page 2', path: `${UPLOADS}/report.pdf`, range: [2, 2] }),
    ...(sumInPython ? [call('shell', { action: 'exec', session: 'main', command: SUM })] : []),
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', {
      type: 'result',
      text: 'Sales total 245.5; costs fell by 12 percent (page 2).',
      attachments: [`${UPLOADS}/report.pdf`, `${UPLOADS}/chart.png`],
    }),
  ];
}

async function attachAndSend(pdf: Uint8Array): Promise<void> {
  const { page } = harness;
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach files' }).click(),
  ]);
  await chooser.setFiles([
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) },
    { name: 'chart.png', mimeType: 'image/png', buffer: WIDE_PNG },
    { name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) },
  ]);
  await page.getByRole('textbox', { name: 'Message' }).fill('What do these say? Total the sales.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .locator('[data-action-type="message.result"][data-status="success"]')
    .waitFor({ timeout: 90_000 });
}

/** The open conversation's id, from the address. */
const conversationId = () => decodeURIComponent(new URL(harness.page.url()).hash.replace('#/c/', ''));

describe('a person’s files, understood, and a result that shows them', () => {
  it('shows a vision model the image and page 2, sums the CSV in Python, and attaches the PDF and image inline', async () => {
    harness = await startApp();
    await harness.configure({ model: 'gpt-4o' });
    const { page, model } = harness;
    const pdf = await twoPagePdf();
    model.setScript(script());
    await attachAndSend(pdf);

    // The files landed with their bytes.
    const stored = await workspaceFiles(page, conversationId(), 'base64');
    expect(stored['uploads/report.pdf']).toBe(Buffer.from(pdf).toString('base64'));
    expect(stored['uploads/chart.png']).toBe(WIDE_PNG.toString('base64'));
    expect(Buffer.from(stored['uploads/sales.csv'] ?? '', 'base64').toString()).toBe(CSV);

    const requests = model.requests;
    // Request 3 follows the image's view: the observation, then the image, scaled to 1,568 px wide.
    expect(lastObservation(requests[3])).toContain(
      'The image follows this observation (scaled to 1568×392 px).',
    );
    const [chart] = trailingImages(requests[3]);
    expect(chart?.url).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(chart!.url.split(',')[1]!, 'base64');
    expect(imageDimensions(jpeg)).toEqual({ width: 1568, height: 392 });
    // Request 4 follows page 2: its text, and the page drawn.
    expect(lastObservation(requests[4])).toContain('Costs fell by 12 percent on page two.');
    expect(lastObservation(requests[4])).toContain('Page 2 follows this observation as images.');
    const [page2] = trailingImages(requests[4]);
    const pageJpeg = Buffer.from(page2!.url.split(',')[1]!, 'base64');
    writeFileSync(`${SCREENSHOTS}files-to-result-page2-as-sent.jpg`, pageJpeg);
    expect(Math.max(...Object.values(imageDimensions(pageJpeg)!))).toBe(1568);
    // The image stays in every later request, byte for byte (the prefix is stable).
    expect(trailingImages(requests[3])[0]?.url).toBe(
      messagesOf(requests[6])
        .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
        .find((part: { type: string }) => part.type === 'image_url')?.image_url.url,
    );
    // Request 5 follows Python's sum of the CSV.
    expect(JSON.parse(lastObservation(requests[5])).meta.stdout).toBe('245.5\n');

    // The result shows the PDF's pages and the image inline.
    const result = page.locator('[data-action-type="message.result"]');
    await expect
      .poll(() => result.locator('.pdf-page[data-state="drawn"]').count(), { timeout: 20_000 })
      .toBe(2);
    const image = result.getByRole('img', { name: 'chart.png' });
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(2400);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await result.scrollIntoViewIfNeeded();
    await harness.screenshot('files-to-result-1440');
    // The image's view in the Computer panel says what the model was shown (its step is under
    // the first phase, folded once the plan moved on).
    await page.locator('.phase-group-header', { hasText: 'Read the files' }).click();
    await page.locator('[data-action-type="file.view"]').first().click();
    const shown = page.getByRole('region', { name: 'Shown to the model' });
    expect(await shown.innerText()).toMatch(/chart\.png\s+1568 × 392 JPEG/);
    await harness.screenshot('files-to-result-view-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await result.scrollIntoViewIfNeeded();
    await harness.screenshot('files-to-result-390');
  });

  it('sends no image to a model that does not see images, and tells it so', async () => {
    harness = await startApp();
    await harness.configure();
    const { model } = harness;
    model.setScript(script({ sumInPython: false }));
    await attachAndSend(await twoPagePdf());
    const requests = model.requests;
    expect(lastObservation(requests[3])).toContain('You cannot see the image itself');
    expect(lastObservation(requests[4])).not.toContain('as images');
    expect(requests.some((request) => JSON.stringify(request.body).includes('"image_url"'))).toBe(false);
  });
});
