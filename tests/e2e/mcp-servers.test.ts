import { afterEach, beforeEach, expect, it } from 'vitest';
import { type McpFixtureServer, startMcpFixtureServer } from '../fixtures/mcp/mcp-fixture-server.ts';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, showSettingsSection, startApp, statuses } from './app-harness.ts';
import { savedAgentSettings, screenshotEverywhere } from './pwa-helpers.ts';

const TOKEN = 'mcp-e2e-token-4b1d';

let harness: AppHarness;
let fixture: McpFixtureServer;
beforeEach(async () => {
  // Answers one tool call, then goes away: the second call of the task finds no server.
  [harness, fixture] = await Promise.all([
    startApp(),
    startMcpFixtureServer({ token: TOKEN, disconnectAfterCalls: 1 }),
  ]);
  await harness.configure();
});
afterEach(async () => {
  await fixture.close();
  await harness.close();
});

/** The MCP servers saved in IndexedDB (the agent-settings row), as the worker reads them. */
const savedServers = async () =>
  (await savedAgentSettings<{ mcpServers?: Record<string, unknown>[] }>(harness.page))?.mcpServers ?? null;

it('adds and tests an MCP server in Settings, calls its tool from a task, and answers with an error once it is gone', async () => {
  const { page, model } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'MCP servers');
  const mcp = dialog.getByRole('group', { name: 'MCP servers' });
  await mcp.scrollIntoViewIfNeeded();
  expect(await mcp.textContent()).toContain('No MCP servers yet.');
  expect(await mcp.textContent()).toContain(new URL(harness.app.url).origin);

  // Added with a wrong token: the test says the server refused it.
  await mcp.getByLabel('Server URL', { exact: true }).fill(fixture.url);
  await mcp.getByLabel('Name (optional)', { exact: true }).fill('fixture');
  await mcp.getByLabel('Bearer token (optional)', { exact: true }).fill('wrong-token');
  await mcp.getByRole('button', { name: 'Add server' }).click();
  const alert = mcp.getByRole('alert');
  await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('refused the request (401');
  // A server that fails its first test is kept switched off, saying so, until a test passes.
  await expect.poll(() => mcp.getByRole('switch', { name: /^fixture/ }).isChecked()).toBe(false);
  expect(await mcp.textContent()).toContain('Switched off until a test passes');
  await harness.screenshot('mcp-settings-refused-1440');

  // The right token: its tools as the model will see them.
  await mcp.getByLabel('Bearer token (optional) (fixture)', { exact: true }).fill(TOKEN);
  await mcp.getByRole('button', { name: 'Test connection to fixture' }).click();
  const tools = mcp.getByRole('list', { name: 'Tools of this server' });
  await tools.waitFor({ timeout: 15_000 });
  expect(await tools.locator('code').allTextContents()).toEqual([
    'mcp_fixture_add',
    'mcp_fixture_echo',
    'mcp_fixture_image',
    'mcp_fixture_readme',
    'mcp_fixture_fail',
    'mcp_fixture_shout_out',
  ]);
  expect(await mcp.textContent()).toContain('Connected to sandpiper-fixture: 6 tools.');
  expect(await mcp.getByRole('switch', { name: /^fixture/ }).isChecked()).toBe(true);

  const overflowing = await screenshotEverywhere(harness, 'mcp-settings', async () => {
    await mcp
      .locator('legend')
      .first()
      .evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
  });
  expect(overflowing).toEqual([]);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await savedServers()).toEqual([
    expect.objectContaining({ name: 'fixture', url: fixture.url, bearerToken: TOKEN, isEnabled: true }),
  ]);

  // A task calls the tool twice; the server goes away after answering the first call.
  model.setScript([
    acknowledge('I will add the numbers with the fixture server.'),
    call('plan', {
      action: 'update',
      goal: 'Add numbers with the MCP server',
      phases: [{ id: 1, title: 'Add the numbers', capabilities: {} }],
    }),
    call('mcp_fixture_add', { a: 2, b: 3 }),
    call('mcp_fixture_add', { a: 4, b: 5 }),
    call('message', { type: 'result', text: 'The first sum is 5; the server went away before the second.' }),
  ]);
  await harness.sendTask('Add 2 and 3, then 4 and 5, with the fixture server');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
  expect(await statuses(page, 'mcp_fixture_add')).toEqual(['success', 'error']);
  expect(fixture.calls).toEqual(['add']);
  expect(
    fixture.authorizations.every((header) => header === `Bearer ${TOKEN}` || header === 'Bearer wrong-token'),
  ).toBe(true);

  // The model saw the tool in its list, read the sum, then the error it can act on.
  const lastRequest = model.requests.at(-1)?.body as { tools: { function: { name: string } }[] };
  expect(lastRequest.tools.map((tool) => tool.function.name)).toContain('mcp_fixture_add');
  const toolMessages = messagesOf(model.requests.at(-1)).filter(
    (message) => (message as { role: string }).role === 'tool',
  );
  const toolTexts = toolMessages.map((message) => JSON.stringify(message));
  expect(toolTexts.some((text) => text.includes('2 + 3 = 5'))).toBe(true);
  expect(toolTexts.some((text) => text.includes('Could not reach the MCP server “fixture”'))).toBe(true);
  expect(JSON.stringify(model.requests.map((request) => request.body))).not.toContain(TOKEN);

  // The thread shows both calls; the details show the result and the error.
  const rows = page.locator('[data-action-type="mcp_fixture_add"]');
  await rows.first().click();
  const details = page.locator('.action-view');
  await expect.poll(() => details.textContent()).toContain('2 + 3 = 5');
  await rows.nth(1).click();
  await expect.poll(() => details.textContent()).toContain('Could not reach the MCP server “fixture”');
  await harness.screenshot('mcp-task-error-1440');

  // Settings → MCP shows the server's last status: what the conversation found as it started.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await showSettingsSection(dialog, 'MCP servers');
  await expect
    .poll(() => mcp.locator('.mcp-last-status').textContent())
    .toBe('Last conversation start: Connected · 6 tools · just now');
  await page.keyboard.press('Escape');
});

it('says in the thread, naming it, when a server switched on cannot be reached as a conversation starts', async () => {
  const { page, model } = harness;
  await fixture.close();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'MCP servers');
  const mcp = dialog.getByRole('group', { name: 'MCP servers' });
  await mcp.scrollIntoViewIfNeeded();
  await mcp.getByLabel('Server URL', { exact: true }).fill(fixture.url);
  await mcp.getByLabel('Name (optional)', { exact: true }).fill('gone');
  await mcp.getByRole('button', { name: 'Add server' }).click();
  await expect.poll(() => mcp.getByRole('alert').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // Kept off after its failed test; the person switches it on all the same.
  const toggle = mcp.getByRole('switch', { name: /^gone/ });
  await expect.poll(() => toggle.isChecked()).toBe(false);
  await toggle.check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  model.setScript([
    acknowledge('On it.'),
    planNotes(),
    call('message', { type: 'result', text: 'Done without it.' }),
  ]);
  await harness.sendTask('Use the gone server');
  await page
    .locator('[data-action-type="message.result"][data-status="success"]')
    .waitFor({ timeout: 30_000 });
  const notice = page.locator('[data-notice-kind="mcp_unavailable"]');
  await notice.waitFor();
  expect(await notice.textContent()).toMatch(/Could not reach the MCP server “gone”/);
  expect(await notice.textContent()).toContain(
    'This conversation has no tools from it; check Settings → MCP.',
  );
  await harness.screenshot('mcp-unreachable-notice');

  // The notice leads to Settings → MCP, where the server's last status says the same, and when.
  await notice.getByRole('button', { name: 'Open settings' }).click();
  await dialog.waitFor();
  expect(await dialog.getByRole('tab', { name: 'MCP servers' }).getAttribute('aria-selected')).toBe('true');
  const status = mcp.locator('.mcp-last-status');
  await expect.poll(() => status.getAttribute('data-tone')).toBe('error');
  expect(await status.textContent()).toMatch(
    /^Last conversation start: Unreachable: Could not reach the MCP server “gone”.* · just now$/,
  );
  await status.scrollIntoViewIfNeeded();
  await harness.screenshot('mcp-last-status-1440');
});
