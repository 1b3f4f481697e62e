import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computerPanelShowcase, TODO_TASK } from '../fixtures/scenarios.ts';
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
