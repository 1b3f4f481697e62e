import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, startApp } from './app-harness.ts';
import { finishTodoConversation, waitForServiceWorker } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

it('serves workspace files at /preview/<conversation>/ from IndexedDB, sandboxed and isolated', async () => {
  const { page } = harness;
  const id = await finishTodoConversation(harness);
  await waitForServiceWorker(page);
  const fetchPreview = (path: string) =>
    page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        csp: response.headers.get('content-security-policy'),
        coep: response.headers.get('cross-origin-embedder-policy'),
        body: await response.text(),
      };
    }, path);

  const todo = await fetchPreview(`/preview/${encodeURIComponent(id)}/notes/todo.md`);
  expect(todo).toMatchObject({
    status: 200,
    type: 'text/markdown; charset=utf-8',
    csp: expect.stringMatching(/^sandbox allow-scripts/),
    coep: 'credentialless',
  });
  expect(todo.body).toContain('buy oat milk');

  const missing = await fetchPreview(`/preview/${encodeURIComponent(id)}/nope.html`);
  expect(missing).toMatchObject({ status: 404, body: 'Not found in the workspace: /home/ubuntu/nope.html' });
  // Another conversation's id sees nothing of this one.
  expect((await fetchPreview('/preview/someone-else/notes/todo.md')).status).toBe(404);
});
