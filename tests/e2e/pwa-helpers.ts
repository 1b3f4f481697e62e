import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { expect } from 'vitest';
import { ISOLATION_RELOAD_KEY } from '../../src/page/state/app/isolation-reload.ts';
import { BACKUP_FOLDER_NAME } from '../../src/shared/storage/backup-folder.ts';
import { TODO_TASK, todoWorkspaceFlow } from '../fixtures/scenarios.ts';
import { type AppHarness, TAKES_SCREENSHOTS } from './app-harness.ts';

/** The built app the harness serves (dist/, or SANDPIPER_DIST), as a folder path ending in `/`. */
export const BUILT_APP = process.env.SANDPIPER_DIST
  ? `${process.env.SANDPIPER_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh temporary folder; `remove()` deletes it. */
export async function temporaryFolder(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `sandpiper-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Copies a built app into `target` (replacing what was there), as a deploy would. */
export async function deployBuild(source: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await cp(source, target, { recursive: true });
}

/** The build label's tag in index.html (`buildApp`'s plugin and `labelledBuild` write the same). */
function withBuildLabel(html: string, label: string): string {
  return html.replace('</head>', `  <meta name="sandpiper-build" content="${label}" />\n  </head>`);
}

/**
 * `source` (a build) copied to `target` as the build `buildApp(target, { buildLabel })` makes
 * from the same sources, without building again (about 9 s of a core here): the label only
 * changes index.html, so the copy's index.html gains the tag and its service worker the new
 * precache revision of it (workbox's revision is the file's MD5). tests/e2e/app-update's
 * second deploy. Compared with a labelled `buildApp` when this was written (diff -r): the
 * same files and bytes but for the tag's place in <head>, preview-tab.html (labelled there
 * too, and precached under its new revision) and the source maps' paths (another outDir).
 * Should the service worker change shape, the missing precache entry throws.
 */
export async function labelledBuild(source: string, target: string, label: string): Promise<void> {
  await deployBuild(source, target);
  const indexPath = join(target, 'index.html');
  const before = await readFile(indexPath, 'utf8');
  const after = withBuildLabel(before, label);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const workerPath = join(target, 'sw.js');
  const worker = await readFile(workerPath, 'utf8');
  const oldEntry = `"revision":"${md5(before)}","url":"index.html"`;
  if (!worker.includes(oldEntry))
    throw new Error(`sw.js has no precache entry ${oldEntry}: the build changed shape.`);
  await writeFile(indexPath, after);
  await writeFile(workerPath, worker.replace(oldEntry, `"revision":"${md5(after)}","url":"index.html"`));
}

/**
 * Builds the app with the project's Vite config into `outDir`: under `base` when given,
 * and with `<meta name="sandpiper-build" content="…">` in index.html when `buildLabel`
 * is given (so a test can tell two builds apart).
 */
export async function buildApp(
  outDir: string,
  options: { base?: string; buildLabel?: string } = {},
): Promise<void> {
  const plugins: Plugin[] = [];
  if (options.buildLabel) {
    const label = options.buildLabel;
    plugins.push({
      name: 'sandpiper-build-label',
      transformIndexHtml: (html) => withBuildLabel(html, label),
    });
  }
  // Vitest runs tests with NODE_ENV=test; the service worker's build reads it (workbox's dev logging).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: PROJECT_ROOT,
      configFile: join(PROJECT_ROOT, 'vite.config.ts'),
      logLevel: 'error',
      plugins,
      ...(options.base ? { base: options.base } : {}),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** The build label of the page on screen (null for a build without one). */
export function buildLabel(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.querySelector('meta[name="sandpiper-build"]')?.getAttribute('content') ?? null,
  );
}

/**
 * Resolves once a service worker controls the page (the preview route lives there). The
 * page may reload right then, into cross-origin isolation: nothing more is asked of it.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Opens `url` and resolves once the app has settled there: a service worker controls the
 * page, and a reload into cross-origin isolation the app decided on (it marks it in
 * sessionStorage just before) is done. A page opened before the first install had
 * finished (the browser was killed during it) reloads itself so, a second or so later,
 * when nobody has used it yet; reading the page before then races that reload.
 */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForSettled(page);
}

/**
 * Waits for the composer: its message box, or, while the agent waits on a question, the
 * hint that points to the question's own box (the message box is not there then). A page
 * reopened on a run that was cut off shows the latter as soon as the run asks whether to go on.
 */
export async function waitForComposer(page: Page): Promise<void> {
  await page
    .getByRole('textbox', { name: 'Message' })
    .or(page.getByText('The agent is waiting for your answer.'))
    .first()
    .waitFor();
}

/** Resolves once the open page has settled (see `gotoSettled`): typing before then may go to a page about to reload. */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (reloadKey) =>
      navigator.serviceWorker.controller !== null &&
      (window.crossOriginIsolated || sessionStorage.getItem(reloadKey) === null),
    ISOLATION_RELOAD_KEY,
    { timeout: 30_000 },
  );
}

/** Resolves once a service worker controls the page and has finished installing (its precache is full). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * The names of the backup copies the worker wrote (the origin private file system's
 * `sandpiper-backup`); an empty file (a write under way or cut short) is not one.
 */
export function backupCopyNames(page: Page): Promise<string[]> {
  return page.evaluate(async (folderName) => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle(folderName, { create: true });
    const names: string[] = [];
    for await (const handle of (
      folder as unknown as { values(): AsyncIterable<FileSystemHandle> }
    ).values()) {
      if (!(handle instanceof FileSystemFileHandle) || !handle.name.endsWith('.sandpiper.zip')) continue;
      if ((await handle.getFile()).size > 0) names.push(handle.name);
    }
    return names;
  }, BACKUP_FOLDER_NAME);
}

/** The id of the open conversation, from the URL hash. */
export async function openConversationId(page: Page): Promise<string> {
  const hash = await page.evaluate(() => window.location.hash);
  const match = /^#\/c\/(.+)$/.exec(hash);
  if (!match?.[1]) throw new Error(`No conversation is open (hash ${JSON.stringify(hash)}).`);
  return decodeURIComponent(match[1]);
}

/**
 * Runs the todo task (write, edit, three commands, a search, a result) to its end and
 * returns the conversation's id.
 */
export async function finishTodoConversation(harness: AppHarness): Promise<string> {
  harness.model.setScript(todoWorkspaceFlow());
  await harness.sendTask(TODO_TASK);
  await harness.page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
  await harness.page
    .getByRole('region', { name: 'Plan' })
    .locator('[data-status="completed"]')
    .last()
    .waitFor();
  return openConversationId(harness.page);
}

/**
 * The thread as a person reads it: every item's text, in order. A plan phase's header is
 * `phase: <title>` (its step count and status grow with the run; the plan panel has the status).
 */
export function threadTexts(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Conversation' })
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((item) => {
        const phase = item.querySelector('.phase-group-title');
        if (phase) return `phase: ${phase.textContent}`;
        // What a step changed in the workspace is read apart, after the row: the thread's own
        // text is what these checks compare (bundle-history compares the counts themselves).
        let text = (item as HTMLElement).innerText.trim();
        for (const chip of item.querySelectorAll('.action-changes'))
          text = text.replace(`\n${chip.textContent}`, '');
        return text;
      }),
    );
}

/** The plan panel: its goal and every phase with its status. */
export async function planSummary(page: Page): Promise<{ goal: string; phases: string[] }> {
  const plan = page.getByRole('region', { name: 'Plan' });
  return {
    goal: (await plan.locator('.plan-goal').textContent()) ?? '',
    phases: await plan
      .locator('[data-phase-id]')
      .evaluateAll((phases) =>
        phases.map(
          (phase) =>
            `${phase.querySelector('.phase-title')?.textContent}:${phase.getAttribute('data-status')}`,
        ),
      ),
  };
}

/**
 * A conversation's workspace as stored in IndexedDB: path → `kind:text` (the default), or
 * path → base64 bytes of each file (`'base64'`, for binary files).
 */
export function workspaceFiles(
  page: Page,
  conversationId: string,
  encoding: 'text' | 'base64' = 'text',
): Promise<Record<string, string>> {
  return page.evaluate(
    ({ id, asBase64 }) =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const request = indexedDB.open('sandpiper');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const read = request.result
            .transaction('files', 'readonly')
            .objectStore('files')
            .getAll(IDBKeyRange.bound([id, ''], [id, '\uffff']));
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const files: Record<string, string> = {};
            for (const row of read.result as Array<{ path: string; kind: string; content?: Uint8Array }>) {
              if (asBase64) {
                if (row.kind === 'file' && row.content)
                  files[row.path] = btoa(String.fromCharCode(...row.content));
              } else {
                files[row.path] = `${row.kind}:${row.content ? new TextDecoder().decode(row.content) : ''}`;
              }
            }
            request.result.close();
            resolve(files);
          };
        };
      }),
    { id: conversationId, asBase64: encoding === 'base64' },
  );
}

/** Imports a bundle through the sidebar's Import button and its file picker. */
export async function importThroughPicker(page: Page, fileName: string, bytes: Uint8Array): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import bundle' }).click(),
  ]);
  await chooser.setFiles({ name: fileName, mimeType: 'application/zip', buffer: Buffer.from(bytes) });
}

/**
 * Drags a file over the window and drops it, as a person would from the desktop: the
 * drop overlay shows while it is over the page. `beforeDrop` runs while it is shown.
 */
export async function dropFile(
  page: Page,
  fileName: string,
  bytes: Uint8Array,
  beforeDrop: () => Promise<void> = async () => undefined,
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      const type = name.endsWith('.zip') ? 'application/zip' : 'text/plain';
      transfer.items.add(new File([new Uint8Array(content)], name, { type }));
      return transfer;
    },
    { name: fileName, content: [...bytes] },
  );
  const target = page.locator('main');
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await page.locator('.drop-overlay').waitFor();
  await beforeDrop();
  await page.locator('.drop-overlay').dispatchEvent('drop', { dataTransfer });
}

/** The error toasts shown now. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.toast .toast-text').allTextContents();
}

/** The accessible description of an element: the texts its aria-describedby names, in order. */
export function descriptionOf(element: Locator): Promise<string> {
  return element.evaluate((target) =>
    (target.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter((text) => text !== '')
      .join(' '),
  );
}

/** The sidebar's button of one conversation. */
export function conversationButton(page: Page, conversationId: string): Locator {
  return page.locator(`.conversation-button[aria-describedby~="status-${conversationId}"]`);
}

/**
 * Waits for the layout to settle after a change of size or theme: two frames (a transition
 * starts on the frame after its change), then until no CSS transition runs (the sidebar and
 * the Computer sheet slide). A click before then can land where a row was a moment ago.
 */
export async function waitForLayout(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(
    () => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length === 0,
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Screenshots at both widths and in both themes, named `<name>-<width>-<theme>.png`
 * (`prepare` runs before each). Returns the widths at which the page scrolled sideways.
 * Without screenshots (CI) only the light theme is laid out: a theme changes colours, not
 * sizes, and the sideways check is the same in both.
 */
export async function screenshotEverywhere(
  harness: Pick<AppHarness, 'page' | 'screenshot'>,
  name: string,
  prepare: () => Promise<void> = async () => undefined,
): Promise<number[]> {
  const { page } = harness;
  const overflowing: number[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const theme of TAKES_SCREENSHOTS ? (['light', 'dark'] as const) : (['light'] as const)) {
      await page.emulateMedia({ colorScheme: theme });
      await prepare();
      await waitForLayout(page);
      if ((await hasHorizontalScroll(page)) && !overflowing.includes(width)) overflowing.push(width);
      await harness.screenshot(`${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await waitForLayout(page);
  return overflowing;
}

/** True when the page scrolls sideways (something is wider than the viewport). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The agent settings as saved in IndexedDB (the `agent` row of `settings`), as the worker reads them; null before any save. */
export function savedAgentSettings<T = Record<string, unknown>>(page: Page): Promise<T | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('sandpiper');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('settings').objectStore('settings').get('agent');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result?.value ?? null);
          };
        };
      }),
  ) as Promise<T | null>;
}

/**
 * Starts the replay of the open conversation from its menu and pauses it: its controls, how
 * many steps it has, and a way to go to step `n` (waiting until the replay is there).
 */
export async function startPausedReplay(
  page: Page,
): Promise<{ controls: Locator; stepCount: number; goTo(step: number): Promise<void> }> {
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: 'Replay' }).click();
  const controls = page.getByRole('region', { name: 'Replay controls' });
  // It starts playing at 1×, a few seconds to the end: a slow look may find it finished
  // (Play), so Pause is pressed only while it is there.
  const play = controls.getByRole('button', { name: 'Play', exact: true });
  await controls.getByRole('button', { name: 'Pause', exact: true }).or(play).first().waitFor();
  await controls
    .getByRole('button', { name: 'Pause', exact: true })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await play.waitFor();
  const position = controls.locator('.replay-position');
  const stepCount = Number((await position.textContent())?.split(' of ')[1]);
  const goTo = async (step: number) => {
    await controls.getByRole('slider', { name: 'Replay position' }).fill(String(step));
    await expect.poll(() => position.textContent()).toBe(`Step ${step} of ${stepCount}`);
  };
  return { controls, stepCount, goTo };
}

/**
 * Waits for `locator` up to `timeoutMs`; when it does not come, fails saying what the
 * page showed instead (the conversation's last rows and their states), not only that the
 * wait timed out.
 */
export async function waitOrSay(
  page: Page,
  locator: Locator,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const startedAt = Date.now();
  try {
    await locator.waitFor({ timeout: timeoutMs });
  } catch (error) {
    const rows = await page
      .locator('.thread-items > li')
      .evaluateAll((items) =>
        items.slice(-6).map((item) => {
          const state = item.querySelector('[data-status]')?.getAttribute('data-status') ?? '';
          return `${state ? `[${state}] ` : ''}${(item.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}`;
        }),
      )
      .catch(() => [] as string[]);
    const body = await pageBeginning(page, 300);
    throw new Error(
      `${what}: not there after ${Date.now() - startedAt} ms (${String(error).split('\n')[0]}).\nThe conversation's last rows:\n${rows.join('\n') || '(none)'}\nThe page began: ${body}`,
    );
  }
}

/** The page's first `length` characters of text, its white space folded ('' when it cannot be read). */
export async function pageBeginning(page: Page, length: number): Promise<string> {
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  return text.replace(/\s+/g, ' ').slice(0, length);
}
