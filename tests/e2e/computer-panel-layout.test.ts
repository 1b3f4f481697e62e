import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledge, call, computerPanelShowcase, TODO_TASK } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
  harness.model.setScript(computerPanelShowcase());
  await harness.sendTask(TODO_TASK);
  await harness.page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await harness.close();
});

const WIDTHS = [1440, 1024, 390] as const;
const SCHEMES = ['light', 'dark'] as const;

/** How far the page, and the Computer panel, can scroll sideways (0 when nothing overflows). */
function horizontalOverflow(page: Page): Promise<{ page: number; panel: number }> {
  return page.evaluate(() => {
    const panel = document.querySelector('.details-panel');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      panel: panel ? panel.scrollWidth - panel.clientWidth : 0,
    };
  });
}

/** Pixels between the leftmost and rightmost start of the code lines' text (0 when every line lines up beside its number). */
function codeDrift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll('.code-text .code-line')];
    if (lines.length === 0) return Number.POSITIVE_INFINITY;
    const starts = lines.map((line) => {
      const text = document.createRange();
      text.selectNodeContents(line);
      return text.getClientRects()[0]?.left ?? Number.NaN;
    });
    return Math.max(...starts) - Math.min(...starts);
  });
}

/** Selects an action row (opening the sheet on narrow screens) and waits for its view. */
async function showAction(page: Page, actionType: string, nth: number, view: string): Promise<void> {
  const panel = page.getByRole('complementary', { name: 'Computer' });
  if ((await page.locator('.app.is-details-open').count()) > 0) {
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.locator('.app.is-details-open').waitFor({ state: 'detached' });
  }
  await page.locator(`[data-action-type="${actionType}"]`).nth(nth).click();
  await panel.locator(`.action-view[data-view="${view}"]`).waitFor();
}

describe('the Computer panel at phone, tablet and desktop widths, light and dark', () => {
  for (const width of WIDTHS) {
    for (const scheme of SCHEMES) {
      it(`fits ${width} px in ${scheme} without sideways scrolling`, async () => {
        const { page } = harness;
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        const panel = page.getByRole('complementary', { name: 'Computer' });
        const name = `computer-${width}-${scheme}`;

        await showAction(page, 'shell.exec', 3, 'shell');
        await expect
          .poll(() => page.locator('.terminal-host .xterm-rows').textContent())
          .toContain('server.js');
        const fits = await page.evaluate(() => {
          const host = document.querySelector('.terminal-host')?.getBoundingClientRect();
          const screen = document.querySelector('.terminal-host .xterm-screen')?.getBoundingClientRect();
          return Boolean(host && screen && screen.right <= host.right + 1 && screen.width > 100);
        });
        expect(fits, 'the terminal fits its box').toBe(true);
        expect(await horizontalOverflow(page)).toEqual({ page: 0, panel: 0 });
        await harness.screenshot(`${name}-terminal`);

        await showAction(page, 'file.write', 1, 'file');
        await expect.poll(() => panel.locator('.code-text .hljs-keyword').count()).toBeGreaterThan(0);
        expect(await codeDrift(page), 'code lines line up with their numbers').toBeLessThan(2);
        expect(await horizontalOverflow(page)).toEqual({ page: 0, panel: 0 });
        await harness.screenshot(`${name}-file`);

        await showAction(page, 'match.grep', 1, 'match');
        const results = panel.getByRole('list', { name: 'Search results' }).locator('[data-roving]');
        await results.first().focus();
        await page.keyboard.press('ArrowDown');
        expect(await results.nth(1).evaluate((element) => element === document.activeElement)).toBe(true);
        await page.keyboard.press('End');
        expect(await results.last().evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await horizontalOverflow(page)).toEqual({ page: 0, panel: 0 });
        await harness.screenshot(`${name}-match`);

        await panel.getByRole('tab', { name: 'Files' }).click();
        await panel.getByRole('tree', { name: 'Workspace files' }).waitFor();
        expect(await horizontalOverflow(page)).toEqual({ page: 0, panel: 0 });
        await harness.screenshot(`${name}-files`);
      });
    }
  }
});

/** A follow-up that takes one step of each kind the Manus profile has a view for. */
function everyKindOfStep() {
  return [
    acknowledge('On it — a site, a deck and a look around.'),
    call('plan', {
      action: 'update',
      goal: 'A harbour site and deck',
      phases: [{ id: 1, title: 'Build', capabilities: {} }],
    }),
    call('webdev_init_project', {
      project_name: 'harbour-site',
      project_title: 'Harbour Tours',
      features: 'web-static',
      brief: 'Scaffold',
    }),
    call('expose', { port: 8000, brief: 'Share a preview' }),
    call('browser', {
      brief: 'Look at the page',
      url: 'file:///home/ubuntu/harbour-site/index.html',
      intent: 'navigational',
    }),
    call('search', { type: 'info', queries: ['harbour tours'], brief: 'Look around' }),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/report/outline.md',
      text: '# Harbour\n\nTours\n\n---\n\n## Boats\n\nThree of them\n',
    }),
    call('slides', {
      slide_content_file_path: '/home/ubuntu/report/outline.md',
      slide_count: 2,
      brief: 'Deck',
    }),
    call('message', { type: 'info', text: 'The site and the deck are **built**.' }),
    call('message', {
      type: 'result',
      text: 'Here is the **deck**.',
      attachments: ['/home/ubuntu/report/outline.md'],
    }),
  ];
}

it('opens every step on its own view (never the raw envelope), and keeps Raw to the step it was pressed on', async () => {
  const { page, model } = harness;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  model.setScript(everyKindOfStep());
  await page.getByRole('textbox', { name: 'Message' }).fill('Now a harbour site and a deck');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect
    .poll(() => page.locator('[data-action-type="message.result"]').count(), { timeout: 60_000 })
    .toBe(2);
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const view = panel.locator('.action-view');
  const selectedTab = panel.getByRole('tab', { selected: true });

  // Following the run (Live; the layout tests above left the Files tab open), the panel
  // ends on the result: the message, not its envelope.
  await panel.getByRole('button', { name: 'Live', exact: true }).click();
  await expect.poll(() => view.getAttribute('data-view')).toBe('message');
  expect(await panel.locator('.json-view').count()).toBe(0);
  expect(await selectedTab.textContent()).toBe('Message');
  expect(await view.locator('.markdown strong').textContent()).toBe('deck');

  const expected: [string, string, string][] = [
    ['message.info', 'message', 'Message'],
    ['plan.update', 'plan', 'Plan'],
    ['webdev_init_project', 'project', 'Project'],
    ['expose', 'preview', 'Preview'],
    ['browser', 'browser', 'Browser'],
    ['search.info', 'search', 'Search'],
    ['file.write', 'file', 'Editor'],
    ['slides', 'deck', 'Deck'],
    ['shell.exec', 'shell', 'Terminal'],
    ['match.grep', 'match', 'Results'],
  ];
  const folded = page.locator('.phase-group-header[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  /** Shows a step in the panel: its row, or an update's own button (an update is a quiet line). */
  const select = (actionType: string) => {
    const entry = page.locator(`[data-action-type="${actionType}"]`).last();
    return actionType === 'message.info'
      ? entry.getByRole('button', { name: 'Show this update in the computer panel' }).click()
      : entry.click();
  };
  for (const [actionType, kind, tab] of expected) {
    await select(actionType);
    await expect.poll(() => view.getAttribute('data-view'), { message: actionType }).toBe(kind);
    expect(await panel.locator('.json-view').count(), actionType).toBe(0);
    expect(await selectedTab.textContent(), actionType).toBe(tab);
  }
  // The plan as the step left it, and the project's files.
  await select('plan.update');
  await expect.poll(() => view.locator('.plan-view-goal').textContent()).toBe('A harbour site and deck');
  await select('webdev_init_project');
  await expect.poll(() => view.getByRole('button', { name: /harbour-site\/index\.html/ }).count()).toBe(1);
  await harness.screenshot('computer-step-project');

  // Raw shows the envelope for the step it was pressed on; the next step opens on its own view.
  await select('message.info');
  await harness.screenshot('computer-step-message');
  await panel.getByRole('button', { name: 'Raw' }).click();
  await expect
    .poll(() => panel.locator('.json-view').textContent())
    .toContain('"action_type": "message.info"');
  await select('plan.update');
  await expect.poll(() => view.getAttribute('data-view')).toBe('plan');
  expect(await panel.locator('.json-view').count()).toBe(0);
  expect(await panel.getByRole('button', { name: 'Raw' }).getAttribute('aria-pressed')).toBe('false');
  await harness.screenshot('computer-step-plan');
});
