import type { Page } from 'playwright-core';

/**
 * Records, in the page, every `data-status` each action entry has shown, so a test
 * can see an entry flip from running to success even when the flip is quick.
 */
export async function recordStatusFlips(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const histories = new Map<Element, string[]>();
    const note = (element: Element) => {
      const status = element.getAttribute('data-status');
      const type = element.getAttribute('data-action-type');
      if (!status || !type) return;
      const history = histories.get(element) ?? [type];
      if (history.at(-1) !== status) history.push(status);
      histories.set(element, history);
    };
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes' && mutation.target instanceof Element) note(mutation.target);
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.hasAttribute('data-action-type')) note(node);
          for (const child of node.querySelectorAll('[data-action-type]')) note(child);
        }
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      }),
    );
    (window as unknown as { statusHistories: () => string[][] }).statusHistories = () =>
      [...histories.entries()]
        .filter(
          ([element, history]) =>
            element.isConnected &&
            element.getAttribute('data-action-type') === history[0] &&
            element.getAttribute('data-status') !== null,
        )
        .map(([element, history]) => [...history, `now:${element.getAttribute('data-status')}`]);
  });
}

/** The history of every entry still on the page: `[actionType, status, …, 'now:<current status>']`. */
export function statusHistories(page: Page): Promise<string[][]> {
  return page.evaluate(() => (window as unknown as { statusHistories: () => string[][] }).statusHistories());
}
