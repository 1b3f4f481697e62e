import { createSignal, For, Show } from 'solid-js';
import type { PreviewConsoleEntry } from '@/shared/protocol/preview-browser.ts';
import {
  consoleSummary,
  consoleTone,
  entryLocation,
  type PreviewConsoleStore,
} from '../../state/previews/preview-console-store.ts';
import { Icon, type IconName } from '../shared/icons.tsx';
import './preview-console.css';

/**
 * The preview's console drawer: a toggle with the count of what the page logged (a badge,
 * red with an error, amber with a warning, when there is anything), and the entries with
 * where each came from. Entry text is the page's own: shown as text, never as HTML.
 */
export function PreviewConsole(props: { store: PreviewConsoleStore; onClearStorage?: () => void }) {
  const [isOpen, setOpen] = createSignal(false);
  const count = () => props.store.entries().length;
  const summary = () => consoleSummary(props.store.counts());
  return (
    <section class="preview-console" classList={{ 'is-open': isOpen() }} aria-label="Preview console">
      <div class="preview-console-bar">
        <button
          type="button"
          class="preview-console-toggle"
          aria-expanded={isOpen()}
          onClick={() => setOpen((open) => !open)}
        >
          <Icon name={isOpen() ? 'chevron-down' : 'chevron-right'} size={14} />
          <span>Console</span>
          <Show when={count() > 0} fallback={<span class="preview-console-quiet">{summary()}</span>}>
            <span
              class="preview-console-badge"
              data-tone={consoleTone(props.store.counts())}
              role="status"
              aria-label={summary()}
            >
              {count()}
            </span>
          </Show>
        </button>
        <Show when={isOpen() && props.store.entries().length > 0}>
          <button type="button" class="button small ghost" onClick={() => props.store.clear()}>
            Clear
          </button>
        </Show>
        <Show when={props.onClearStorage}>
          {(clearStorage) => (
            <button
              type="button"
              class="button small ghost"
              title="Forget what this site keeps in this preview (localStorage, cookies, IndexedDB) and reload it"
              onClick={() => clearStorage()()}
            >
              Clear storage
            </button>
          )}
        </Show>
      </div>
      <Show when={isOpen()}>
        <ConsoleEntries entries={props.store.entries()} />
      </Show>
    </section>
  );
}

/** Each level's icon and the word a screen reader hears before the message. */
const LEVELS: Record<PreviewConsoleEntry['level'], { icon: IconName; word: string }> = {
  error: { icon: 'alert', word: 'Error' },
  warning: { icon: 'alert', word: 'Warning' },
  info: { icon: 'info', word: 'Info' },
  log: { icon: 'chevron-right', word: 'Log' },
};

/** Console entries as text, each with where it came from (`notes-app/app.js:12:5`). */
export function ConsoleEntries(props: { entries: readonly PreviewConsoleEntry[] }) {
  return (
    <ol class="preview-console-entries">
      <For each={props.entries} fallback={<li class="preview-console-empty">Nothing logged.</li>}>
        {(entry) => (
          <li data-level={entry.level}>
            <Icon name={LEVELS[entry.level].icon} size={13} />
            <span class="visually-hidden">{LEVELS[entry.level].word}: </span>
            <span class="preview-console-message">{entry.message}</span>
            <Show when={entryLocation(entry)}>
              {(where) => <span class="preview-console-where">{where()}</span>}
            </Show>
          </li>
        )}
      </For>
    </ol>
  );
}
