import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';

/** The built app to serve: dist/, or SANDPIPER_DIST (so parallel work can build elsewhere). */
const DIST = process.env.SANDPIPER_DIST
  ? `${process.env.SANDPIPER_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Debian's Chromium, headless, with the flags this machine needs and any `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * One browser per test file and set of flags: launched when a test first needs it, shared
 * by the file's tests (each gets its own context: its own storage, service workers and
 * cache, as a fresh profile would), and closed once the file's tests are done.
 */
const sharedBrowsers = new Map<string, Promise<Browser>>();
afterAll(async () => {
  const launched = [...sharedBrowsers.values()];
  sharedBrowsers.clear();
  await Promise.all(launched.map(async (browser) => (await browser.catch(() => null))?.close()));
});

/** The file's browser with `extraArgs`, launched again if it went away (a test killed it). */
async function sharedBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const key = extraArgs.join(' ');
  const existing = sharedBrowsers.get(key);
  if (existing) {
    const browser = await existing.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  const launched = launchChromium(extraArgs);
  sharedBrowsers.set(key, launched);
  return launched;
}

/**
 * Whether the tests' pictures are written to test-results/ (for a person to look at): yes,
 * unless `SANDPIPER_SCREENSHOTS=0` (`.ci/run`, where nobody opens them). No check reads them.
 */
export const TAKES_SCREENSHOTS = process.env.SANDPIPER_SCREENSHOTS !== '0';

/** How to start the app. */
export type AppOptions = {
  /** More Chromium flags, e.g. `--enable-unsafe-webgpu` for WebGPU's software adapter. */
  launchArgs?: readonly string[];
  /**
   * Uncaught errors a preview's own script is meant to throw (the test wrote it to fail).
   * Chromium reports a framed page's errors as the page's, so they are told apart by text.
   */
  expectedPreviewErrors?: RegExp;
};

/** The built app on a static server, a scripted model, and a browser page pointed at both. */
export type AppHarness = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  model: ScriptedServer;
  app: StaticServer;
  /**
   * Points the app at the scripted model in Settings → Providers, and saves: on a fresh
   * install (no provider saved) it adds one first; later calls change the active one.
   */
  configure(options?: ProviderOptions): Promise<void>;
  /** Types a task in the composer and sends it. */
  sendTask(text: string): Promise<void>;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
};

/** Serves the built app and a scripted model, and opens the app in a fresh context of the file's Chromium. */
export async function startApp(appOptions: AppOptions = {}): Promise<AppHarness> {
  if (!existsSync(`${DIST}index.html`)) throw new Error('dist/ is missing: run `npm run build` first.');
  mkdirSync(SCREENSHOTS, { recursive: true });
  const [model, app, browser] = await Promise.all([
    startScriptedServer(),
    startStaticServer(DIST),
    sharedBrowser(appOptions.launchArgs),
  ]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    if (!appOptions.expectedPreviewErrors?.test(error.message)) pageErrors.push(error.message);
  });
  await page.goto(app.url);
  const harness: AppHarness = {
    browser,
    context,
    page,
    model,
    app,
    configure: (options = {}) => configureProvider(page, model.url, options),
    sendTask: async (text) => {
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
    },
    screenshot: async (name) => {
      if (TAKES_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
    },
    close: async () => {
      await context.close();
      await Promise.all([model.close(), app.close()]);
      if (pageErrors.length > 0) throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
    },
  };
  return harness;
}

/** How the app is pointed at the scripted model. */
export type ProviderOptions = {
  stepBudget?: number;
  toolCalls?: 'auto' | 'native' | 'constrained';
  /** The model name the provider asks for (default `scripted-model`, which is not guessed to see images). */
  model?: string;
};

/**
 * Points Sandpiper at `modelUrl` in Settings → Providers (and the step budget in Runs), and
 * saves. A fresh install saves no provider: then one is added from the OpenAI preset (so it
 * is called "OpenAI", as the tests name it) and becomes the one new conversations use. Once
 * one is saved, Settings opens with the active provider's editor, and its fields are changed.
 */
export async function configureProvider(
  page: Page,
  modelUrl: string,
  options: ProviderOptions = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Providers');
  // The section loads lazily: its list is read once its "Add provider" button is there.
  await dialog.getByRole('button', { name: 'Add provider' }).waitFor();
  if ((await dialog.locator('input[name="active-provider"]').count()) === 0) {
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await dialog
      .getByRole('group', { name: 'Add a provider' })
      .getByRole('button', { name: 'OpenAI', exact: true })
      .click();
    // The editor focuses the new provider's Name on the next frame: typing before would race it.
    // (Not expect.poll: this runs in beforeAll hooks too.)
    await page.waitForFunction(() => document.activeElement?.id === 'provider-name');
  }
  await dialog.getByLabel('Base URL', { exact: true }).fill(modelUrl);
  await dialog.getByLabel('API key', { exact: true }).fill('test-key');
  await dialog.getByLabel('Model', { exact: true }).fill(options.model ?? 'scripted-model');
  if (options.toolCalls) {
    await dialog.getByLabel('Tool calls', { exact: true }).selectOption(options.toolCalls);
  }
  if (options.stepBudget) {
    await showSettingsSection(dialog, 'Runs');
    await dialog.getByLabel('Step budget', { exact: true }).fill(String(options.stepBudget));
  }
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Shows a section of the open Settings dialog by clicking its tab in the index ("Providers",
 * "Runs", "Media"…; a tab's name gains ", 1 field needs attention" after a refused Save).
 */
export async function showSettingsSection(dialog: Locator, name: string): Promise<void> {
  const escaped = name.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tab = dialog.getByRole('tab', { name: new RegExp(`^${escaped}(\\s*,|$)`) });
  await tab.click();
  await dialog.locator(`#${await tab.getAttribute('aria-controls')}`).waitFor();
}

/** The message a refused Save left under a field (by the field's input), or null. */
export function fieldErrorOf(input: Locator): Promise<string | null> {
  return input.evaluate((element) => document.getElementById(`${element.id}-error`)?.textContent ?? null);
}

/** The `data-status` of every action entry of one type, in thread order. */
export function statuses(page: Page, actionType: string): Promise<(string | null)[]> {
  return page
    .locator(`[data-action-type="${actionType}"]`)
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')));
}

/** The `data-status` of every phase in the plan panel, in order. */
export function phaseStatuses(page: Page): Promise<(string | null)[]> {
  return page
    .getByRole('region', { name: 'Plan' })
    .locator('[data-phase-id]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')));
}
