import type { Page } from 'playwright-core';
import { BROADCAST_CHANNEL_NAME } from '../../src/shared/protocol/broadcast.ts';

/**
 * Records, in the page, every `data-status` each action entry has shown, and every status
 * each action's envelope arrived with on the broadcast channel. The page draws a run's
 * events once a frame, so an action whose running and completed envelopes come together
 * (a tool without side effects commits both at once) shows only its last status; the
 * stream itself is read from the channel (`envelopeStreams`).
 */
export async function recordStatusFlips(page: Page): Promise<void> {
  await page.addInitScript((channelName) => {
    const streams = new Map<string, string[]>();
    new BroadcastChannel(channelName).addEventListener('message', (event: MessageEvent) => {
      const body = event.data?.type === 'event' ? event.data.event?.body : null;
      if (body?.type !== 'envelope') return;
      const { uuid, status, meta } = body.envelope;
      const stream = streams.get(uuid) ?? [meta?.action_type];
      if (stream.at(-1) !== status) stream.push(status);
      streams.set(uuid, stream);
    });
    (window as unknown as { envelopeStreams: () => string[][] }).envelopeStreams = () => [
      ...streams.values(),
    ];
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
  }, BROADCAST_CHANNEL_NAME);
}

/** Each action's statuses as its envelopes arrived on the broadcast channel: `[actionType, status, …]`. */
export function envelopeStreams(page: Page): Promise<string[][]> {
  return page.evaluate(() => (window as unknown as { envelopeStreams: () => string[][] }).envelopeStreams());
}

/** The history of every entry still on the page: `[actionType, status, …, 'now:<current status>']`. */
export function statusHistories(page: Page): Promise<string[][]> {
  return page.evaluate(() => (window as unknown as { statusHistories: () => string[][] }).statusHistories());
}
