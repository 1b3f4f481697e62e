/**
 * The shared folder beside the repository (`../shared`): the specification texts
 * (`seeds/`) and upstream llama.cpp's `llama-server` with a synthetic model (`llm/`).
 * Every test that needs it finds it here and, where it is absent, skips with a note that
 * starts with SHARED_SKIP_MARK, which the skip reporter (tests/skip-reporter.ts) counts.
 * `SANDPIPER_SHARED=<folder>` points elsewhere (`SANDPIPER_SHARED=/nonexistent` hides it).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, type TestContext } from 'vitest';

const REPOSITORY = resolve(import.meta.dirname, '..');

/** The folder itself: SANDPIPER_SHARED, else `../shared` next to the repository. */
export const SHARED_FOLDER = process.env.SANDPIPER_SHARED
  ? resolve(process.env.SANDPIPER_SHARED)
  : resolve(REPOSITORY, '../shared');

/** How notes and messages name the folder: `../shared`, or the path SANDPIPER_SHARED gave. */
export const SHARED_LABEL = process.env.SANDPIPER_SHARED
  ? `${SHARED_FOLDER} (SANDPIPER_SHARED)`
  : '../shared';

/** Every skip note for want of the shared folder starts with this. */
export const SHARED_SKIP_MARK = 'needs the shared folder:';

/** Something a test needs from the shared folder: where it is (if found) and how to name it. */
export type SharedNeed = { path: string | undefined; label: string };

/** `relative` under the shared folder (`llm/llama-server`); `path` is undefined when it is absent. */
export function sharedFile(relative: string): SharedNeed {
  const path = join(SHARED_FOLDER, relative);
  return { path: existsSync(path) ? path : undefined, label: `${SHARED_LABEL}/${relative}` };
}

/** The specification text whose name starts with `number` (`000`), in `seeds/`. */
export function sharedSeed(number: string): SharedNeed {
  const folder = join(SHARED_FOLDER, 'seeds');
  const name = existsSync(folder)
    ? readdirSync(folder).find((entry) => entry.startsWith(`${number}_`))
    : undefined;
  return { path: name ? join(folder, name) : undefined, label: `${SHARED_LABEL}/seeds/${number}_*` };
}

/** The skip note naming what is missing of `needs`, or null when nothing is. */
export function sharedSkipNote(needs: readonly SharedNeed[]): string | null {
  const missing = needs.filter((need) => need.path === undefined).map((need) => need.label);
  if (missing.length === 0) return null;
  const what = existsSync(SHARED_FOLDER) ? missing.join(', ') : SHARED_LABEL;
  return `${SHARED_SKIP_MARK} ${what} is absent`;
}

/** Skips the running test, with the counted note, when one of `needs` is absent. */
export function skipWithoutShared(context: TestContext, ...needs: SharedNeed[]): void {
  const note = sharedSkipNote(needs);
  if (note !== null) context.skip(note);
}

/**
 * Called inside a `describe` (or at a file's top level): skips each of its tests, with the
 * counted note, when one of `needs` is absent. Returns whether all are present, so the
 * block's `beforeAll` can do nothing when they are not.
 */
export function skipEachWithoutShared(...needs: SharedNeed[]): boolean {
  const note = sharedSkipNote(needs);
  if (note !== null) beforeEach((context) => context.skip(note));
  return note === null;
}
