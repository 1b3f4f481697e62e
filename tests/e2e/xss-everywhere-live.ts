import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { XSS_MARK, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { SCREENSHOTS, showSettingsSection, TAKES_SCREENSHOTS } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';
import { hasHorizontalScroll } from './pwa-helpers.ts';
import { ALL_ON_ONE_LINE } from './xss-everywhere-files.ts';

/**
 * The views only reachable live: Settings' provider editor and list, and its MCP servers
 * (a name and an address of markup, and a server whose name, tool names and descriptions
 * are the corpus).
 */

/** What records a view seen with the corpus in it. */
export type ViewRecorder = { saw(view: string, shown: Locator): Promise<void> };

/** An MCP server (streamable HTTP, stateless) named by the corpus, with one tool per payload. */
export async function startHostileMcpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const build = () => {
    const server = new McpServer({ name: `Hostile ${ALL_ON_ONE_LINE.slice(0, 300)}`, version: '1.0.0' });
    // The SDK warns on the console about each name outside its character set: these are meant to be.
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      XSS_PAYLOADS.forEach((payload, index) => {
        server.registerTool(`${payload.slice(0, 40)} ${index}`, { description: payload }, async () => ({
          content: [{ type: 'text', text: payload }],
        }));
      });
    } finally {
      console.warn = warn;
    }
    return server;
  };
  const http: Server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    response.setHeader(
      'Access-Control-Allow-Headers',
      'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    );
    response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST') return void response.writeHead(405).end();
    void (async () => {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await build().connect(transport);
      await transport.handleRequest(request, response, await readJson(request));
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    // Every connection closed at once: `close` alone waits for one still in a request, which
    // once held a CI run past the test's 90 s after the last view was seen (the MCP list).
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** Opens Settings and puts the corpus in a provider's name and in MCP servers' names, addresses and tools. */
export async function driveLiveViews(page: Page, recorder: ViewRecorder): Promise<void> {
  const mcpServer = await startHostileMcpServer();
  try {
    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await settings.click();
    // A provider named by 2 KB of markup, saved: its name in the header's provider switcher.
    // (A fresh install lists none: one is added first.)
    await addProvider(dialog, 'OpenAI');
    await dialog.getByLabel('Name', { exact: true }).fill(ALL_ON_ONE_LINE.slice(0, 2000));
    await dialog.getByLabel('Base URL', { exact: true }).fill('http://127.0.0.1:9/v1');
    await recorder.saw('settings: provider editor', dialog.locator('#provider-name'));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const switcher = page.getByRole('combobox', { name: 'Provider for this conversation' });
    await recorder.saw('header: provider switcher', switcher.locator('option', { hasText: '<script>' }));
    // The 2 KB name does not push the header past the window.
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect((await switcher.boundingBox())?.width).toBeLessThan(400);
    if (TAKES_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}xss-header-provider.png` });
    await settings.click();
    await recorder.saw('settings: provider list', dialog.getByText('<script>', { exact: false }));
    await dialog.getByLabel('Base URL', { exact: true }).fill(`javascript:${XSS_MARK}`);

    await showSettingsSection(dialog, 'MCP servers');
    const mcp = dialog.getByRole('group', { name: 'MCP servers' });
    await mcp.scrollIntoViewIfNeeded();
    // An address that is a script: refused with a reason that quotes it.
    await mcp.getByLabel('Server URL', { exact: true }).fill(`javascript:${XSS_MARK}`);
    await mcp.getByLabel('Name (optional)', { exact: true }).fill(ALL_ON_ONE_LINE.slice(0, 500));
    await mcp.getByRole('button', { name: 'Add server' }).click();
    await recorder.saw('settings: MCP address refused', mcp.locator('[role="alert"], .field-error'));
    // The hostile server: its name, tool names and descriptions listed.
    await mcp.getByLabel('Server URL', { exact: true }).fill(mcpServer.url);
    await mcp.getByLabel('Name (optional)', { exact: true }).fill(XSS_PAYLOADS[0] ?? '');
    await mcp.getByRole('button', { name: 'Add server' }).click();
    await recorder.saw('settings: MCP server name', mcp.getByRole('switch'));
    await recorder.saw('settings: MCP tool list', mcp.getByRole('list', { name: 'Tools of this server' }));
    if (TAKES_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}xss-settings-mcp.png` });
  } finally {
    await mcpServer.close();
  }
}
