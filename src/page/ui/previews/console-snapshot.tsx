import { Show } from 'solid-js';
import { consoleCounts, type PreviewConsoleEntry } from '@/shared/protocol/preview-browser.ts';
import { consoleSummary } from '../../state/previews/preview-console-store.ts';
import { ConsoleEntries } from './preview-console.tsx';

/**
 * What a page's console said when the agent looked at it (a `browser` action's meta): the
 * same entries the agent read, each with where it came from, as text.
 */
export function ConsoleSnapshot(props: { entries: readonly PreviewConsoleEntry[] }) {
  const counts = () => consoleCounts(props.entries);
  const summary = () => consoleSummary(counts());
  return (
    <details class="preview-console console-snapshot" open={counts().errors > 0}>
      <summary class="preview-console-bar">
        <span class="preview-console-toggle">
          Console when the agent looked: <span class="preview-console-quiet">{summary()}</span>
        </span>
      </summary>
      <Show when={props.entries.length > 0}>
        <ConsoleEntries entries={props.entries} />
      </Show>
    </details>
  );
}
