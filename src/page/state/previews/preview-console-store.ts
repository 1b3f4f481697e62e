import { createSignal } from 'solid-js';
import {
  consoleCounts,
  type PreviewConsoleCounts,
  type PreviewConsoleEntry,
} from '@/shared/protocol/preview-browser.ts';

/** Most entries a drawer keeps (the oldest go first). */
const KEPT_ENTRIES = 200;

/**
 * What one preview frame's console said since its page last started: the drawer's list
 * and the badge's counts (every entry listed is counted). A reload or navigation in the
 * frame starts it afresh.
 */
export function createPreviewConsoleStore() {
  const [entries, setEntries] = createSignal<readonly PreviewConsoleEntry[]>([]);
  return {
    entries,
    /** How many entries are errors, warnings and other messages. */
    counts: (): PreviewConsoleCounts => consoleCounts(entries()),
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

/** What a console holds, in words: `1 error, 2 warnings, 3 messages`, or `nothing logged`. */
export function consoleSummary({ errors, warnings, messages }: PreviewConsoleCounts): string {
  const counted = (count: number, word: string) =>
    count > 0 ? `${count} ${word}${count === 1 ? '' : 's'}` : null;
  const parts = [counted(errors, 'error'), counted(warnings, 'warning'), counted(messages, 'message')];
  return parts.filter(Boolean).join(', ') || 'nothing logged';
}

/** How loud a console's badge is: the loudest level it holds. */
export function consoleTone({ errors, warnings }: PreviewConsoleCounts): 'error' | 'warning' | 'quiet' {
  return errors > 0 ? 'error' : warnings > 0 ? 'warning' : 'quiet';
}
