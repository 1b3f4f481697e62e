import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledge, call, computerPanelShowcase, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';
import { type AxeViolation, describeViolations, seriousViolations } from './axe.ts';
import { focusRingsAlongTab } from './focus-ring.ts';
import { waitForSettled } from './pwa-helpers.ts';

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  // The first visit reloads itself into cross-origin isolation once its service worker
  // takes over, unless someone used it first: the audits read the page after that.
  await waitForSettled(harness.page);
});
afterAll(async () => {
  await harness.close();
});

/** Resolves once nothing moves: axe-core reads colours mid-transition otherwise. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Every view's serious and critical violations, by view. */
const found: { view: string; violations: AxeViolation[] }[] = [];

/** Runs axe-core on the page as it is, in the light and dark themes, and keeps a screenshot of each. */
async function audit(view: string, themes: readonly ('light' | 'dark')[] = ['light', 'dark']): Promise<void> {
  const { page } = harness;
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await settled(page);
    const name = `${view} (${theme})`;
    found.push({ view: name, violations: await seriousViolations(page) });
    await harness.screenshot(`accessibility-${view.replaceAll(/\W+/g, '-')}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('accessibility', () => {
  it('every main view passes axe-core with no serious or critical violation, light and dark, wide and phone', async () => {
    const { page, model } = harness;
    await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
    await audit('welcome');
    await harness.configure();
    await audit('empty app');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const sections = (await settings.getByRole('tab').allInnerTexts()).map(
      (text) => text.split('\n')[0] ?? '',
    );
    expect(sections.length).toBeGreaterThan(8);
    for (const section of sections) {
      await showSettingsSection(settings, section);
      await audit(`settings ${section}`);
    }
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    model.setScript(computerPanelShowcase());
    await harness.sendTask('Keep a todo list in notes/todo.md');
    await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
    await audit('finished thread');
    const computerTabs = page.getByRole('tablist', { name: 'Computer views' }).getByRole('tab');
    for (const tab of await computerTabs.all()) {
      await tab.click();
      await audit(`computer ${await tab.innerText()}`);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await audit('phone thread');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Conversation actions' }).click();
    await page.getByRole('menuitem', { name: 'Replay' }).click();
    const controls = page.getByRole('region', { name: 'Replay controls' });
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    await audit('replay');
    await page.keyboard.press('Escape');
    await controls.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New project' }).click();
    const projectDialog = page.getByRole('dialog', { name: 'New project' });
    await projectDialog.getByLabel('Name', { exact: true }).fill('Trip to Lyon');
    await projectDialog.getByLabel('Instructions', { exact: true }).fill('Answer in French.');
    await audit('new project dialog', ['light']);
    await projectDialog.getByRole('button', { name: 'Create project' }).click();
    await projectDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New task in Trip to Lyon' }).click();
    await audit('project');
    await page.setViewportSize({ width: 390, height: 844 });
    await audit('phone project');
    await page.setViewportSize({ width: 1440, height: 900 });

    const failing = found.filter((entry) => entry.violations.length > 0);
    console.log(
      `axe-core: ${found.length} views audited, ${failing.length} with serious or critical violations`,
    );
    expect(failing.map((entry) => describeViolations(entry.view, entry.violations)).join('\n')).toBe('');
  });

  it('reaches the message box first with a skip link: a task is sent in three key presses plus typing', async () => {
    const { page, model } = harness;
    await page.reload();
    // The live app, not the shell painted before it (whose only Tab stop is its message box).
    await page.locator('.app:not(.app-shell)').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    model.setScript([acknowledge(), planNotes(), call('message', { type: 'result', text: 'Done.' })]);
    let presses = 0;
    const press = async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    };
    await press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to message box');
    await press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
    await page.keyboard.type('Summarise the notes');
    await press('Enter');
    await model.waitForRequests(1);
    expect(presses).toBeLessThanOrEqual(5);
    await page.locator('[data-action-type="message.result"][data-status="success"]').last().waitFor();
  });

  it('tells a screen reader each finished text once, never a text or a countdown as it changes', async () => {
    const { page, model } = harness;
    await page.getByRole('button', { name: 'New conversation' }).click();
    // Every change of every live region in the page, as the text the region then holds.
    await page.evaluate(() => {
      const store = window as unknown as { liveTexts: string[] };
      store.liveTexts = [];
      new MutationObserver((mutations) => {
        const regions = new Set<Element>();
        for (const mutation of mutations) {
          const node = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
          const region = node?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]');
          if (region) regions.add(region);
        }
        for (const region of regions) store.liveTexts.push(region.textContent?.trim() ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    model.setScript([
      acknowledge('On it — I will read the notes first.'),
      planNotes(),
      { status: 500, error: 'The server is busy' },
      call('message', {
        type: 'result',
        text: '# Summary\n\nThe notes are summarised. Nothing else was changed.',
      }),
    ]);
    await harness.sendTask('Summarise my notes');
    await page.locator('[data-action-type="message.result"][data-status="success"]').last().waitFor();
    const texts = await page.evaluate(() => (window as unknown as { liveTexts: string[] }).liveTexts);
    const told = texts.filter((text) => text !== '');
    console.log(`live region texts:\n${told.join('\n')}`);
    expect(told.filter((text) => text.includes('On it — I will read the notes first.'))).toHaveLength(1);
    expect(told.filter((text) => text.includes('Result: Summary. The notes are summarised.'))).toHaveLength(
      1,
    );
    expect(told.filter((text) => /retry 1 of \d+/.test(text))).toHaveLength(1);
    // No countdown is read out tick by tick.
    expect(told.filter((text) => /Retrying in \d+ s/.test(text))).toEqual([]);
  });

  it('draws a focus ring of at least 3:1 on every control Tab reaches, in both themes', async () => {
    const { page } = harness;
    const weak: string[] = [];
    // Nothing moves focus while the walk goes on: the last run has ended.
    await page.locator('[data-conversation-status="done"]').first().waitFor();
    await expect.poll(() => page.locator('.stop-button').count()).toBe(0);
    const walk = async (view: string) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const rings = await focusRingsAlongTab(page);
        expect(rings.length).toBeGreaterThan(5);
        for (const ring of rings)
          if (ring.ratio < 3 || ring.width < 2)
            weak.push(`${view} (${theme}): ${ring.element} ring ${ring.ratio.toFixed(2)}:1, ${ring.width}px`);
      }
    };
    await walk('thread');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await walk('settings');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(weak).toEqual([]);
  });
});
