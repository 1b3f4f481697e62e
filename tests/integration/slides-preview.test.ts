import { readFile } from 'node:fs/promises';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlidesTool } from '../../src/agent/tools/slides.ts';
import { parsePreviewUrl, previewResponse } from '../../src/pwa/preview-route.ts';
import { VirtualSandbox } from '../../src/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/storage/db.ts';
import { DATABASE_NAME } from '../../src/storage/db-name.ts';
import { WorkspaceRepository } from '../../src/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

const revealPackage = new URL('../../node_modules/reveal.js/', import.meta.url);
const slidesTool = createSlidesTool((packagePath) => readFile(new URL(packagePath, revealPackage), 'utf8'));
const CONVERSATION = 'deck-conversation';

let database: SandpiperDatabase;
beforeEach(() => {
  // The preview route reads the app's database through the global indexedDB, as the service worker does.
  vi.stubGlobal('indexedDB', indexedDB);
  database = new SandpiperDatabase(DATABASE_NAME, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  await database.delete();
  vi.unstubAllGlobals();
});

/** What the service worker answers for a URL under the app's scope. */
async function serve(url: URL): Promise<Response> {
  const target = parsePreviewUrl(url, '/');
  if (!target) throw new Error(`${url} is not a preview URL`);
  return previewResponse(target);
}

describe('a slides deck through the preview route', () => {
  it('is served at /preview/<conversation>/<deck_path> with every relative asset', async () => {
    const sandbox = await VirtualSandbox.open({
      conversationId: CONVERSATION,
      workspace: new WorkspaceRepository(database),
      limitBytes: 20_000_000,
    });
    await sandbox.writeFile(
      '/home/ubuntu/talk/outline.md',
      '# Hello\n\n![logo](logo.svg)\n---\n## Bye\n\n![team](<../shared/team photo.svg>) ![again](/home/ubuntu/talk/logo.svg)\n',
    );
    await sandbox.writeFile('/home/ubuntu/talk/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await sandbox.writeFile(
      '/home/ubuntu/shared/team photo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const context = testToolContext({ conversationId: CONVERSATION, sandbox: async () => sandbox });
    const prepared = slidesTool.prepare(
      JSON.stringify({
        brief: 'Deck',
        slide_content_file_path: '/home/ubuntu/talk/outline.md',
        slide_count: 2,
      }),
    );
    if (!prepared.ok) throw new Error(prepared.message);
    const outcome = await prepared.call.execute!(context);
    expect(outcome).toMatchObject({
      status: 'success',
      meta: { deck_path: '/home/ubuntu/talk/slides/index.html' },
    });
    if (outcome.status !== 'success') return;

    const deckUrl = new URL(`http://app.test/preview/${CONVERSATION}/talk/slides/index.html`);
    const page = await serve(deckUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const { document } = parseHTML(await page.text());
    expect(document.querySelectorAll('.slides > section')).toHaveLength(2);

    const references = [
      ...[...document.querySelectorAll('link[rel="stylesheet"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
      ...[...document.querySelectorAll('script[src], img[src]')].map(
        (element) => element.getAttribute('src') ?? '',
      ),
    ];
    const served: Record<string, string> = {};
    for (const reference of references) {
      const response = await serve(new URL(reference, deckUrl));
      expect(response.status, reference).toBe(200);
      expect((await response.arrayBuffer()).byteLength, reference).toBeGreaterThan(0);
      served[reference] = response.headers.get('Content-Type') ?? '';
    }
    expect(served).toMatchObject({
      'reveal/reveal.css': expect.stringMatching(/^text\/css/),
      'reveal/reveal.js': expect.stringMatching(/javascript/),
      'deck.js': expect.stringMatching(/javascript/),
      'media/logo.svg': expect.stringMatching(/^image\/svg\+xml/),
      'media/team%20photo.svg': expect.stringMatching(/^image\/svg\+xml/),
    });
    // The same file used twice (relative and absolute) is copied once.
    expect(references.filter((reference) => reference === 'media/logo.svg')).toHaveLength(2);
    expect(outcome.meta.asset_paths).toContain('/home/ubuntu/talk/slides/media/team photo.svg');
  });
});
