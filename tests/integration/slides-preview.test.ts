import { readFile } from 'node:fs/promises';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlidesTool } from '../../src/agent-worker/profiles/manus/tools/slides/slides.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { previewResponse } from '../../src/service-worker/preview-route.ts';
import { parsePreviewUrl } from '../../src/shared/pwa/preview-url.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { DATABASE_NAME } from '../../src/shared/storage/db-name.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
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
  return previewResponse(target, 'https://app.example');
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
    const outcome = await prepared.execute!(context);
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

    // A preview runs in an opaque origin that the service worker does not serve, so the
    // route sends the deck with its own files folded in as data: URLs: nothing is left to fetch.
    const references = [...document.querySelectorAll('link[rel="stylesheet"], script[src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '',
    );
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(reference).toMatch(/^data:/);
    const decoded = references.map((reference) =>
      Buffer.from(reference.slice(reference.indexOf('base64,') + 7), 'base64').toString('utf8'),
    );
    expect(decoded.some((text) => text.includes('.reveal'))).toBe(true);
    expect(
      decoded.some((text) => text.includes('Reveal') && text.includes('//# sourceURL=talk/slides/')),
    ).toBe(true);
    // The preview runtime comes first, before the deck's own scripts.
    expect(decoded[0]).toContain('__sandpiperPreviewInit');
    const images = [...document.querySelectorAll('img[src]')].map((image) => image.getAttribute('src') ?? '');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const source of images) expect(source).toMatch(/^data:image\/svg\+xml;base64,/);

    // Each file is still served on its own at the deck's relative address (a deck opened
    // from a download or a bundle reads them from its folder).
    const served: Record<string, string> = {};
    for (const reference of [
      'reveal/reveal.css',
      'reveal/reveal.js',
      'deck.js',
      'media/logo.svg',
      'media/team%20photo.svg',
    ]) {
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
    expect(outcome.meta.asset_paths).toContain('/home/ubuntu/talk/slides/media/team photo.svg');
    // The same image used twice (relative and absolute) is copied once.
    const assets = outcome.meta.asset_paths as string[];
    expect(assets.filter((path) => path.endsWith('/media/logo.svg'))).toHaveLength(1);
  });
});
