import { createServer, type Server } from 'node:http';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { sampleBundleContents } from '../../src/shared/bundle/bundle-fixtures.ts';
import { BUNDLE_FORMAT_VERSION, type BundleContents } from '../../src/shared/bundle/bundle-format.ts';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import {
  dropFile,
  importThroughPicker,
  openConversationId,
  screenshotEverywhere,
  threadTexts,
  toastTexts,
} from './pwa-helpers.ts';

let harness: AppHarness;
let dialogs: string[];
beforeEach(async () => {
  harness = await startApp();
  dialogs = [];
  harness.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});
afterEach(async () => {
  await harness.close();
});

/** Markup that would run script if it ever reached the DOM as HTML. */
const PAYLOAD =
  '<script>window.__pwned = "script"; alert("script")</script><img src=x onerror="window.__pwned = \'img\'; alert(\'img\')">';

function bundleOf(contents: BundleContents): Uint8Array {
  return encodeBundle(contents, '0.1.0', Date.UTC(2026, 0, 2));
}

/** A bundle whose workspace path climbs out of the workspace. */
function pathTraversalBundle(): Uint8Array {
  const contents = sampleBundleContents('evil');
  contents.files.push({
    path: '../../escape.txt',
    kind: 'file',
    size: 3,
    modifiedAt: 1,
    content: strToU8('out'),
  });
  return bundleOf(contents);
}

/** A bundle that says it was written by a newer app (the next format). */
function newerFormatBundle(): Uint8Array {
  const entries = unzipSync(bundleOf(sampleBundleContents('future')));
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as Record<string, unknown>;
  entries['manifest.json'] = strToU8(
    JSON.stringify({ ...manifest, formatVersion: BUNDLE_FORMAT_VERSION + 1 }),
  );
  return zipSync(entries);
}

/** A valid bundle whose texts (title, messages, plan, a file name) all carry markup that would run. */
function markupBundle(): Uint8Array {
  const contents = sampleBundleContents('markup');
  const id = contents.conversation.id;
  const envelope = (
    seq: number,
    uuid: string,
    actionType: 'message.info' | 'message.result',
    content: string,
  ): EventBody => ({
    type: 'envelope',
    toolCallId: `call-${seq}`,
    // What a Manus conversation records beside each envelope.
    role: actionType === 'message.info' ? 'inform' : 'result',
    metaKind: 'message',
    envelope: {
      uuid,
      status: 'success',
      content,
      meta: { action_type: actionType, tool: actionType.split('.')[0] ?? 'message' },
    },
  });
  const bodies: EventBody[] = [
    { type: 'user_message', text: `Render this ${PAYLOAD}` },
    envelope(1, 'u-info', 'message.info', `Info ${PAYLOAD}`),
    envelope(2, 'u-result', 'message.result', `## Result\n\n${PAYLOAD}\n\n[link](javascript:alert('link'))`),
  ];
  contents.conversation.title = `Title ${PAYLOAD}`;
  contents.events = bodies.map((body, seq) => ({ conversationId: id, seq, at: 1000 + seq, body }));
  if (contents.plan) contents.plan.goal = `Goal ${PAYLOAD}`;
  contents.files.push({
    path: '<img src=x onerror=alert(1)>.html',
    kind: 'file',
    size: PAYLOAD.length,
    modifiedAt: 1,
    content: strToU8(PAYLOAD),
  });
  return bundleOf(contents);
}

it('refuses a path-traversal bundle and a newer-format bundle with their reasons, and imports nothing', async () => {
  const { page } = harness;
  await importThroughPicker(page, 'evil.sandpiper.zip', pathTraversalBundle());
  await expect
    .poll(() => toastTexts(page))
    .toContain(
      'Could not import evil.sandpiper.zip: This bundle has a workspace path that is not allowed ("../../escape.txt": it climbs out with "..").',
    );

  // The same through drag and drop (with the overlay up while the file is over the window).
  await dropFile(page, 'future.sandpiper.zip', newerFormatBundle(), async () => {
    expect(await screenshotEverywhere(harness, 'drop-overlay')).toEqual([]);
    expect(await page.locator('.drop-overlay').textContent()).toContain('Drop a conversation bundle');
  });
  await page.locator('.drop-overlay').waitFor({ state: 'detached' });
  await expect
    .poll(() => toastTexts(page))
    .toContain(
      `Could not import future.sandpiper.zip: This bundle was made by a newer Sandpiper (bundle format ${BUNDLE_FORMAT_VERSION + 1}; this app reads up to ${BUNDLE_FORMAT_VERSION}). Update Sandpiper to open it.`,
    );
  // Not a zip at all: refused before it reaches the worker.
  await dropFile(page, 'notes.txt', strToU8('hello'));
  await expect
    .poll(() => toastTexts(page))
    .toContain('Could not import notes.txt: only .zip bundles exported from Sandpiper can be imported.');

  expect(await page.locator('.conversation-item').count()).toBe(0);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});

it('imports a bundle full of markup and renders it inert: no script runs, no dialog opens', async () => {
  const { page } = harness;
  await importThroughPicker(page, 'markup.sandpiper.zip', markupBundle());
  await page.locator('[data-action-type="message.result"]').waitFor();
  const thread = await threadTexts(page);
  // The person's message and the info line show the markup as text.
  expect(thread[0]).toContain('<script>window.__pwned');
  expect(thread[1]).toContain('<img src=x onerror=');
  // Markdown output is sanitised: the heading renders, the script and the handler do not.
  const result = page.locator('[data-action-type="message.result"]');
  expect(await result.locator('h4.markdown-h2').textContent()).toBe('Result');
  expect(await page.locator('main script').count()).toBe(0);
  expect(await page.locator('main [onerror]').count()).toBe(0);
  expect(await result.locator('a[href^="javascript:"]').count()).toBe(0);
  expect(await page.locator('.thread-title').textContent()).toContain('<script>');
  expect(await page.getByRole('region', { name: 'Plan' }).locator('.plan-goal').textContent()).toContain(
    '<img src=x',
  );
  // The workspace file with markup in its name is listed as text.
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await panel.getByRole('tab', { name: 'Files' }).click();
  await panel.getByRole('treeitem', { name: /^<img src=x onerror=alert\(1\)>\.html ?, file/ }).waitFor();

  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null)).toBeNull();
  expect(dialogs).toEqual([]);
});

it('imports a bundle named by ?bundle= on load, then removes the parameter', async () => {
  const { page, app } = harness;
  const good = bundleOf(sampleBundleContents('linked'));
  const files = await serveWithCors({ '/notes.sandpiper.zip': good });
  try {
    const bundleUrl = `${files.url}/notes.sandpiper.zip`;
    await page.goto(`${app.url}/?bundle=${encodeURIComponent(bundleUrl)}`);
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(await page.locator('.thread-title').textContent()).toBe('Notes app');
    expect(await page.evaluate(() => window.location.search)).toBe('');
    expect(await openConversationId(page)).not.toBe('linked');

    // A missing file is refused with the server's answer, and the parameter still goes.
    await page.goto(`${app.url}/?bundle=${encodeURIComponent(`${files.url}/missing.zip`)}`);
    await expect
      .poll(() => toastTexts(page))
      .toContain(`Could not import the bundle from ${new URL(files.url).host}: the server answered 404.`);
    expect(await page.evaluate(() => window.location.search)).toBe('');
    await expect.poll(() => page.locator('.conversation-item').count()).toBe(1);
  } finally {
    await files.close();
  }
});

/** A file server on loopback that lets any origin read what it serves. */
async function serveWithCors(
  files: Record<string, Uint8Array>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const body = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!body) {
      response.writeHead(404).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.byteLength });
    response.end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
