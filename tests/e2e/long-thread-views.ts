import type { Locator, Page } from 'playwright-core';
import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';

/** Items a bundle's events make in the thread: messages, replies and actions (their running envelopes). */
export function bundleItemCount(contents: BundleContents): number {
  return contents.events.filter(
    (event) =>
      event.body.type === 'user_message' ||
      event.body.type === 'user_reply' ||
      (event.body.type === 'envelope' && event.body.envelope.status === 'running'),
  ).length;
}

/**
 * Where the thread's scroller is: distance from the bottom, whether the list is windowed,
 * and its rows in the DOM with their place in the whole list (`aria-posinset` of `aria-setsize`).
 */
export function threadView(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.thread-scroller');
    const rows = [...(document.querySelector('.thread-items')?.children ?? [])];
    return {
      fromBottom: scroller ? scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight : Number.NaN,
      isWindowed: scroller?.classList.contains('is-windowed') ?? false,
      rows: rows.length,
      setSize: Number(rows[0]?.getAttribute('aria-setsize') ?? Number.NaN),
      positions: rows.map((row) => Number(row.getAttribute('aria-posinset'))),
    };
  });
}

/** Scrolls the thread up with the mouse wheel, as a person would, until `target` shows. */
export async function wheelUpUntilVisible(page: Page, target: Locator, maxTurns: number): Promise<void> {
  await page.mouse.move(600, 400);
  for (let turn = 0; turn < maxTurns && !(await target.isVisible()); turn += 1) {
    await page.mouse.wheel(0, -4_000);
    await page.waitForTimeout(50);
  }
  await target.waitFor({ timeout: 5_000 });
}
