import { createMemo, Show } from 'solid-js';
import { shellSessionOf, shellTranscript, transcriptText } from '@/page/state/computer/shell-transcript.ts';
import { type ActionItem, actionItems } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { useApp } from '../../app/app-context.ts';
import { TerminalView } from '../terminal.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/**
 * A shell action in a terminal: the transcript of its session up to this action, with the
 * running action's output appended live as it streams.
 */
export function ShellView(props: { item: ActionItem }) {
  const { thread, toolOutput } = useApp();
  const session = () => shellSessionOf(props.item) ?? 'main';
  const entries = createMemo(() =>
    shellTranscript(actionItems(thread.state.thread), props.item.uuid, toolOutput.outputOf),
  );
  const exitCode = () => readToolMeta('shell', props.item.meta).exit_code ?? null;

  return (
    <div class="shell-view">
      <div class="view-toolbar">
        <span class="session-name">
          Session <strong>{session()}</strong>
        </span>
        <span class="view-toolbar-note">
          {entries().length} step{entries().length === 1 ? '' : 's'} in this session so far
        </span>
        <Show when={exitCode() !== null}>
          <span class="exit-code" classList={{ 'is-failure': exitCode() !== 0 }}>
            exit {exitCode()}
          </span>
        </Show>
      </div>
      <TerminalView text={transcriptText(entries())} label={`Terminal output, session ${session()}`} />
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Terminal',
  component: ShellView,
  kinds: { shell: 'shell' },
};
