import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_SERVER_ADDRESSES } from '../../src/page/state/welcome/local-servers.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, launchChromium, SCREENSHOTS, startApp } from './app-harness.ts';
import { hasHorizontalScroll, savedAgentSettings, screenshotEverywhere } from './pwa-helpers.ts';

/**
 * The first-run welcome on a fresh profile. A model server is started on one of the real
 * default ports the product asks (llama-server's 8080, Ollama's 11434, LM Studio's 1234) —
 * shaped like llama-server by its /props — and a server that refuses this page's origin
 * (as Ollama does without OLLAMA_ORIGINS: 403, no CORS headers) on another, each only if
 * that port is free on this machine; without a free default port the test skips, saying why.
 */

const DEFAULT_PORTS = LOCAL_SERVER_ADDRESSES.map((address) => Number(new URL(address.origin).port));

/** llama-server's /props, as a real one answers (trimmed). */
const LLAMA_PROPS = {
  default_generation_settings: { n_ctx: 8192 },
  chat_template_caps: { supports_tool_calls: true, supports_system_role: true },
  modalities: { vision: false },
  build_info: 'b1-de3ff81',
};

let harness: AppHarness;
let local: { server: ScriptedServer; port: number } | null = null;
let refusing: { server: Server; port: number } | null = null;
const busyPorts: number[] = [];

/** Listens on the first free port of `ports` with `start`; null when none is free. */
async function onFreePort<T>(ports: readonly number[], start: (port: number) => Promise<T>) {
  for (const port of ports) {
    try {
      return { value: await start(port), port };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (!busyPorts.includes(port)) busyPorts.push(port);
    }
  }
  return null;
}

/** A server that answers a page's requests (they carry Origin) with 403 and no CORS headers. */
function startRefusingServer(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.headers.origin) return void response.writeHead(403).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"qwen2.5:7b"}]}');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  const found = await onFreePort(DEFAULT_PORTS, (port) => startScriptedServer({ port }));
  if (found) {
    local = { server: found.value, port: found.port };
    local.server.setProps(LLAMA_PROPS);
    const others = DEFAULT_PORTS.filter((port) => port !== found.port);
    const refused = await onFreePort(others, startRefusingServer);
    if (refused) refusing = { server: refused.value, port: refused.port };
  }
  harness = await startApp();
});

afterAll(async () => {
  await local?.server.close();
  await new Promise((resolve) => (refusing ? refusing.server.close(resolve) : resolve(undefined)));
  await harness?.close();
});

/** The row of one address in the welcome's list. */
function serverRow(page: Page, port: number) {
  return page
    .getByRole('list', { name: 'Servers at the usual addresses' })
    .getByRole('listitem')
    .filter({ hasText: `127.0.0.1:${port}` });
}

it('greets a fresh profile with the three ways, and shows a found server and a CORS-refused one, also once cross-origin isolated', async (context) => {
  if (!local) return context.skip(`every default port (${busyPorts.join(', ')}) is in use on this machine`);
  const { page } = harness;
  await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
  // The service worker takes over and the page reloads once into isolation (COEP credentialless):
  // the no-cors request that tells a CORS refusal from silence must work there.
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
  for (const way of ['A server on this computer', 'A hosted provider with your key', 'A model in this tab']) {
    expect(await page.getByRole('region', { name: way }).count()).toBe(1);
  }
  const found = serverRow(page, local.port);
  await found.getByRole('button', { name: 'Use llama.cpp' }).waitFor();
  expect(await found.textContent()).toContain('llama.cpp at 127.0.0.1:');
  expect(await found.textContent()).toContain('scripted-model');
  expect(await found.textContent()).toContain('window 8,192 tokens');
  if (refusing) {
    const refused = serverRow(page, refusing.port);
    await refused.filter({ hasText: 'CORS' }).waitFor();
    const text = await refused.textContent();
    expect(text).toContain(
      `Something answers at 127.0.0.1:${refusing.port}, but the browser keeps its replies`,
    );
    // How to allow this page's origin, for the server usually at that port.
    const advice = { 11434: 'OLLAMA_ORIGINS=', 1234: 'Enable CORS', 8080: '--cors-origins' }[refusing.port];
    expect(text).toContain(advice);
    if (refusing.port !== 1234) expect(text).toContain(new URL(harness.app.url).origin);
    expect(text).toContain('Then search again');
  }
  const summary = page.getByRole('status').filter({ hasText: /Found \d+ server/ });
  await expect.poll(() => summary.count()).toBe(1);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  // Nothing is wider than the screen: neither the page nor the empty state's own scroller.
  const sideways: number[] = [];
  const overflowing = await screenshotEverywhere(harness, 'welcome-found', async () => {
    await summary.waitFor();
    const scroller = page.locator('.empty-state');
    const isWider = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth);
    const width = page.viewportSize()?.width ?? 0;
    if (isWider && !sideways.includes(width)) sideways.push(width);
  });
  expect(overflowing).toEqual([]);
  expect(sideways).toEqual([]);
});

it('goes from opening the app to the first model reply through the local server in three actions, and prints the time', async (context) => {
  if (!local) return context.skip(`every default port (${busyPorts.join(', ')}) is in use on this machine`);
  const browserContext: BrowserContext = await harness.browser.newContext({
    viewport: { width: 1440, height: 900 },
  });
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The page reaches 127.0.0.1 only on the app's own port and the three default ports.
  const appPort = Number(new URL(harness.app.url).port);
  const portsAsked = new Set<number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === '127.0.0.1' && Number(url.port) !== appPort) portsAsked.add(Number(url.port));
  });
  // The model's first reply is the acknowledgment the Manus profile asks for first; then a plan and the result.
  local.server.setScript([
    acknowledge('Hello from the local server.'),
    planNotes(),
    call('message', { type: 'result', text: 'Done.' }),
  ]);

  const started = performance.now();
  const at = () => Math.round(performance.now() - started);
  await page.goto(harness.app.url);
  await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
  const welcomeShown = at();
  const use = serverRow(page, local.port).getByRole('button', { name: 'Use llama.cpp' });
  await use.waitFor();
  const serverFound = at();
  await use.click(); // 1: the one click that makes it the active provider
  await page.waitForFunction(() => document.activeElement?.id === 'composer-input');
  await page.keyboard.type('Say hello'); // 2: the task, typed into the focused composer
  await page.keyboard.press('Enter'); // 3: send
  await page
    .locator('[data-action-type="message.info"]')
    .filter({ hasText: 'Hello from the local server.' })
    .waitFor();
  const replied = at();
  console.log(
    `First run → first model reply via a local server: ${replied} ms from opening the app ` +
      `(welcome shown at ${welcomeShown} ms, server found at ${serverFound} ms; the person's actions: ` +
      'click "Use llama.cpp", type the task, press Enter).',
  );
  expect(replied).toBeLessThan(60_000);
  await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
  console.log(`…and the run finished (plan, result) at ${at()} ms.`);

  expect(local.server.requests[0]?.body).toMatchObject({ model: 'scripted-model' });
  const saved = await savedAgentSettings<{
    activeProviderId: string;
    providers: { id: string; name: string; baseUrl: string; model: string }[];
  }>(page);
  const active = saved?.providers.find((provider) => provider.id === saved.activeProviderId);
  expect(active).toMatchObject({
    name: 'llama.cpp server',
    baseUrl: `http://127.0.0.1:${local.port}/v1`,
    model: 'scripted-model',
  });
  const switcher = page.getByRole('combobox', { name: 'Provider for this conversation' });
  expect(await switcher.locator('option:checked').textContent()).toBe('llama.cpp server');
  expect([...portsAsked].filter((port) => !DEFAULT_PORTS.includes(port))).toEqual([]);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await browserContext.close();
  expect(errors).toEqual([]);
});

it('on a site the browser counts as public, waits for the person, says the browser may ask, and says when the browser blocked it', async () => {
  // Chromium's Local Network Access, as for an https site: the app at a name (not loopback),
  // treated as secure and as a public address; the default ports stay loopback.
  const port = new URL(harness.app.url).port;
  const origin = `http://sandpiper.test:${port}`;
  const browser = await launchChromium([
    '--host-resolver-rules=MAP sandpiper.test 127.0.0.1',
    `--unsafely-treat-insecure-origin-as-secure=${origin}`,
    `--ip-address-space-overrides=127.0.0.1:${port}=public`,
  ]);
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname === '127.0.0.1') asked.push(url.port);
    });
    await page.goto(`${origin}/`);
    const section = page.getByRole('region', { name: 'A server on this computer' });
    const look = section.getByRole('button', { name: 'Look for servers' });
    await look.waitFor();
    expect(await section.textContent()).toContain(
      'Your browser may ask whether this site may connect to apps on this device',
    );
    await page.waitForTimeout(500);
    expect(asked).toEqual([]); // nothing is asked before the person starts the search
    await page.screenshot({ path: `${SCREENSHOTS}welcome-public-before-1440.png` });
    // Headless Chromium answers the permission prompt with a refusal: the welcome says so.
    await look.click();
    await section.getByText('This browser does not let this site reach apps on this device').waitFor();
    await section.getByRole('status').filter({ hasText: 'The browser blocked the search' }).waitFor();
    expect(await section.textContent()).toContain('Not reached (the browser blocked it): 127.0.0.1:8080');
    await page.screenshot({ path: `${SCREENSHOTS}welcome-public-blocked-1440.png` });

    // With the permission given, the search starts by itself and finds the server.
    if (!local) return;
    const granted = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await granted.grantPermissions(['local-network-access'], { origin });
    const allowed = await granted.newPage();
    await allowed.goto(`${origin}/`);
    await serverRow(allowed, local.port).getByRole('button', { name: 'Use llama.cpp' }).waitFor();
  } finally {
    await browser.close();
  }
});

it('gives way to the usual empty state for good once dismissed', async () => {
  const browserContext = await harness.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await browserContext.newPage();
  await page.goto(harness.app.url);
  await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('heading', { name: 'What should the agent work on?' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'What should the agent work on?' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Connect a model to start' }).count()).toBe(0);
  await browserContext.close();
});

it('offers no provider the person did not add: Settings lists none and says what to add, and Send says to add one', async () => {
  const browserContext = await harness.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await browserContext.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(harness.app.url)) outside.push(request.url());
  });
  await page.goto(harness.app.url);
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByText('Connect a model provider first.').waitFor();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add provider' }).waitFor();
  expect(await dialog.getByRole('radio').count()).toBe(0);
  expect(await dialog.locator('.provider-item').count()).toBe(0);
  expect(await dialog.locator('.providers-empty').textContent()).toContain('No provider yet.');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SCREENSHOTS}providers-none-${width}-${colorScheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // A task sent now goes nowhere: Send says why, keeps the draft and starts nothing.
  await page.getByRole('textbox', { name: 'Message' }).fill('Plan a weekend in Lisbon');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'No model provider is set up yet' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('add one in Settings → Providers');
  expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Plan a weekend in Lisbon');
  expect(await page.locator('.conversation-item').count()).toBe(0);
  expect(
    outside.filter((url) => !url.startsWith('http://127.0.0.1') && !url.startsWith('http://localhost')),
  ).toEqual([]);
  await browserContext.close();
});

it('connects a hosted preset with its key: a refused key is said under the field, a good one becomes the active provider', async () => {
  const browserContext = await harness.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await browserContext.newPage();
  const keysSeen: string[] = [];
  // OpenAI's model list, answered here: no request leaves the machine.
  await page.route('https://api.openai.com/**', async (route) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const key = route.request().headers().authorization ?? '';
    keysSeen.push(key);
    if (key !== 'Bearer sk-good') {
      return route.fulfill({ status: 401, headers: cors, json: { error: { message: 'bad key' } } });
    }
    return route.fulfill({ headers: cors, json: { data: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4.1' }] } });
  });
  await page.goto(harness.app.url);
  const hosted = page.getByRole('region', { name: 'A hosted provider with your key' });
  await hosted.getByLabel('Provider').selectOption('openai');
  expect(await hosted.textContent()).toContain(
    'The key stays in this browser and is sent only to api.openai.com.',
  );
  await hosted.getByLabel('API key').fill('sk-wrong');
  await hosted.getByRole('button', { name: 'Test and use' }).click();
  await hosted.getByRole('alert').filter({ hasText: 'refused the API key (HTTP 401)' }).waitFor();
  expect(await hosted.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');
  await hosted.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}welcome-hosted-refused-1440.png` });

  await hosted.getByLabel('API key').fill('sk-good');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'What should the agent work on?' }).waitFor();
  const saved = await savedAgentSettings<{
    activeProviderId: string;
    providers: { id: string; name: string; apiKey: string; model: string }[];
  }>(page);
  // The one provider saved, and the one new conversations use: added here (none was there before).
  expect(saved?.providers).toHaveLength(1);
  expect(saved?.providers[0]).toMatchObject({ name: 'OpenAI', apiKey: 'sk-good', model: 'gpt-4o-mini' });
  expect(saved?.activeProviderId).toBe(saved?.providers[0]?.id);
  expect(keysSeen).toContain('Bearer sk-wrong');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
  await browserContext.close();
});
