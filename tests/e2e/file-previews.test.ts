import { afterEach, beforeEach, expect, it } from 'vitest';
import { call } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

/** A 24×24 PNG, written by the agent with `base64 -d`. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAACVElEQVR4nG3SoQ6FNhiGYa4KiUSSqSqCQCyoqhMEgqCqCAKxoKoI4ghyVBVBIBZUFXkFgqCQ3MLmtz+pat4+5msQKiJFrEgUSpEp/tn/+M/5S2EVk2JWOMUqNUGYEqXEKUmKSslSCUqxKVPKnOJSVqkJwpwoJ85JclROlktQjs2ZcuYcl7NKTRAWRAVxQVKgCrJCggpswVQwF7iCVWqCUBNpYk2iUZpMS5DGaibNrHGaVWqC8EP0If6QfFAfso8EfbAfpg/zB/dhlZrg/1d/VuiKsqKuMBVdJTz7u8JXUHFVPBVvhQQ16IayoW4wDV0jQQ2+gYar4Wl4GxEyaENpqA3G0BkJMngDhsvwGF4jQi26pWypW0xL10pQi2+h5Wp5Wt5WhHp0T9lT95ierpegHt9Dz9Xz9Ly9CA3ogXKgHjAD3SBBA36AgWvgGXgHgtASWWJLYlGWzErzW6xlsswWZ1mlJghHopF4JBlRI9koQSN2ZBqZR9zIKjVB+CX6En9Jvqgv2VeCvtgv05f5i/uySk0Q/oh+xD+SH+pH9pOgH/bH9GP+4X6sUhOEjsgROxKHcmROghzWMTlmh3OsUhOEC9FCvJAsqIVskaAFuzAtzAtuYZUaaf4NvVFu1Btmo9uk+Tf8BhvXxrPxbuI/2tE75U69Y3a6XYJ2/A47186z8+4i5NGe0lN7jKfzEuTxHjyX5/G8XoQO9EF5UB+Yg+6QoAN/wMF18By8hwid6JPypD4xJ90pQSf+hJPr5Dl5TxG60TflTX1jbrpbgm78DTfXzXPz3vwLZBadfaGWjHsAAAAASUVORK5CYII=';
const HTML =
  '<!doctype html>\n<h1>Hello</h1>\n<script>document.body.append("scripts ran")</script>\n<p>A paragraph.</p>\n';

it('shows images as images, describes binary files, and previews HTML only in a sandbox', async () => {
  const { page, model } = harness;
  model.setScript([
    call('message', { type: 'info', text: 'Making a few files.' }),
    call('plan', {
      action: 'update',
      goal: 'Files',
      phases: [{ id: 1, title: 'Make files', capabilities: {} }],
    }),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: `mkdir -p site && echo ${PNG_BASE64} | base64 -d > site/pic.png && printf "\\000\\001binary" > site/data.bin`,
    }),
    call('file', { action: 'write', path: '/home/ubuntu/site/index.html', text: HTML }),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Make a few files');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await panel.getByRole('tab', { name: 'Files' }).click();
  const back = panel.getByRole('button', { name: 'Back to all files' });

  await panel.getByRole('treeitem', { name: /^pic\.png ?, file/ }).click();
  const image = panel.getByRole('img', { name: 'pic.png' });
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(24);
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  expect(await panel.locator('.image-size').textContent()).toBe('24 × 24 px');
  await harness.screenshot('preview-image');
  await back.click();

  await panel.getByRole('treeitem', { name: /^data\.bin ?, file/ }).click();
  await expect.poll(() => panel.locator('.view-message').textContent()).toContain('A binary file');
  await back.click();

  // HTML is shown as source; its preview is an iframe sandboxed without scripts.
  await panel.getByRole('treeitem', { name: /^index\.html ?, file/ }).click();
  await expect.poll(() => panel.locator('.code-text').innerText()).toContain('<script>');
  expect(await panel.locator('.code-text script').count()).toBe(0);
  await panel.getByRole('button', { name: 'Preview' }).click();
  const frame = panel.locator('iframe.html-preview');
  expect(await frame.getAttribute('sandbox')).toBe('');
  const body = page.frameLocator('iframe.html-preview').locator('body');
  await expect.poll(() => body.innerText()).toContain('A paragraph.');
  expect(await body.innerText()).not.toContain('scripts ran');
  await harness.screenshot('preview-html');
});
