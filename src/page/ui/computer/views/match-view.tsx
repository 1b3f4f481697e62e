import { createMemo, For, Show } from 'solid-js';
import {
  type LineMatch,
  matchReport,
  matchSegments,
  type ResultLine,
  resultBlocks,
} from '@/page/state/computer/match-results.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { workspacePathOf } from '@/shared/protocol/workspace.ts';
import { useApp } from '../../app/app-context.ts';
import { Icon } from '../../shared/icons.tsx';
import { moveRovingFocus } from '../../shared/roving-focus.ts';
import type { StepViewEntry } from './step-view-entry.ts';

function ResultLineView(props: { line: ResultLine; pattern: string | null }) {
  return (
    <span class="match-line" classList={{ 'is-match': props.line.isMatch }}>
      <span class="match-number">{props.line.number}</span>
      <span class="match-text">
        <Show when={props.line.isMatch} fallback={props.line.text || ' '}>
          <For each={matchSegments(props.line.text, props.pattern)}>
            {(segment) => (segment.isMatch ? <mark>{segment.text}</mark> : segment.text)}
          </For>
        </Show>
      </span>
    </span>
  );
}

function MatchButton(props: {
  match: LineMatch;
  lines: ResultLine[];
  path: string | null;
  pattern: string | null;
  isFirst: boolean;
}) {
  const { ui } = useApp();
  return (
    <li>
      <button
        type="button"
        class="match-result"
        data-roving
        tabIndex={props.isFirst ? 0 : -1}
        disabled={props.path === null}
        aria-label={`Line ${props.match.line}: ${props.match.match.trim()}`}
        onClick={() => props.path !== null && ui.openFile(props.path, props.match.line)}
      >
        <For each={props.lines}>{(line) => <ResultLineView line={line} pattern={props.pattern} />}</For>
      </button>
    </li>
  );
}

/**
 * A match action's results (seed 001 §3.5): each file with its matches in context, the
 * matching line tinted and the hit marked. A result opens the file at that line; Up/Down
 * move between results. A `glob` lists the files it found.
 */
export function MatchView(props: { item: ActionItem }) {
  const { ui } = useApp();
  const report = createMemo(() => matchReport(props.item.meta));
  const pattern = () =>
    typeof props.item.callArguments.regex === 'string' ? props.item.callArguments.regex : null;
  // Seed 001 names match meta's actions: a glob lists files, a grep (any other) lists matches.
  const isGlob = () => props.item.actionType.endsWith('.glob');
  const firstWithMatches = () => report().results.findIndex((file) => file.matches.length > 0);

  return (
    <div class="match-view">
      <div class="view-toolbar">
        <span class="view-toolbar-note">
          {isGlob()
            ? `${report().results.length} file${report().results.length === 1 ? '' : 's'}`
            : `${report().matchCount} match${report().matchCount === 1 ? '' : 'es'} in ${report().results.length} file${report().results.length === 1 ? '' : 's'}`}
          {report().isTruncated ? ' (only the first are listed)' : ''}
          {report().skippedBinary + report().skippedTooLarge > 0
            ? ` · skipped ${report().skippedBinary} binary and ${report().skippedTooLarge} large`
            : ''}
        </span>
      </div>
      <Show
        when={report().results.length > 0}
        fallback={
          <p class="view-message">
            {props.item.status === 'running' ? 'Searching…' : isGlob() ? 'No files matched.' : 'No matches.'}
          </p>
        }
      >
        <ul
          class="match-files"
          aria-label={isGlob() ? 'Files found' : 'Search results'}
          onKeyDown={(event) => moveRovingFocus(event.currentTarget, event)}
        >
          <For each={report().results}>
            {(file, fileIndex) => {
              const relative = workspacePathOf(file.path);
              const blocks = resultBlocks(file.matches);
              return (
                <li class="match-file">
                  <Show
                    when={!isGlob()}
                    fallback={
                      <button
                        type="button"
                        class="match-file-link"
                        data-roving
                        tabIndex={fileIndex() === 0 ? 0 : -1}
                        disabled={relative === null}
                        onClick={() => relative !== null && ui.openFile(relative)}
                      >
                        <Icon name="file" size={14} />
                        <span>{relative ?? file.path}</span>
                      </button>
                    }
                  >
                    <h4 class="match-file-path">
                      <Icon name="file" size={14} />
                      <span>{relative ?? file.path}</span>
                      <span class="match-file-count">{file.matches.length}</span>
                    </h4>
                    <ul class="match-list">
                      <For each={file.matches}>
                        {(match, matchIndex) => (
                          <MatchButton
                            match={match}
                            lines={blocks[matchIndex()] ?? []}
                            path={relative}
                            pattern={pattern()}
                            isFirst={fileIndex() === firstWithMatches() && matchIndex() === 0}
                          />
                        )}
                      </For>
                    </ul>
                  </Show>
                </li>
              );
            }}
          </For>
        </ul>
      </Show>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Results',
  component: MatchView,
  kinds: { match: 'match' },
};
