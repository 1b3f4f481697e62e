import { createSignal } from 'solid-js';
import type { PreviewConsoleEntry } from '../../protocol/preview-browser.ts';

/** Most entries a drawer keeps (the oldest go first). */
const KEPT_ENTRIES = 200;

/**
 * What one preview frame's console said since its page last started: the drawer's list
 * and the badge's counts. A reload or navigation in the frame starts it afresh.
 */
export function createPreviewConsoleStore() {
  const [entries, setEntries] = createSignal<readonly PreviewConsoleEntry[]>([]);
  return {
    entries,
    errors: () => entries().filter((entry) => entry.level === 'error').length,
    warnings: () => entries().filter((entry) => entry.level === 'warning').length,
    add(entry: PreviewConsoleEntry): void {
      setEntries((current) => [...current, entry].slice(-KEPT_ENTRIES));
    },
    clear(): void {
      setEntries([]);
    },
  };
}
export type PreviewConsoleStore = ReturnType<typeof createPreviewConsoleStore>;

/** Where an entry came from, as a person reads it: `notes-app/app.js:12:5`. */
export function entryLocation(entry: PreviewConsoleEntry): string | null {
  if (!entry.source) return null;
  const line =
    entry.line === undefined ? '' : `:${entry.line}${entry.column === undefined ? '' : `:${entry.column}`}`;
  return `${entry.source}${line}`;
}

/** How many errors and warnings, in words: `1 error, 2 warnings`, or `no errors or warnings`. */
export function consoleSummary(errors: number, warnings: number): string {
  if (errors + warnings === 0) return 'no errors or warnings';
  const counted = (count: number, word: string) =>
    count > 0 ? `${count} ${word}${count === 1 ? '' : 's'}` : null;
  return [counted(errors, 'error'), counted(warnings, 'warning')].filter(Boolean).join(', ');
}
