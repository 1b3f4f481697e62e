import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

it('offers an Install button only when the browser offers to install, and shows its dialog', async () => {
  const { page } = harness;
  const install = page.getByRole('button', { name: 'Install app' });
  expect(await install.count()).toBe(0);
  // What Chromium fires when the app is installable (headless Chromium never does by itself).
  const wasPrevented = await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const calls: string[] = [];
    (window as { installPromptCalls?: string[] }).installPromptCalls = calls;
    event.prompt = async () => {
      calls.push('prompt');
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  // The browser's own mini-infobar is held back; the app offers the button instead.
  expect(wasPrevented).toBe(true);
  await install.click();
  await expect
    .poll(() => page.evaluate(() => (window as { installPromptCalls?: string[] }).installPromptCalls))
    .toEqual(['prompt']);
  await install.waitFor({ state: 'detached' });
});
