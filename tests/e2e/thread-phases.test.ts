import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectedStepCounts,
  PHASE_TITLES,
  PHASES_QUESTION,
  PHASES_TASK,
  phasesUntilQuestion,
} from '../fixtures/phases-scenario.ts';
import { call, messagesOf } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

/**
 * A thread one can scan: a scripted run of about forty steps over four plan phases shows
 * one group per phase (its title, status and step count), the finished phases folded and
 * the current one open; a group opens and folds by click and by keyboard, and stays as
 * the person left it when they come back to the conversation; the rows read as words with
 * paths relative to the home folder, and on a phone each row's file name shows whole. The
 * open question has the one reply box: the composer points to it instead of offering a second.
 */
let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
});
afterAll(async () => {
  await harness.close();
});

type HeaderState = { title: string; expanded: string | null; status: string | null; meta: string };

/** Each phase group's header, in order: title, whether open, status, and its "N steps" line. */
function headers(page: Page): Promise<HeaderState[]> {
  return page.locator('.phase-group-header').evaluateAll((buttons) =>
    buttons.map((button) => ({
      title: button.querySelector('.phase-group-title')?.textContent ?? '',
      expanded: button.getAttribute('aria-expanded'),
      status: button.getAttribute('data-status'),
      meta: button.querySelector('.phase-group-meta')?.textContent ?? '',
    })),
  );
}

/** The step rows shown under the header `title` (its members that are not hidden). */
function visibleRowsOf(page: Page, title: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const header = [...document.querySelectorAll('.phase-group-item')].find(
      (item) => item.querySelector('.phase-group-title')?.textContent === wanted,
    );
    const key = header?.nextElementSibling?.getAttribute('data-phase-group');
    if (!key) return [];
    return [...document.querySelectorAll(`[data-phase-group="${key}"]`)]
      .filter((row) => !(row as HTMLElement).hidden && row.querySelector('.action-row'))
      .map((row) => (row.querySelector('.step-label')?.textContent ?? '').replace(/\s+/g, ' ').trim());
  }, title);
}

const header = (page: Page, title: string): Locator =>
  page.locator('.phase-group-header', { hasText: title });

describe('the thread grouped under its plan phases', () => {
  it('folds finished phases, labels steps in words, keeps file names whole on a phone, and has one reply box', {
    timeout: 120_000,
  }, async () => {
    const { page, model } = harness;
    model.setScript(phasesUntilQuestion());
    await harness.sendTask(PHASES_TASK);
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.ask-card').textContent()).toContain(PHASES_QUESTION);

    // One group per phase, with its steps counted; the finished ones folded, the current one open.
    const counts = expectedStepCounts();
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(38);
    expect(await headers(page)).toEqual(
      PHASE_TITLES.map((title, index) => ({
        title,
        expanded: index < 3 ? 'false' : 'true',
        status: index < 3 ? 'completed' : 'active',
        meta: expect.stringMatching(new RegExp(`^${counts[index]} steps`)),
      })),
    );
    expect(await visibleRowsOf(page, PHASE_TITLES[0] ?? '')).toEqual([]);
    expect(await visibleRowsOf(page, PHASE_TITLES[3] ?? '')).toHaveLength(counts[3] ?? -1);
    await harness.screenshot('thread-phases-grouped');

    // Rows read as words, paths relative to the home folder: no raw action type, no /home/ubuntu.
    const conversation = page.getByRole('list', { name: 'Conversation' });
    const shown = await conversation.innerText();
    expect(shown).not.toMatch(/\b(file|shell|plan|match|message)\.[a-z]+\b/);
    expect(shown).not.toContain('/home/ubuntu');
    expect(shown).toContain('Updated the plan');
    expect(await visibleRowsOf(page, PHASE_TITLES[3] ?? '')).toEqual([
      'Ran ls -R notes-app',
      'Read notes-app/README.md',
      'Ran wc -c notes-app/app.js notes-app/index.html',
      'Searched files for TODO',
    ]);

    // A folded group opens by click: its rows show, labelled in words, the advance naming the next phase.
    await header(page, PHASE_TITLES[0] ?? '').click();
    await expect.poll(() => header(page, PHASE_TITLES[0] ?? '').getAttribute('aria-expanded')).toBe('true');
    const firstRows = await visibleRowsOf(page, PHASE_TITLES[0] ?? '');
    expect(firstRows).toHaveLength(counts[0] ?? -1);
    expect(firstRows).toContain('Wrote notes-app/package.json');
    expect(firstRows).toContain('Ran ls -la');
    expect(firstRows).toContain('Read notes-app/package.json');
    expect(firstRows.at(-1)).toBe(`Moved on to “${PHASE_TITLES[1]}”`);

    // And by keyboard: Enter opens the second, Space folds it again.
    const second = header(page, PHASE_TITLES[1] ?? '');
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    const secondRows = await visibleRowsOf(page, PHASE_TITLES[1] ?? '');
    expect(secondRows).toHaveLength(counts[1] ?? -1);
    expect(secondRows).toContain('Wrote notes-app/index.html');
    expect(secondRows).toContain('Edited notes-app/app.js');
    await page.keyboard.press('Space');
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false');
    expect(await visibleRowsOf(page, PHASE_TITLES[1] ?? '')).toEqual([]);

    // A reply being typed is kept when its card leaves the page (another conversation opened).
    await reply.fill('Half an answer');
    // The person's choice holds for the session: away to a new conversation and back, the first is still open.
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.locator('.phase-group-header').waitFor({ state: 'detached' });
    await page.locator('.conversation-item', { hasText: PHASES_TASK }).first().click();
    await header(page, PHASE_TITLES[0] ?? '').waitFor();
    expect((await headers(page)).map((state) => state.expanded)).toEqual(['true', 'false', 'false', 'true']);
    expect(await reply.inputValue()).toBe('Half an answer');

    // One reply box while the question is open: the card's; the composer points to it.
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await page.locator('textarea:visible').count()).toBe(1);
    await page.getByRole('button', { name: 'Answer the question' }).click();
    await expect.poll(() => reply.evaluate((element) => element === document.activeElement)).toBe(true);
    await harness.screenshot('thread-phases-question');

    // On a phone: each row's file name is whole (only the folder part gives way), inside the row.
    await page.setViewportSize({ width: 390, height: 844 });
    await header(page, PHASE_TITLES[1] ?? '').click();
    await expect.poll(() => header(page, PHASE_TITLES[1] ?? '').getAttribute('aria-expanded')).toBe('true');
    const names = await page.locator('.action-row .step-path-name:visible').evaluateAll((spans) =>
      spans.map((span) => {
        const row = span.closest('.action-row')?.getBoundingClientRect();
        const box = span.getBoundingClientRect();
        const folder = span.parentElement?.querySelector('.step-path-folder') as HTMLElement | null;
        return {
          name: span.textContent ?? '',
          isWhole: span.scrollWidth <= span.clientWidth + 1,
          isInRow: row !== undefined && box.left >= row.left && box.right <= row.right + 0.5,
          isOnScreen: box.right <= window.innerWidth,
          isFolderCut: folder !== null && folder.scrollWidth > folder.clientWidth + 1,
        };
      }),
    );
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      expect(name, name.name).toMatchObject({ isWhole: true, isInRow: true, isOnScreen: true });
    }
    // The deep path shows its file name whole with its folder part shortened.
    expect(names).toContainEqual(
      expect.objectContaining({ name: '/note-editor-toolbar.js', isWhole: true, isFolderCut: true }),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await harness.screenshot('thread-phases-phone');

    // Answered (with a file attached in the card, as the composer would have taken it), the
    // run goes on: the composer's box is back, and takes the focus.
    await page.setViewportSize({ width: 1440, height: 900 });
    model.setScript([call('message', { type: 'result', text: 'The notes stay in this browser.' })]);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Attach files to your reply' }).click(),
    ]);
    await chooser.setFiles([
      { name: 'sync-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Local only.\n') },
    ]);
    await page.locator('.ask-card .attachment-chip', { hasText: 'sync-notes.txt' }).waitFor();
    await reply.fill('Stay in this browser only.');
    await reply.press('Enter');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    await expect.poll(() => composer.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);
    expect(JSON.stringify(messagesOf(model.requests.at(-1)))).toContain('uploads/sync-notes.txt');
  });

  it('names a step once, everywhere: the Computer panel’s title is its row’s label; a page from a file is that file', {
    timeout: 60_000,
  }, async () => {
    const { page, model } = harness;
    model.setScript([
      call('message', { type: 'info', text: 'On it.' }),
      call('plan', {
        action: 'update',
        goal: 'Labels',
        phases: [{ id: 1, title: 'Write', capabilities: {} }],
      }),
      call('file', { action: 'write', path: '/home/ubuntu/notes-app/app.js', text: 'go();\n' }),
      call('file', { action: 'write', path: '/home/ubuntu/cp/a.txt', text: 'a\n' }),
      call('file', { action: 'write', path: '/home/ubuntu/notes-app/index.html', text: '<p>Notes</p>\n' }),
      call('browser', { url: 'file:///home/ubuntu/notes-app/index.html' }),
      call('message', { type: 'result', text: 'Written.' }),
    ]);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await harness.sendTask('Label the steps');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    expect(await visibleRowsOf(page, 'Write')).toEqual([
      'Wrote notes-app/app.js',
      'Wrote cp/a.txt',
      'Wrote notes-app/index.html',
      'Opened notes-app/index.html',
    ]);
    // A short folder sits against its file name (no gap that reads as a space: `cp /a.txt`).
    const gap = await page.locator('.action-row .step-label', { hasText: 'cp/a.txt' }).evaluate((label) => {
      const folder = label.querySelector('.step-path-folder');
      const name = label.querySelector('.step-path-name');
      if (!folder?.firstChild || !name) return Number.NaN;
      const text = document.createRange();
      text.selectNodeContents(folder);
      return name.getBoundingClientRect().left - text.getBoundingClientRect().right;
    });
    expect(gap).toBeLessThan(1);
    // The Computer panel names each step with the same words as its row.
    const panel = page.getByRole('complementary', { name: 'Computer' });
    for (const [index, label] of ['Wrote notes-app/app.js', 'Opened notes-app/index.html'].entries()) {
      const row = page.locator('.action-row', { hasText: label });
      await row.click();
      await expect.poll(() => panel.locator('.details-title h3').textContent()).toBe(label);
      expect(await row.locator('.step-label').textContent()).toBe(label);
      if (index === 0) await harness.screenshot('thread-labels-computer-panel');
    }
  });

  it('keeps a phase open that finishes while the person has scrolled up to read it', {
    timeout: 60_000,
  }, async () => {
    const { page, model } = harness;
    const step = (command: string) => call('shell', { action: 'exec', session: 'main', command });
    model.setScript([
      call('message', { type: 'info', text: 'On it.' }),
      call('plan', {
        action: 'update',
        goal: 'Two phases',
        phases: [
          { id: 1, title: 'Look around', capabilities: {} },
          { id: 2, title: 'Wrap up', capabilities: {} },
        ],
      }),
      step('pwd'),
      step('ls -la'),
      { ...call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }), delayMs: 1_500 },
      step('date'),
      call('message', { type: 'result', text: 'Looked around.' }),
    ]);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await harness.sendTask('Look around, then wrap up');
    const first = header(page, 'Look around');
    await first.waitFor();
    await expect.poll(() => visibleRowsOf(page, 'Look around')).toEqual(['Ran pwd', 'Ran ls -la']);
    // The person scrolls up to read while the run goes on.
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, -400);
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await header(page, 'Wrap up').getAttribute('aria-expanded')).toBe('true');
  });

  it('on a phone: a readable title, “tokens” on the meter, a phase row reached below the plan, a compact storage notice', {
    timeout: 120_000,
  }, async () => {
    const { page, model } = harness;
    const title = 'Build a notes app with auth and sync across devices';
    model.setScript(phasesUntilQuestion());
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'New conversation' }).click();
    await harness.sendTask(title);
    await page.getByRole('textbox', { name: 'Reply' }).waitFor({ timeout: 60_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar slides away and the header settles.
    await page.waitForTimeout(600);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const layout = await page.evaluate(() => {
        // What a sighted person reads: the meter's text without its visually hidden lead.
        const shown = (element: Element | null) =>
          [...(element?.childNodes ?? [])]
            .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
            .map((node) => node.textContent ?? '')
            .join('');
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
        const heading = document.querySelector('.main-header .thread-title') as HTMLElement;
        const unit = box('.main-header .token-unit');
        return {
          titleWidth: heading.getBoundingClientRect().width,
          isTitleCut:
            heading.scrollWidth > heading.clientWidth + 1 || heading.scrollHeight > heading.clientHeight + 1,
          meter: shown(document.querySelector('.main-header .token-meter')).replace(/\s+/g, ' ').trim(),
          isUnitShown: unit !== null && unit.width > 10 && unit.right <= window.innerWidth,
          banner:
            document
              .querySelector('[aria-label="Dismiss storage notice"]')
              ?.closest('.app-banner')
              ?.getBoundingClientRect().height ?? 0,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      // The title keeps more than half the width, on up to two lines, whole (it read "Build …" before).
      expect(layout.titleWidth, colorScheme).toBeGreaterThan(195);
      expect(layout.isTitleCut, colorScheme).toBe(false);
      expect(layout.meter, colorScheme).toMatch(/^\d+(\.\d)?k tokens$/);
      expect(layout.isUnitShown, colorScheme).toBe(true);
      // The storage notice takes two lines, not a hundred pixels, and can still be dismissed.
      expect(layout.banner, colorScheme).toBeGreaterThan(0);
      expect(layout.banner, colorScheme).toBeLessThanOrEqual(60);
      await page.getByRole('button', { name: 'Dismiss storage notice' }).waitFor();
      expect(layout.overflow, colorScheme).toBeLessThanOrEqual(0);

      // The first phase, reached by keyboard from the bottom of the thread, shows below the plan, not under it.
      const first = header(page, PHASE_TITLES[0] ?? '');
      await first.evaluate((element) => (element as HTMLElement).blur());
      await page.locator('.thread-scroller').evaluate((scroller) => {
        scroller.scrollTop = scroller.scrollHeight;
      });
      await first.focus();
      const [plan, row] = await Promise.all([
        page.getByRole('region', { name: 'Plan' }).boundingBox(),
        first.boundingBox(),
      ]);
      expect(plan && row && row.y >= plan.y + plan.height - 1, colorScheme).toBe(true);
      await page.locator('.thread-scroller').evaluate((scroller) => {
        scroller.scrollTop = 0;
      });
      await harness.screenshot(`thread-phone-header-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
