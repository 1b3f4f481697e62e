import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { pngBytes } from '../fixtures/web/image-bytes.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { textContrasts } from './contrast.ts';
import { lineFit } from './line-fit.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const shell = (command: string, delayMs = 0) =>
  call('shell', { action: 'exec', session: 'main', command }, { delayMs });
const TODO = '# Todo\n- buy milk\n- call Ada\n';
const LOGO = Buffer.from(pngBytes(24, 24, [30, 90, 160], [230, 200, 120]));
const NEW_LOGO = Buffer.from(pngBytes(32, 32, [200, 40, 60], [40, 160, 90]));
/** Bytes whose name says nothing of them: a gzip stream called `.bin`. */
const ARCHIVE = gzipSync(Buffer.from('hello, archive\n'));
/** An SVG whose script must never run: the diff shows it only as an image. */
const BADGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="window.badgeRan=1"><script>window.badgeRan=2</script><rect width="40" height="20" fill="#3656d6"/></svg>\n';
/** A picture of the page at 1440 and 390 px wide, light and dark (the Computer sheet opened on a phone). */
async function screenshots(name: string): Promise<void> {
  const { page } = harness;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    if (width < 600) {
      const open = page.getByRole('button', { name: 'Open computer panel' });
      if (await open.isVisible()) await open.click();
      // The sheet slides in: the picture waits for it to settle.
      await page.waitForTimeout(600);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await harness.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

it('shows what each step changed in the workspace, shell commands included, with the diff of a text file', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/notes/todo.md',
      text: '# Todo\n- buy milk\n- call Ada\n',
    }),
    shell('sed -i "s/buy milk/buy oat milk/" notes/todo.md'),
    shell('printf "draft" > notes/draft.txt && mv notes/draft.txt notes/final.txt'),
    shell('rm notes/final.txt'),
    shell('cat notes/todo.md'),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Keep my todo list');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const rows = page.locator('.action-row');
  const changed = async (actionType: string, index: number) =>
    (
      await rows
        .and(page.locator(`[data-action-type="${actionType}"]`))
        .nth(index)
        .locator('.action-changes')
        .allTextContents()
    )[0] ?? '';
  // One file written in a new folder is one file changed: the folder is no file.
  await expect.poll(() => changed('file.write', 0)).toBe('1 file changed');
  expect(await rows.and(page.locator('[data-action-type="shell.exec"]')).count()).toBe(4);
  // The counts come in one reading after the steps settle: the last step's may land after the first's.
  await expect.poll(() => changed('shell.exec', 2)).toBe('1 file changed');
  expect(await changed('shell.exec', 0)).toBe('1 file changed');
  expect(await changed('shell.exec', 1)).toBe('1 file changed');
  // A command that changed nothing says nothing.
  expect(await changed('shell.exec', 3)).toBe('');

  // The sed -i step: its one file, and the line it changed.
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await page.locator('[data-action-type="shell.exec"]').nth(0).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  const path = panel.locator('.changed-path');
  await expect.poll(() => path.locator('.changed-path-name').allTextContents()).toEqual(['notes/todo.md']);
  expect(await path.locator('.changed-path-kind').textContent()).toBe('modified');
  await path.getByRole('button').click();
  const diff = panel.getByRole('region', { name: 'Diff of notes/todo.md' });
  await expect
    .poll(() => diff.locator('.file-diff-line.is-removed').allTextContents())
    .toEqual(['-- buy milk']);
  expect(await diff.locator('.file-diff-line.is-added').allTextContents()).toEqual(['+- buy oat milk']);
  expect(await diff.locator('.file-diff-counts').textContent()).toBe('+1 −1');
  await harness.screenshot('step-changes-diff');

  // The move inside one command is what it left: the final file, added (the draft never outlived it).
  await page.locator('[data-action-type="shell.exec"]').nth(1).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await expect.poll(() => panel.locator('.changed-path-name').allTextContents()).toEqual(['notes/final.txt']);
  expect(await panel.locator('.changed-path-kind').textContent()).toBe('added');
  // The rm: deleted, its old bytes still shown.
  await page.locator('[data-action-type="shell.exec"]').nth(2).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await panel.locator('.changed-path').getByRole('button').click();
  await expect.poll(() => panel.locator('.file-diff-line.is-removed').allTextContents()).toEqual(['-draft']);

  // At phone width the panel is a sheet; the list still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  // The thread alone (the Computer sheet closed, the sidebar's drawer shut).
  await page.keyboard.press('Escape');
  await page.waitForTimeout(600);
  await page.locator('[data-action-type="shell.exec"]').nth(0).scrollIntoViewIfNeeded();
  await harness.screenshot('step-changes-thread-phone');
  await page.locator('[data-action-type="shell.exec"]').nth(0).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await panel.locator('.changed-path').getByRole('button').click();
  await panel.getByRole('region', { name: 'Diff of notes/todo.md' }).waitFor();
  // The sheet slides in: the picture waits for it to settle.
  await page.waitForTimeout(600);
  const box = await panel.getByRole('region', { name: 'Diff of notes/todo.md' }).boundingBox();
  if (!box) throw new Error('The diff has no box at 390 px.');
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await harness.screenshot('step-changes-phone');
});

/** Changes by a file tool and shell commands (a text edit, a removal, an image), each settling in turn. */
const CHANGES_RUN = [
  acknowledge(),
  planNotes(),
  // Held back a moment, so the Changes tab can be seen empty first.
  call(
    'file',
    { action: 'write', path: '/home/ubuntu/notes/summary.md', text: '# Summary\nMilk and Ada.\n' },
    { delayMs: 6_000 },
  ),
  shell('sed -i "s/buy milk/buy oat milk/" uploads/todo.md', 3_000),
  call('file', { action: 'write', path: '/home/ubuntu/notes/badge.svg', text: BADGE }),
  shell('rm uploads/old-notes.txt'),
  shell(`echo '${NEW_LOGO.toString('base64')}' | base64 -d > uploads/logo.png`),
  shell(
    `printf "tmp" > notes/tmp.txt && echo '${ARCHIVE.toString('base64')}' | base64 -d > notes/archive.bin`,
  ),
  // Held back too, so the todo list's diff can be opened between its two edits.
  shell('rm notes/tmp.txt && sed -i "s/call Ada/call Ada at 5/" uploads/todo.md', 3_000),
  call('message', { type: 'result', text: 'Done.' }),
];

it('lists everything the task changed, like a pull request: kinds, lines, the steps, text and image diffs', async () => {
  const { page, model } = harness;
  model.setScript(CHANGES_RUN);
  // The person's files come with the task: they are where the task starts.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach files' }).click(),
  ]);
  await chooser.setFiles([
    { name: 'todo.md', mimeType: 'text/markdown', buffer: Buffer.from(TODO) },
    { name: 'old-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Old notes\n') },
    { name: 'logo.png', mimeType: 'image/png', buffer: LOGO },
  ]);
  await harness.sendTask('Tidy my todo list and make the logo red');

  // By keyboard: from the action's tab, two steps right.
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const tabs = panel.getByRole('tablist', { name: 'Computer views' });
  await tabs.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Changes');
  const view = panel.getByRole('region', { name: 'Changes since the task began' });
  await view.getByText('No files changed yet').waitFor();
  await screenshots('changes-empty');

  // It follows the run: the write shows up as it settles, while the next step still waits.
  const names = () => view.locator('.changed-path-name').allTextContents();
  await expect.poll(() => names(), { timeout: 10_000 }).toContain('notes/summary.md');
  expect(await names()).not.toContain('uploads/todo.md');
  const row = (path: string) =>
    view.locator('.changed-path').filter({ has: page.getByText(path, { exact: true }) });
  // The todo list's diff, opened after its first edit, shows the second as it settles.
  await expect.poll(() => names(), { timeout: 10_000 }).toContain('uploads/todo.md');
  await row('uploads/todo.md')
    .getByRole('button', { name: /^uploads\/todo\.md/ })
    .click();
  const diff = view.getByRole('region', { name: 'Diff of uploads/todo.md' });
  const removedLines = () => diff.locator('.file-diff-line.is-removed').allTextContents();
  await expect.poll(removedLines).toEqual(['-- buy milk']);

  await page.locator('[data-action-type="message.result"][data-status="success"]').waitFor();
  // Exactly the files the task changed: notes/tmp.txt, made and removed, is not one of them, nor
  // is the folder notes/ the first write made.
  await expect
    .poll(() => names())
    .toEqual([
      'notes/archive.bin',
      'notes/badge.svg',
      'notes/summary.md',
      'uploads/logo.png',
      'uploads/old-notes.txt',
      'uploads/todo.md',
    ]);
  expect(await view.locator('.changed-path-kind').allTextContents()).toEqual([
    'added',
    'added',
    'added',
    'modified',
    'deleted',
    'modified',
  ]);
  await expect.poll(() => view.locator('.task-changes-summary').textContent()).toBe('6 files changed, +5 −3');
  expect(await row('uploads/todo.md').locator('.changed-path-lines').textContent()).toBe('+2 −2');

  // The todo list's diff: the lines two steps edited.
  await expect.poll(removedLines).toEqual(['-- buy milk', '-- call Ada']);
  expect(await diff.locator('.file-diff-line.is-added').allTextContents()).toEqual([
    '+- buy oat milk',
    '+- call Ada at 5',
  ]);
  // Highlighted as Markdown: the heading is a highlight.js section.
  expect(await diff.locator('.hljs-section').first().textContent()).toBe('# Todo');

  // The logo, before and after, side by side.
  await row('uploads/logo.png')
    .getByRole('button', { name: /^uploads\/logo\.png/ })
    .click();
  const images = view.getByRole('region', { name: 'Images of uploads/logo.png' });
  const widthOf = (name: string) =>
    images.getByRole('img', { name }).evaluate((image) => (image as HTMLImageElement).naturalWidth);
  await expect.poll(() => widthOf('uploads/logo.png, before')).toBe(24);
  await expect.poll(() => widthOf('uploads/logo.png, after')).toBe(32);
  await expect
    .poll(() => images.locator('figcaption').allTextContents())
    .toEqual([
      `Before PNG image · ${LOGO.byteLength} B · 24 × 24 px`,
      `After PNG image · ${NEW_LOGO.byteLength} B · 32 × 32 px`,
    ]);
  expect(
    await images
      .locator('img')
      .evaluateAll((all) => all.map((image) => (image as HTMLImageElement).src.slice(0, 5))),
  ).toEqual(['blob:', 'blob:']);
  await screenshots('changes-diffs');
  // Every text of the view, diffs included, keeps 4.5:1 against what it is drawn on, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await textContrasts(view))[0]?.ratio, scheme).toBeGreaterThanOrEqual(4.5);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Closed, its pictures' blob URLs are revoked.
  const logoUrls = await images
    .locator('img')
    .evaluateAll((all) => all.map((image) => (image as HTMLImageElement).src));
  await row('uploads/logo.png')
    .getByRole('button', { name: /^uploads\/logo\.png/ })
    .click();
  await images.waitFor({ state: 'detached' });
  const isReadable = (url: string) =>
    page.evaluate(
      (address) =>
        fetch(address).then(
          () => true,
          () => false,
        ),
      url,
    );
  expect(await Promise.all(logoUrls.map(isReadable))).toEqual([false, false]);

  // An SVG is shown only as an image from a blob URL: its script never runs, its shapes are not in the page.
  await row('notes/badge.svg')
    .getByRole('button', { name: /^notes\/badge\.svg/ })
    .click();
  const badge = view.getByRole('region', { name: 'Images of notes/badge.svg' }).getByRole('img', {
    name: 'notes/badge.svg, after',
  });
  await expect.poll(() => badge.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(40);
  expect((await badge.getAttribute('src'))?.startsWith('blob:')).toBe(true);
  expect(await page.evaluate(() => (window as { badgeRan?: number }).badgeRan)).toBeUndefined();
  expect(await page.locator('rect[fill="#3656d6"]').count()).toBe(0);
  await view.getByRole('region', { name: 'Diff of notes/badge.svg' }).waitFor();

  // Other bytes: their type, from their magic numbers (not the name), and sizes.
  await row('notes/archive.bin')
    .getByRole('button', { name: /^notes\/archive\.bin/ })
    .click();
  await expect
    .poll(() => row('notes/archive.bin').locator('.file-diff-sides').innerText())
    .toBe(`Before\nabsent\nAfter\ngzip archive · ${ARCHIVE.byteLength} B`);
  await screenshots('changes-svg-binary');

  // Each path names the steps that changed it; a step's link selects that step.
  const shellRows = page.locator('.action-row[data-action-type="shell.exec"]');
  const stepUuids = await shellRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-uuid')));
  const links = row('uploads/todo.md').getByRole('listitem').getByRole('button');
  expect(await links.allTextContents()).toHaveLength(2);
  expect(await row('uploads/logo.png').locator('.task-change-step').count()).toBe(1);
  await links.nth(1).click();
  expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Terminal');
  await expect.poll(() => panel.locator('.action-view').getAttribute('data-uuid')).toBe(stepUuids[4]);
  expect(await page.locator('.action-row[aria-current="true"]').getAttribute('data-uuid')).toBe(stepUuids[4]);
});

/** A line far wider than the Computer panel, changed only at its end. */
const LONG_LINE = `const greeting = [${Array.from({ length: 24 }, (_, index) => `'word${index}'`).join(', ')}, 'TAIL_OLD'];`;

it('wraps long lines in a step’s diff, the Changes tab and the file view, so the changed end is seen', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/app/greeting.js',
      text: `// Greeting\n${LONG_LINE}\n`,
    }),
    shell('sed -i "s/TAIL_OLD/TAIL_NEW/" app/greeting.js'),
    call('file', { action: 'read', path: '/home/ubuntu/app/greeting.js' }),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Change the greeting’s last word');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  /** On a phone the panel is a sheet over the thread: closed, the thread's rows can be clicked. */
  const closeSheet = async () => {
    if ((await page.locator('.app.is-details-open').count()) === 0) return;
    await page.keyboard.press('Escape');
    await page.locator('.app.is-details-open').waitFor({ state: 'detached' });
  };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await closeSheet();
    // The sed step's diff: the added line ends in TAIL_NEW, inside the panel, on several rows.
    await page.locator('[data-action-type="shell.exec"]').first().click();
    await panel.getByRole('button', { name: '1 file changed' }).click();
    await panel.locator('.changed-path').getByRole('button').click();
    const diff = panel.getByRole('region', { name: 'Diff of app/greeting.js' });
    await diff.locator('.file-diff-line.is-added').waitFor();
    await page.waitForTimeout(600);
    for (const hunk of await diff.locator('.file-diff-hunk').all()) {
      const fit = await lineFit(hunk, '.file-diff-line', 'TAIL_NEW');
      expect(fit, `step diff at ${width} px`).toMatchObject({
        sideways: 0,
        isEndInside: true,
        textStarts: 1,
      });
      expect(fit?.rows).toBeGreaterThan(1);
    }
    await harness.screenshot(`wrapped-step-diff-${width}`);

    // The Changes tab: the same line.
    await panel.getByRole('tab', { name: 'Changes' }).click();
    const changes = panel.getByRole('region', { name: 'Changes since the task began' });
    await changes.getByRole('button', { name: /^app\/greeting\.js/ }).click();
    const tabDiff = changes.getByRole('region', { name: 'Diff of app/greeting.js' });
    await tabDiff.locator('.file-diff-line.is-added').first().waitFor();
    const tabFit = await lineFit(tabDiff.locator('.file-diff-hunk').first(), '.file-diff-line', 'TAIL_NEW');
    expect(tabFit, `Changes tab at ${width} px`).toMatchObject({
      sideways: 0,
      isEndInside: true,
      textStarts: 1,
    });
    await harness.screenshot(`wrapped-changes-tab-${width}`);

    // The file view of the read: the whole file, its long line wrapped beside its number.
    await closeSheet();
    await page.locator('[data-action-type="file.read"]').first().click();
    const code = panel.locator('.code-scroller');
    await expect.poll(() => code.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    const codeFit = await lineFit(code, '.code-line', 'TAIL_NEW');
    expect(codeFit, `file view at ${width} px`).toMatchObject({
      sideways: 0,
      isEndInside: true,
      textStarts: 1,
    });
    expect(codeFit?.rows).toBeGreaterThan(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await harness.screenshot(`wrapped-file-view-${width}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
