import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  REVEAL_ASSETS,
  readBundledRevealAsset,
} from '../../src/agent-worker/profiles/manus/tools/slides/reveal-assets.ts';
import { createSlidesTool } from '../../src/agent-worker/profiles/manus/tools/slides/slides.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import type { SandboxPort } from '../../src/shared/protocol/ports/sandbox-port.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * The package's own files, read from disk: under vitest a `?raw` stylesheet comes back
 * empty (vitest blanks CSS it does not process), so the bundled reader is checked for the
 * scripts only and the deck is built from the real files.
 */
const revealPackage = new URL('../../node_modules/reveal.js/', import.meta.url);
const slidesTool = createSlidesTool((packagePath) => readFile(new URL(packagePath, revealPackage), 'utf8'));

const PROJECT = '/home/ubuntu/review';
const OUTLINE = `${PROJECT}/slide_content.md`;
const DECK = `${PROJECT}/slides/index.html`;
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

const OUTLINE_TEXT = `# Quarterly review

Where we are, in three slides.

![Revenue chart](images/chart.png)

Note: Welcome everyone.
Keep it short.

---

## The fix

\`\`\`ts [2]
const separator = '---';
export const total = (a: number, b: number) => a + b;
\`\`\`

<script>alert('outline')</script> [docs](javascript:alert(1))

Notes:
- Mention the **bug** first.

---

## Numbers

| Region | Q1 | Q2 |
|--------|----|----|
| North  | 10 | 12 |
| South  | 7  | 9  |

--

### Numbers, in detail

![Missing](images/none.png)
`;

async function openSandbox() {
  const database = new SandpiperDatabase(`slides-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 20_000_000 });
  return sandbox;
}

/** Prepares and runs one call against `sandbox`, as the runtime would. */
async function run(args: Record<string, unknown>, sandbox: SandboxPort): Promise<ToolOutcome> {
  const prepared = slidesTool.prepare(JSON.stringify({ brief: 'Make the deck', ...args }));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
}

/** Resolves a deck-relative URL to the workspace path it names (null when it is not relative). */
function resolveRelative(url: string, folder: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return null;
  return new URL(decodeURI(url), `file://${folder}/`).pathname;
}

describe('the slides tool', () => {
  it('builds a self-contained reveal.js deck: slides, notes, code, tables, images, assets', async () => {
    const sandbox = await openSandbox();
    await sandbox.writeFile(OUTLINE, OUTLINE_TEXT);
    await sandbox.writeFile(`${PROJECT}/images/chart.png`, PNG);

    const outcome = await run({ slide_content_file_path: OUTLINE, slide_count: 4 }, sandbox);
    expect(outcome.status).toBe('success');
    if (outcome.status !== 'success') return;
    expect(outcome.meta).toMatchObject({
      deck_path: DECK,
      slide_count: 4,
      requested_slide_count: 4,
      outline_path: OUTLINE,
    });
    expect(outcome.content).toContain(`Built a reveal.js deck of 4 slides at ${DECK}`);
    expect(outcome.content).not.toContain('mismatch');
    expect(outcome.content).toMatch(
      /images\/none\.png was not found at \/home\/ubuntu\/review\/images\/none\.png/,
    );

    const { document } = parseHTML(new TextDecoder().decode(await sandbox.readFile(DECK)));
    const slides = document.querySelector('.reveal > .slides');
    expect(slides).not.toBeNull();
    const horizontal = [...(slides?.children ?? [])].filter((element) => element.tagName === 'SECTION');
    expect(horizontal).toHaveLength(3);
    const leaves = [...document.querySelectorAll('section')].filter(
      (section) => !section.querySelector('section'),
    );
    expect(leaves).toHaveLength(4);
    expect(horizontal[2]?.querySelectorAll(':scope > section')).toHaveLength(2);
    expect(document.querySelector('title')?.textContent).toBe('Quarterly review');

    const notes = [...document.querySelectorAll('aside.notes')];
    expect(notes).toHaveLength(2);
    expect(notes[0]?.textContent).toContain('Welcome everyone.');
    expect(notes[1]?.querySelector('strong')?.textContent).toBe('bug');

    const code = document.querySelector('pre code.language-ts');
    expect(code?.getAttribute('data-line-numbers')).toBe('2');
    expect(code?.textContent).toContain("const separator = '---';");
    expect(code?.textContent).toContain('(a: number, b: number) => a + b');

    const cells = [...document.querySelectorAll('table td')].map((cell) => cell.textContent?.trim());
    expect(cells).toEqual(['North', '10', '12', 'South', '7', '9']);
    expect([...document.querySelectorAll('table th')].map((cell) => cell.textContent?.trim())).toEqual([
      'Region',
      'Q1',
      'Q2',
    ]);

    // The outline's raw HTML is text; the only scripts are reveal's and the deck's own.
    expect(document.body.textContent).toContain("<script>alert('outline')</script>");
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      'reveal/reveal.js',
      'reveal/plugin/notes.js',
      'reveal/plugin/highlight.js',
      'deck.js',
    ]);
    expect(scripts.every((script) => script.textContent === '')).toBe(true);
    expect(document.querySelector('.missing-image')?.textContent).toBe('Missing');

    // Every link is relative and names a non-empty file in the workspace.
    const folder = `${PROJECT}/slides`;
    const urls = [
      ...[...document.querySelectorAll('link[href]')].map((element) => element.getAttribute('href') ?? ''),
      ...[...document.querySelectorAll('[src]')].map((element) => element.getAttribute('src') ?? ''),
    ];
    expect(urls).toHaveLength(4 + 4 + 1);
    expect(urls).toContain('media/chart.png');
    for (const url of urls) {
      const path = resolveRelative(url, folder);
      expect(path, url).not.toBeNull();
      expect(path?.startsWith(`${folder}/`), url).toBe(true);
      const stat = await sandbox.stat(path ?? '');
      expect(stat?.kind, url).toBe('file');
      expect(stat?.size, url).toBeGreaterThan(0);
    }
    expect(await sandbox.readFile(`${folder}/media/chart.png`)).toEqual(PNG);
    const assetPaths = (outcome.meta.asset_paths as string[]).toSorted();
    expect(assetPaths).toEqual(
      [
        ...REVEAL_ASSETS.map((asset) => `${folder}/${asset.path}`),
        `${folder}/deck.js`,
        `${folder}/media/chart.png`,
      ].toSorted(),
    );
    const deckScript = new TextDecoder().decode(await sandbox.readFile(`${folder}/deck.js`));
    expect(deckScript).toContain('plugins: [RevealHighlight, RevealNotes]');
  });

  it('reports a slide_count that disagrees with the outline and builds from the outline', async () => {
    const sandbox = await openSandbox();
    await sandbox.writeFile(OUTLINE, '# One\n---\n# Two\n');
    const outcome = await run({ slide_content_file_path: OUTLINE, slide_count: 5 }, sandbox);
    expect(outcome).toMatchObject({ status: 'success', meta: { slide_count: 2, requested_slide_count: 5 } });
    if (outcome.status !== 'success') return;
    expect(outcome.content).toContain(
      'Slide count mismatch: `slide_count` was 5, but the outline has 2 slides (separated by `---` lines); the deck follows the outline.',
    );
    const { document } = parseHTML(new TextDecoder().decode(await sandbox.readFile(DECK)));
    expect(document.querySelectorAll('.slides > section')).toHaveLength(2);
  });

  it('tells the model to write the outline when it is missing or empty', async () => {
    const sandbox = await openSandbox();
    const missing = await run({ slide_content_file_path: OUTLINE, slide_count: 3 }, sandbox);
    expect(missing).toMatchObject({ status: 'error', kind: 'validation' });
    if (missing.status === 'error') expect(missing.message).toContain(`No outline at ${OUTLINE}`);

    await sandbox.writeFile(OUTLINE, '\n---\n   \n---\n');
    const empty = await run({ slide_content_file_path: OUTLINE, slide_count: 3 }, sandbox);
    expect(empty).toMatchObject({ status: 'error', kind: 'validation' });
    if (empty.status === 'error') expect(empty.message).toContain(`The outline ${OUTLINE} is empty`);

    const outside = await run({ slide_content_file_path: '/etc/outline.md', slide_count: 3 }, sandbox);
    expect(outside).toMatchObject({ status: 'error', kind: 'validation' });
    expect(await sandbox.stat(DECK)).toBeNull();
  });

  it('bundles reveal.js scripts as lazy raw chunks', async () => {
    for (const asset of REVEAL_ASSETS.filter((entry) => entry.packagePath.endsWith('.js'))) {
      const text = await readBundledRevealAsset(asset.packagePath);
      expect(text, asset.packagePath).toBe(await readFile(new URL(asset.packagePath, revealPackage), 'utf8'));
    }
  });
});
