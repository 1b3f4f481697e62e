import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { sampleBundleContents } from '../../src/shared/bundle/bundle-fixtures.ts';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { logText, md5, wholeReadChecks } from '../fixtures/text/log-text.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { importThroughPicker, openConversationId } from './pwa-helpers.ts';

/**
 * How much text the page may hold while a conversation carries 5 MB of it: what made Stop and
 * switching slow was rendering the whole text. Their times are printed, not asserted: on two
 * shared cores under the whole suite a 300 ms bound failed at 409 ms with nothing wrong.
 */
const MAX_PAGE_TEXT = 100_000;

/** The length of the text the page holds. */
function pageTextLength(page: Page): Promise<number> {
  return page.evaluate(() => document.body.textContent?.length ?? 0);
}

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  // A real paste: the text goes on the clipboard and Ctrl+V pastes it into the focused box.
  await harness.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(harness.app.url).origin,
  });
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const finish = (text = 'Done.') => call('message', { type: 'result', text });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Puts `text` on the clipboard and pastes it into `box` with Ctrl+V; resolves with the ms until `shown` is visible. */
async function paste(
  page: Page,
  box: ReturnType<Page['getByRole']>,
  text: string,
  shown: string,
): Promise<number> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await box.focus();
  const started = Date.now();
  await page.keyboard.press('Control+V');
  await page.locator(shown).first().waitFor();
  return Date.now() - started;
}

/** A workspace file as IndexedDB holds it: its size and SHA-256 (read and hashed in the page). */
function storedFile(page: Page, conversationId: string, path: string) {
  return page.evaluate(
    ({ id, filePath }) =>
      new Promise<{ size: number; sha256: string } | null>((resolve, reject) => {
        const request = indexedDB.open('sandpiper');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const read = request.result.transaction('files').objectStore('files').get([id, filePath]);
          read.onerror = () => reject(read.error);
          read.onsuccess = async () => {
            const row = read.result as { content: Uint8Array<ArrayBuffer> } | undefined;
            if (!row) return resolve(null);
            const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', row.content));
            const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
            resolve({ size: row.content.byteLength, sha256: hex });
          };
        };
      }),
    { id: conversationId, filePath: path },
  );
}

/**
 * Clicks the element `target` in the page and resolves with the milliseconds until, a frame
 * after it, `done` matches an element (and the header shows `title`, when given): what a
 * person waits from the click to seeing the result.
 */
function timeClick(page: Page, target: { selector: string; text?: string }, done: string, title?: string) {
  return page.evaluate(
    ({ selector, text, doneSelector, expectedTitle }) =>
      new Promise<number>((resolve, reject) => {
        const element = [...document.querySelectorAll<HTMLElement>(selector)].find(
          (candidate) => text === undefined || candidate.textContent?.trim() === text,
        );
        if (!element) return reject(new Error(`Nothing to click: ${selector} ${text ?? ''}`));
        const started = performance.now();
        element.click();
        const check = () => {
          const isShown =
            document.querySelector(doneSelector) !== null &&
            (expectedTitle === undefined ||
              document.querySelector('.thread-title')?.textContent?.trim() === expectedTitle);
          if (isShown) requestAnimationFrame(() => resolve(performance.now() - started));
          else if (performance.now() - started > 20_000) reject(new Error(`Never shown: ${doneSelector}`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { selector: target.selector, text: target.text, doneSelector: done, expectedTitle: title },
  );
}

/** Resolves once the layout has settled: the sheets that slide as the window narrows have stopped. */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(100);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Screenshots at 1440 and at a phone's 390 px. */
async function screenshots(name: string): Promise<void> {
  const { page } = harness;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await harness.screenshot(`${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await harness.screenshot(`${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
}

describe('a 5 MB paste', () => {
  it('becomes pasted-1.txt: a small request, the file in the workspace, Stop and switching without the whole text on the page', async () => {
    const { page, model } = harness;
    const composer = page.getByRole('textbox', { name: 'Message' });
    const chips = page.getByRole('list', { name: 'Attached files' });

    // Another conversation to switch to.
    model.setScript([acknowledge(), planNotes(), finish('Other done.')]);
    await harness.sendTask('Other task');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();

    await page.getByRole('button', { name: 'New conversation' }).click();
    const log = logText(5 * 1024 * 1024, 'First paste');
    const logBytes = Buffer.byteLength(log);
    expect(logBytes).toBeGreaterThan(5 * 1024 * 1024);
    const pasteMs = await paste(page, composer, log, '.attachment-chip');
    expect(await chips.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^pasted-1\.txt\s*5 MB/),
    ]);
    expect(await composer.inputValue()).toBe('');
    await expect
      .poll(() => page.locator('.composer-note[role="status"]').textContent())
      .toContain('The pasted text (5 MB) is attached as pasted-1.txt instead of typed');
    await composer.pressSequentially('Find the errors in the pasted log');
    await screenshots('big-paste-composer');

    model.setScript([acknowledge(), planNotes(), { ...finish(), delayMs: 30_000 }]);
    const sentAt = Date.now();
    await composer.press('Enter');
    await model.waitForRequests(1, 20_000);
    const firstRequestMs = Date.now() - sentAt;
    await model.waitForRequests(3, 20_000);
    await expect.poll(() => model.requests[2]?.body).toBeDefined();
    const requestBytes = model.requests.map((request) => Buffer.byteLength(JSON.stringify(request.body)));
    for (const bytes of requestBytes) expect(bytes).toBeLessThan(64 * 1024);
    const firstUser = messagesOf(model.requests[0]).find(
      (message) => (message as { role: string }).role === 'user',
    ) as { content: string };
    expect(firstUser.content).toBe(
      `Find the errors in the pasted log\n\n[attached file: saved in the workspace]\n- /home/ubuntu/uploads/pasted-1.txt (text/plain, ${logBytes.toLocaleString('en-US')} bytes)\n[end of attached file]`,
    );

    // The file, byte for byte, in the workspace and in the Files tab.
    const pastedId = await openConversationId(page);
    expect(await storedFile(page, pastedId, 'uploads/pasted-1.txt')).toEqual({
      size: logBytes,
      sha256: sha256(log),
    });
    const sent = page.getByRole('list', { name: 'Files sent with this message' });
    await sent.getByRole('button', { name: /^Open pasted-1\.txt \(5 MB\)/ }).click();
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Computer' }).textContent())
      .toContain('Showing the first 256 KB of 5 MB');
    await screenshots('big-paste-thread');

    // While the agent works, another long paste still becomes a chip at once; sending it is refused, with why.
    const second = logText(2 * 1024 * 1024, 'Second paste');
    const busyPasteMs = await paste(page, composer, second, '.composer .attachment-chip');
    await expect
      .poll(() => page.locator('.composer-note[role="status"]').textContent())
      .toContain('Files go once the agent finishes or asks you something; stop it to send them now.');
    await composer.press('Enter');
    await expect
      .poll(() => page.locator('.toast').textContent())
      .toContain(
        'The agent is working: attach files once it finishes or asks you something, or stop it first.',
      );
    // Named after the file the first message already put in the workspace.
    expect(await chips.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^pasted-2\.txt\s*2 MB/),
    ]);
    await screenshots('big-paste-while-working');
    // One more, removed again by keyboard.
    await paste(
      page,
      composer,
      logText(20 * 1024, 'Third paste'),
      '.composer li.attachment-chip:nth-child(2)',
    );
    await page.getByRole('button', { name: 'Remove pasted-3.txt' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(1);

    const stopMs = await timeClick(page, { selector: '.stop-button' }, '[data-notice-kind="stopped"]');
    await expect.poll(() => model.requests[2]?.aborted).toBe(true);
    expect(await page.locator('.stop-button').count()).toBe(0);

    // Stopped, the paste that waited goes as a follow-up.
    model.setScript([acknowledge('Reading the second log.'), planNotes(), finish('Both read.')]);
    await composer.press('Enter');
    await page.getByRole('list', { name: 'Conversation' }).getByText('Both read.').waitFor();
    expect(await storedFile(page, pastedId, 'uploads/pasted-2.txt')).toEqual({
      size: Buffer.byteLength(second),
      sha256: sha256(second),
    });
    for (const request of model.requests)
      expect(Buffer.byteLength(JSON.stringify(request.body))).toBeLessThan(64 * 1024);

    const toOtherMs = await timeClick(
      page,
      { selector: '.conversation-title', text: 'Other task' },
      '[data-action-type="message.result"]',
      'Other task',
    );
    const toPastedMs = await timeClick(
      page,
      { selector: '.conversation-title', text: 'Find the errors in the pasted log' },
      '.attachment-chips.is-sent',
      'Find the errors in the pasted log',
    );

    console.log(
      [
        `big paste: ${logBytes.toLocaleString('en-US')} bytes pasted, chip shown ${pasteMs} ms after Ctrl+V`,
        `model requests: ${requestBytes.map((bytes) => bytes.toLocaleString('en-US')).join(', ')} bytes (first one ${firstRequestMs} ms after Enter)`,
        `paste while working: chip ${busyPasteMs} ms after Ctrl+V`,
        `Stop: ${stopMs.toFixed(0)} ms from click to the stopped notice`,
        `switch: ${toOtherMs.toFixed(0)} ms to the other conversation, ${toPastedMs.toFixed(0)} ms back to the pasted one`,
      ].join('\n'),
    );
    expect(await pageTextLength(page)).toBeLessThan(MAX_PAGE_TEXT);
  });

  it('already in a conversation (imported) shows its start, opens whole as plain text, and is refused before sending', async () => {
    const { page, model } = harness;
    model.setScript([acknowledge(), planNotes(), finish('Other done.')]);
    await harness.sendTask('Other task');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();

    const log = logText(5 * 1024 * 1024, 'Imported');
    const contents = sampleBundleContents('old');
    contents.conversation.title = 'Imported with a 5 MB message';
    const first = contents.events[0];
    if (first?.body.type !== 'user_message') throw new Error('The sample starts with a message.');
    first.body.text = log;
    await importThroughPicker(page, 'imported.sandpiper.zip', encodeBundle(contents, 'test', 5));
    const bubble = page.locator('.bubble.long-text');
    await bubble.waitFor();
    const toggle = bubble.getByRole('button', { name: 'Show all (5 MB)' });
    await toggle.waitFor();
    expect((await bubble.locator('.long-text-head').textContent())?.length).toBeLessThan(1_300);
    await screenshots('big-paste-imported');

    const toOtherMs = await timeClick(
      page,
      { selector: '.conversation-title', text: 'Other task' },
      '[data-action-type="message.result"]',
      'Other task',
    );
    const toImportedMs = await timeClick(
      page,
      { selector: '.conversation-title', text: 'Imported with a 5 MB message' },
      '.bubble.long-text',
      'Imported with a 5 MB message',
    );

    expect(await pageTextLength(page)).toBeLessThan(MAX_PAGE_TEXT);

    // Show all: the whole text, as text, by keyboard too.
    await toggle.focus();
    const showAllStarted = Date.now();
    await page.keyboard.press('Enter');
    const whole = page.getByRole('region', { name: 'Your message, whole' });
    await whole.waitFor();
    const showAllMs = Date.now() - showAllStarted;
    expect(await whole.evaluate((element) => element.textContent?.length)).toBe(log.length);
    expect(await bubble.locator('h1, strong, a').count()).toBe(0);
    await whole.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await screenshots('big-paste-imported-whole');
    await bubble.getByRole('button', { name: 'Show less' }).click();
    await page.locator('.long-text-head').waitFor();

    // A follow-up would send the 5 MB message again: refused before sending, with the true cause.
    const requestsBefore = model.requests.length;
    await page.getByRole('textbox', { name: 'Message' }).fill('Any news?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const refusal = page.locator('[data-notice-kind="provider_error"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Nothing was sent to the model: one message is too long');
    expect(await refusal.textContent()).toContain(`(${log.length.toLocaleString('en-US')} characters)`);
    expect(await refusal.textContent()).not.toContain('-c ');
    expect(model.requests).toHaveLength(requestsBefore);
    await refusal.scrollIntoViewIfNeeded();
    await screenshots('big-paste-refused');

    console.log(
      `imported 5 MB message: switch ${toOtherMs.toFixed(0)} ms away, ${toImportedMs.toFixed(0)} ms back; Show all ${showAllMs} ms`,
    );
  });
});

describe('a shorter paste', () => {
  it('stays text in the message box; a long one into a question’s reply box goes with the reply as a file', async () => {
    const { page, model } = harness;
    const composer = page.getByRole('textbox', { name: 'Message' });
    const short = logText(12 * 1024, 'Short paste');
    await paste(page, composer, short, '.composer-input');
    await expect.poll(() => composer.inputValue()).toBe(short);
    expect(await page.getByRole('list', { name: 'Attached files' }).count()).toBe(0);
    model.setScript([acknowledge(), planNotes(), call('message', { type: 'ask', text: 'Which log?' })]);
    await composer.press('Enter');
    const replyBox = page.getByRole('textbox', { name: 'Reply' });
    await replyBox.waitFor();
    const firstUser = messagesOf(model.requests[0]).find(
      (message) => (message as { role: string }).role === 'user',
    ) as { content: string };
    expect(firstUser.content).toBe(short);

    const long = logText(40 * 1024, 'Reply paste');
    await paste(page, replyBox, long, '.ask-card .attachment-chip');
    expect(await replyBox.inputValue()).toBe('');
    await replyBox.pressSequentially('This one');
    await screenshots('big-paste-reply');
    model.setScript([finish()]);
    await replyBox.press('Enter');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    const id = await openConversationId(page);
    expect(await storedFile(page, id, 'uploads/pasted-1.txt')).toEqual({
      size: Buffer.byteLength(long),
      sha256: sha256(long),
    });
    // The model reads the reply, and where its file is, in the question's result.
    const answer = JSON.stringify(messagesOf(model.requests[0]).at(-1));
    expect(answer).toContain('This one');
    expect(answer).toContain('/home/ubuntu/uploads/pasted-1.txt (text/plain');
    await expect
      .poll(() => page.getByRole('list', { name: 'Files sent with this message' }).textContent())
      .toContain('pasted-1.txt');

    // Text over 16 KB put in the box another way than a paste goes as a file at Send, its start kept.
    const typed = logText(20 * 1024, 'Typed follow-up');
    await composer.fill(typed);
    await expect
      .poll(() => page.locator('.composer-note[role="status"]').textContent())
      .toContain('This message is over 16 KB: it will be sent as a file');
    model.setScript([acknowledge(), planNotes(), finish('Typed one read.')]);
    await composer.press('Enter');
    await page.getByRole('list', { name: 'Conversation' }).getByText('Typed one read.').waitFor();
    expect(await storedFile(page, id, 'uploads/pasted-2.txt')).toEqual({
      size: Buffer.byteLength(typed),
      sha256: sha256(typed),
    });
    const lastBubble = page.locator('.user-item .bubble').last();
    expect(await lastBubble.textContent()).toContain('Typed follow-up: the server log');
    expect(await lastBubble.textContent()).toContain(
      'the whole of it is saved as /home/ubuntu/uploads/pasted-2.txt, and the text above is its start.]',
    );
    await lastBubble.scrollIntoViewIfNeeded();
    await screenshots('big-paste-typed');
  });
});

describe('big files in the shell', () => {
  // Every command (cat, head, tail, wc, <, sort, cp, md5sum) on the 5 MiB paste, here in the
  // agent worker, whose small stack is what just-bash 3.4.2 overflowed on any file over 64 KiB;
  // on the 50 MiB upload the two that prove it arrived whole (wc -c, md5sum). The whole matrix
  // on both sizes runs on the same sandbox code in tests/integration/big-files-shell.test.ts.
  it('a 5 MiB paste read whole by cat, head, tail, wc, <, sort, cp and md5sum; a 50 MiB upload arrives whole', async () => {
    const { page, model } = harness;
    const paste5 = logText(5 * 1024 * 1024, 'Pasted');
    const upload50 = logText(50 * 1024 * 1024, 'Uploaded');
    const folder = mkdtempSync(join(tmpdir(), 'sandpiper-upload-'));
    const uploadPath = join(folder, 'server.log');
    writeFileSync(uploadPath, upload50);

    // The 50 MiB file with the paperclip, the 5 MiB text pasted.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Attach files' }).click(),
    ]);
    await chooser.setFiles(uploadPath);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await paste(page, composer, paste5, '.attachment-chip:nth-child(2)');
    await composer.pressSequentially('Check both files');

    const files = {
      pasted: '/home/ubuntu/uploads/pasted-1.txt',
      uploaded: '/home/ubuntu/uploads/server.log',
    };
    const all = [
      ...wholeReadChecks(files.pasted, paste5),
      { command: `wc -c ${files.uploaded}`, expected: `${Buffer.byteLength(upload50)} ${files.uploaded}\n` },
      { command: `md5sum ${files.uploaded}`, expected: `${md5(upload50)}  ${files.uploaded}\n` },
    ];
    model.setScript([
      acknowledge(),
      planNotes(),
      ...all.map(({ command }) =>
        call('shell', { action: 'exec', session: 'main', brief: 'Check', command }),
      ),
      finish('Both read.'),
    ]);
    await composer.press('Enter');
    await page
      .getByRole('list', { name: 'Conversation' })
      .getByText('Both read.')
      .waitFor({ timeout: 120_000 });

    // What each command printed, as the model read it back.
    const observed = model.requests.slice(3, 3 + all.length).map((request) => {
      const content = (messagesOf(request).at(-1) as { content: string }).content;
      const { meta } = JSON.parse(content) as { meta: { stdout: string; stderr: string } };
      return { stdout: meta.stdout, stderr: meta.stderr };
    });
    expect(observed).toEqual(all.map(({ expected }) => ({ stdout: expected, stderr: '' })));
  }, 240_000);
});
