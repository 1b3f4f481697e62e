import { afterEach, beforeEach, expect, it } from 'vitest';
import { MCP_OAUTH_CHANNEL } from '../../src/shared/protocol/mcp-oauth-callback.ts';
import { type McpOAuthFixture, startMcpOAuthFixtureServer } from '../fixtures/mcp/mcp-oauth-fixture.ts';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';

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

/** A report of the sign-in window, as the redirect page sends it. */
const report = (state: string, code: string) => ({ type: 'mcp-oauth-callback', code, state, error: null });

it('ignores a sign-in report with another state or from another origin, and acts on the one it waits for', async () => {
  const { page } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'MCP servers');
  const mcp = dialog.getByRole('group', { name: 'MCP servers' });
  await mcp.getByLabel('Server URL', { exact: true }).fill(fixture.url);
  await mcp.getByLabel('Name (optional)', { exact: true }).fill('fixture');
  await mcp.getByRole('button', { name: 'Add server' }).click();
  await expect
    .poll(() => mcp.getByRole('alert').textContent(), { timeout: 15_000 })
    .toContain('asks you to sign in');

  // The server's window stays open on its sign-in page: the app waits for its report.
  fixture.setHoldAuthorization(true);
  const opened = page.context().waitForEvent('page');
  await mcp.getByRole('button', { name: 'Sign in to fixture' }).click();
  const held = await opened;
  await expect.poll(() => fixture.log.includes('authorize:held'), { timeout: 15_000 }).toBe(true);
  // The server logs the request before its page reaches the window: the window's address
  // is its sign-in page's only once that navigation commits (about:blank until then).
  await held.waitForURL(/[?&]state=/, { timeout: 15_000 });
  const state = new URL(held.url()).searchParams.get('state') ?? '';
  expect(state).not.toBe('');

  // A report with another state, on the channel the real one uses, from this origin.
  await page.evaluate(({ channel, message }) => new BroadcastChannel(channel).postMessage(message), {
    channel: MCP_OAUTH_CHANNEL,
    message: report('not-the-state-sent', 'forged-1'),
  });
  // The right state, but a window message from another origin.
  await page.evaluate(
    (message) =>
      window.dispatchEvent(new MessageEvent('message', { data: message, origin: 'https://evil.example' })),
    report(state, 'forged-2'),
  );
  await page.waitForTimeout(500);
  expect(await mcp.textContent()).toContain('Waiting for the sign-in window');
  expect(await mcp.getByRole('alert').filter({ hasText: 'failed' }).count()).toBe(0);
  expect(fixture.log).not.toContain('token:authorization_code');

  // The control: the state it waits for, from this origin, is acted on at once (the forged
  // code is then refused by the server, and the sign-in says so).
  await page.evaluate(({ channel, message }) => new BroadcastChannel(channel).postMessage(message), {
    channel: MCP_OAUTH_CHANNEL,
    message: report(state, 'forged-3'),
  });
  await expect
    .poll(() => mcp.getByRole('alert').filter({ hasText: 'failed' }).textContent(), { timeout: 15_000 })
    .toContain('Signing in to');
  expect(fixture.log).not.toContain('token:authorization_code');
  await held.close();
});
