import { afterEach, beforeEach, expect, it } from 'vitest';
import { type McpOAuthFixture, startMcpOAuthFixtureServer } from '../fixtures/mcp/mcp-oauth-fixture.ts';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { type AppHarness, showSettingsSection, startApp, statuses } from './app-harness.ts';
import { savedAgentSettings, screenshotEverywhere } from './pwa-helpers.ts';

let harness: AppHarness;
let fixture: McpOAuthFixture;
beforeEach(async () => {
  [harness, fixture] = await Promise.all([startApp(), startMcpOAuthFixtureServer()]);
  await harness.configure();
});
afterEach(async () => {
  await fixture.close();
  await harness.close();
});

type SavedServer = { name: string; bearerToken: string; oauth?: { tokens: { access_token: string } } };

it('signs in to an OAuth MCP server in a popup from Settings, and a task calls its tool with the token', async () => {
  const { page, model } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'MCP servers');
  const mcp = dialog.getByRole('group', { name: 'MCP servers' });
  await mcp.scrollIntoViewIfNeeded();

  // Added without a token: the test finds that the server asks for an OAuth sign-in.
  await mcp.getByLabel('Server URL', { exact: true }).fill(fixture.url);
  await mcp.getByLabel('Name (optional)', { exact: true }).fill('fixture');
  await mcp.getByRole('button', { name: 'Add server' }).click();
  await expect
    .poll(() => mcp.getByRole('alert').textContent(), { timeout: 15_000 })
    .toContain('asks you to sign in');
  await mcp.locator('.mcp-server').first().scrollIntoViewIfNeeded();
  await harness.screenshot('mcp-oauth-sign-in-offered-1440');

  // A window the person closes instead of signing in: the wait says what to do, and Cancel
  // gives it up with nothing kept.
  fixture.setHoldAuthorization(true);
  const heldOpened = page.context().waitForEvent('page');
  await mcp.getByRole('button', { name: 'Sign in to fixture' }).click();
  const held = await heldOpened;
  await expect.poll(() => fixture.log.includes('authorize:held'), { timeout: 15_000 }).toBe(true);
  await held.close();
  await expect.poll(() => mcp.textContent()).toContain('Closed it? Sign in again, or cancel.');
  await harness.screenshot('mcp-oauth-waiting-1440');
  await mcp.getByRole('button', { name: 'Cancel signing in to fixture' }).click();
  await expect.poll(() => mcp.textContent()).toContain('OAuth: not signed in.');
  expect(await mcp.getByRole('alert').filter({ hasText: 'cancel' }).count()).toBe(0);
  fixture.setHoldAuthorization(false);
  fixture.log.splice(0);

  // "Sign in" opens the server's window, which approves at once, comes back and closes.
  const popupOpened = page.context().waitForEvent('page');
  await mcp.getByRole('button', { name: 'Sign in to fixture' }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close', { timeout: 15_000 });
  await expect.poll(() => mcp.textContent(), { timeout: 15_000 }).toContain('Signed in (OAuth).');
  await expect
    .poll(() => mcp.textContent(), { timeout: 15_000 })
    .toContain('Connected to sandpiper-fixture: 6 tools.');
  expect(fixture.log).toEqual(['register', 'authorize', 'token:authorization_code']);
  const overflowing = await screenshotEverywhere(harness, 'mcp-oauth-signed-in', async () => {
    await mcp
      .locator('.mcp-oauth')
      .first()
      .evaluate((row) => row.scrollIntoView({ block: 'center' }));
  });
  expect(overflowing).toEqual([]);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const saved = (await savedAgentSettings<{ mcpServers?: SavedServer[] }>(page))?.mcpServers ?? [];
  const [access] = fixture.accessTokens;
  expect(saved).toEqual([expect.objectContaining({ name: 'fixture', bearerToken: '' })]);
  expect(saved[0]?.oauth?.tokens.access_token).toBe(access);

  // A task calls its tool: the worker connects with the signed-in token.
  model.setScript([
    acknowledge('I will add the numbers with the fixture server.'),
    call('plan', {
      action: 'update',
      goal: 'Add numbers with the MCP server',
      phases: [{ id: 1, title: 'Add the numbers', capabilities: {} }],
    }),
    call('mcp_fixture_add', { a: 2, b: 3 }),
    call('message', { type: 'result', text: 'The sum is 5.' }),
  ]);
  await harness.sendTask('Add 2 and 3 with the fixture server');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
  expect(await statuses(page, 'mcp_fixture_add')).toEqual(['success']);
  expect(fixture.calls).toEqual(['add']);
  expect(
    fixture.authorizations
      .filter((header) => header !== null)
      .every((header) => header === `Bearer ${access}`),
  ).toBe(true);
  const requests = JSON.stringify(model.requests.map((request) => request.body));
  for (const token of [...fixture.accessTokens, ...fixture.refreshTokens])
    expect(requests).not.toContain(token);
  await harness.screenshot('mcp-oauth-task-1440');
});
