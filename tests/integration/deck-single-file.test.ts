import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { parseHTML } from 'linkedom';
import { expect, it } from 'vitest';
import { createSlidesTool } from '../../src/agent-worker/profiles/manus/tools/slides/slides.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { deckAddress } from '../../src/page/state/computer/deck-address.ts';
import { singleFileDeck } from '../../src/page/state/computer/deck-single-file.ts';
import { WorkspaceReader } from '../../src/page/state/workspace/workspace-reader.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * The deck viewer's "Download HTML": a deck built by the real `slides` tool, read back from
 * the workspace as the UI reads it, folded into one file that needs nothing beside it.
 */

const revealPackage = new URL('../../node_modules/reveal.js/', import.meta.url);
const slidesTool = createSlidesTool((packagePath) => readFile(new URL(packagePath, revealPackage), 'utf8'));
const CONVERSATION = 'deck-download';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';

it('makes one HTML file of a built deck: reveal, its theme, fonts, plugins, images and deck.js inside', async () => {
  const database = new SandpiperDatabase(`deck-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const sandbox = await VirtualSandbox.open({
    conversationId: CONVERSATION,
    workspace: new WorkspaceRepository(database),
    limitBytes: 20_000_000,
  });
  await sandbox.writeFile(
    '/home/ubuntu/harbour/outline.md',
    '# Harbour\n\n![logo](logo.svg)\n\n---\n\n## Code\n\n```js\nconst tours = 12;\n```\n\n---\n\n## End\n',
  );
  await sandbox.writeFile('/home/ubuntu/harbour/logo.svg', SVG);
  const prepared = slidesTool.prepare(
    JSON.stringify({
      brief: 'Deck',
      slide_content_file_path: '/home/ubuntu/harbour/outline.md',
      slide_count: 3,
    }),
  );
  if (!prepared.ok) throw new Error(prepared.message);
  const outcome = await prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
  expect(outcome.status).toBe('success');
  if (outcome.status !== 'success') return;

  const address = deckAddress(CONVERSATION, String(outcome.meta.deck_path), new URL('https://app.example/'));
  expect(address?.downloadName).toBe('harbour-slides.html');
  const reader = new WorkspaceReader(database);
  const deck = await singleFileDeck(
    address?.workspacePath ?? '',
    async (path) => (await reader.readFile(CONVERSATION, path))?.content ?? null,
  );
  expect(deck).not.toBeNull();
  if (!deck) return;
  expect(deck.missing).toEqual([]);

  const { document } = parseHTML(deck.html);
  expect(document.querySelectorAll('.slides > section')).toHaveLength(3);
  // Stylesheets and scripts are folded in as data: URLs, each where its reference was.
  const decoded = (url: string | null) =>
    Buffer.from((url ?? '').slice((url ?? '').indexOf('base64,') + 7), 'base64').toString('utf8');
  expect(document.querySelectorAll('[src^="reveal/"], [href^="reveal/"], [src="deck.js"]')).toHaveLength(0);
  expect(deck.html).not.toMatch(/\s(src|href)\s*=\s*["']?(reveal\/|deck\.js|media\/)/);
  const scripts = [...document.querySelectorAll('script')];
  expect(scripts.map((script) => script.getAttribute('src')?.startsWith('data:text/javascript'))).toEqual([
    true,
    true,
    true,
    true,
  ]);
  const code = scripts.map((script) => decoded(script.getAttribute('src')));
  const revealCode = await readFile(new URL('dist/reveal.js', revealPackage), 'utf8');
  expect(code[0]?.length).toBeGreaterThan(revealCode.length * 0.9);
  expect(code[0]).toContain('6.0.2');
  expect(code[3]).toContain('postMessageEvents: true');
  expect(code[3]).toContain("Reveal.on('pdf-ready', () => window.print())");
  // reset, reveal, the theme (its fonts as data URLs) and the highlight theme, each a stylesheet.
  const styles = [
    ...[...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      decoded(link.getAttribute('href')),
    ),
    ...[...document.querySelectorAll('style')].map((style) => style.textContent ?? ''),
  ];
  expect(styles.filter((css) => css.includes('.reveal')).length).toBeGreaterThanOrEqual(3);
  expect(styles.join('\n')).not.toMatch(/url\(\s*["']?(?!data:|#|https?:)[^)"']+\.(woff2?|ttf|css|png|svg)/);
  expect(document.querySelector('section img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  await database.delete();
});
