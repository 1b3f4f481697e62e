import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { workspaceFiles } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

/** A 24×24 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAACVElEQVR4nG3SoQ6FNhiGYa4KiUSSqSqCQCyoqhMEgqCqCAKxoKoI4ghyVBVBIBZUFXkFgqCQ3MLmtz+pat4+5msQKiJFrEgUSpEp/tn/+M/5S2EVk2JWOMUqNUGYEqXEKUmKSslSCUqxKVPKnOJSVqkJwpwoJ85JclROlktQjs2ZcuYcl7NKTRAWRAVxQVKgCrJCggpswVQwF7iCVWqCUBNpYk2iUZpMS5DGaibNrHGaVWqC8EP0If6QfFAfso8EfbAfpg/zB/dhlZrg/1d/VuiKsqKuMBVdJTz7u8JXUHFVPBVvhQQ16IayoW4wDV0jQQ2+gYar4Wl4GxEyaENpqA3G0BkJMngDhsvwGF4jQi26pWypW0xL10pQi2+h5Wp5Wt5WhHp0T9lT95ierpegHt9Dz9Xz9Ly9CA3ogXKgHjAD3SBBA36AgWvgGXgHgtASWWJLYlGWzErzW6xlsswWZ1mlJghHopF4JBlRI9koQSN2ZBqZR9zIKjVB+CX6En9Jvqgv2VeCvtgv05f5i/uySk0Q/oh+xD+SH+pH9pOgH/bH9GP+4X6sUhOEjsgROxKHcmROghzWMTlmh3OsUhOEC9FCvJAsqIVskaAFuzAtzAtuYZUaaf4NvVFu1Btmo9uk+Tf8BhvXxrPxbuI/2tE75U69Y3a6XYJ2/A47186z8+4i5NGe0lN7jKfzEuTxHjyX5/G8XoQO9EF5UB+Yg+6QoAN/wMF18By8hwid6JPypD4xJ90pQSf+hJPr5Dl5TxG60TflTX1jbrpbgm78DTfXzXPz3vwLZBadfaGWjHsAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
const CSV = Buffer.from('region,sales\nnorth,120\nsouth,80\n');
const FILES = [
  { name: 'quarterly report.pdf', mimeType: 'application/pdf', buffer: PDF },
  { name: 'chart.png', mimeType: 'image/png', buffer: PNG },
  { name: 'sales.csv', mimeType: 'text/csv', buffer: CSV },
];

/** A scripted run that acknowledges, plans and finishes. */
function finishingRun(text: string) {
  return [
    call('message', { type: 'info', text: 'Looking at your files.' }),
    call('plan', {
      action: 'update',
      goal: 'Read the files',
      phases: [{ id: 1, title: 'Read', capabilities: {} }],
    }),
    call('message', { type: 'result', text }),
  ];
}

/** The open conversation's id, from the address. */
function conversationId(): string {
  return decodeURIComponent(new URL(harness.page.url()).hash.replace('#/c/', ''));
}

/** A conversation's files as stored in IndexedDB: path → bytes (base64), read in the page. */
function storedFiles(id: string): Promise<Record<string, string>> {
  return workspaceFiles(harness.page, id, 'base64');
}

/** The user-role texts of the scripted model's first request. */
function firstRequestUserTexts(): string[] {
  const body = harness.model.requests[0]?.body as { messages?: { role: string; content: unknown }[] };
  return (body.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) => String(message.content));
}

/** Screenshots at 1440 and 390 wide, light and dark. */
async function screenshots(name: string): Promise<void> {
  const { page } = harness;
  for (const width of [1440, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await harness.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('a person’s files into the conversation', () => {
  it('attaches a PDF, a PNG and a CSV with the picker; they land in the workspace and the model reads their listing', async () => {
    const { page, model } = harness;
    model.setScript(finishingRun('Done.'));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Attach files' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      ...FILES,
      { name: 'stray.txt', mimeType: 'text/plain', buffer: Buffer.from('no') },
    ]);

    const chips = page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(4);
    // Removing one is a keyboard action too.
    await page.getByRole('button', { name: 'Remove stray.txt' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => chips.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining('quarterly report.pdf'),
        expect.stringContaining('chart.png'),
        expect.stringContaining('sales.csv'),
      ]);
    await page.getByRole('textbox', { name: 'Message' }).fill('Summarise the report and total the sales');
    await screenshots('uploads-composer');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    expect(await chips.count()).toBe(0);

    const stored = await storedFiles(conversationId());
    expect(stored).toEqual({
      'uploads/quarterly report.pdf': PDF.toString('base64'),
      'uploads/chart.png': PNG.toString('base64'),
      'uploads/sales.csv': CSV.toString('base64'),
    });
    expect(firstRequestUserTexts()[0]).toBe(
      [
        'Summarise the report and total the sales',
        '',
        '[attached files: saved in the workspace]',
        `- /home/ubuntu/uploads/quarterly report.pdf (application/pdf, ${PDF.byteLength} bytes)`,
        `- /home/ubuntu/uploads/chart.png (image/png, ${PNG.byteLength} bytes)`,
        `- /home/ubuntu/uploads/sales.csv (text/csv, ${CSV.byteLength} bytes)`,
        '[end of attached files]',
      ].join('\n'),
    );

    const sent = page.getByRole('list', { name: 'Files sent with this message' });
    await expect.poll(() => sent.getByRole('button').count()).toBe(3);
    await screenshots('uploads-thread');
    await sent.getByRole('button', { name: /^Open chart\.png/ }).click();
    const panel = page.getByRole('complementary', { name: 'Computer' });
    const image = panel.getByRole('img', { name: 'chart.png' });
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(24);
  });

  it('takes three files dropped on the composer (a DataTransfer built in the page)', async () => {
    const { page, model } = harness;
    model.setScript(finishingRun('Got them.'));
    await page.locator('form.composer').evaluate((composer) => {
      const transfer = new DataTransfer();
      const files: [string, string][] = [
        ['a.txt', 'alpha'],
        ['b.txt', 'beta'],
        ['c.md', '# gamma'],
      ];
      for (const [name, text] of files)
        transfer.items.add(
          new File([text], name, { type: name.endsWith('.md') ? 'text/markdown' : 'text/plain' }),
        );
      for (const type of ['dragenter', 'dragover', 'drop'])
        composer.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    });
    const chips = page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(3);
    // The window's bundle import did not take the drop.
    expect(await page.getByText('Drop a conversation bundle').count()).toBe(0);
    // A pasted image joins them, named by when it was pasted.
    await page.getByRole('textbox', { name: 'Message' }).evaluate(
      (input, png) => {
        const clipboard = new DataTransfer();
        clipboard.items.add(new File([new Uint8Array(png)], 'image.png', { type: 'image/png' }));
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
        );
      },
      [...PNG],
    );
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(4);
    expect(await chips.getByRole('listitem').last().innerText()).toMatch(/^pasted-[\d-]+\.png/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    const stored = await storedFiles(conversationId());
    expect(Object.keys(stored).sort()).toEqual([
      'uploads/a.txt',
      'uploads/b.txt',
      'uploads/c.md',
      expect.stringMatching(/^uploads\/pasted-[\d-]+\.png$/),
    ]);
    expect(Buffer.from(stored['uploads/c.md'] ?? '', 'base64').toString()).toBe('# gamma');
  });

  it('opens a folder of three files into a new conversation’s workspace (the directory picker, stubbed)', async () => {
    const { page, model } = harness;
    model.setScript(finishingRun('Project read.'));
    // Headless Chromium cannot be handed a real folder: the picker returns handles built in the page.
    await page.evaluate(() => {
      const file = (name: string, text: string) => ({
        kind: 'file',
        name,
        getFile: async () => new File([text], name),
      });
      const folder = (name: string, children: unknown[]) => ({
        kind: 'directory',
        name,
        values: async function* () {
          yield* children;
        },
      });
      const project = folder('my-app', [
        file('package.json', '{"name":"my-app"}'),
        folder('src', [file('index.js', 'console.log(1);')]),
        folder('node_modules', [file('huge.js', 'x')]),
        file('README.md', '# My app'),
      ]);
      (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () =>
        project;
    });
    await page.getByRole('button', { name: 'Open a folder' }).click();
    const chips = page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => page.locator('.composer-note').textContent()).toContain('my-app/node_modules');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
    await page.getByRole('textbox', { name: 'Message' }).fill('Fix the build');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    const stored = await storedFiles(conversationId());
    expect(Object.keys(stored).sort()).toEqual([
      'my-app/README.md',
      'my-app/package.json',
      'my-app/src/index.js',
    ]);
    expect(firstRequestUserTexts()[0]).toContain(
      '- /home/ubuntu/my-app/src/index.js (text/javascript, 15 bytes)',
    );
  });
});
