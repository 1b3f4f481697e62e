import { createMemo, Show } from 'solid-js';
import { languageForPath } from '../../state/workspace/file-preview.ts';
import type { IncomingWrite } from '../../state/workspace/incoming-write.ts';
import { CodeView } from './code-view.tsx';

/**
 * The text a running action is writing into `path`, shown until the file lands in the
 * workspace (then the file view shows the file itself). Shown as code (a text node or
 * highlight.js's escaped HTML, never as markup), whatever the file is.
 */
export function IncomingWriteView(props: { write: IncomingWrite; path: string }) {
  const lineCount = createMemo(() => {
    const { text } = props.write;
    if (text === '') return 0;
    const lines = text.split('\n').length;
    return text.endsWith('\n') ? lines - 1 : lines;
  });
  return (
    <>
      <p class="view-note incoming-write-note" role="status">
        {props.write.mode === 'append' ? 'Appending to' : 'Writing'} {props.path}: the file shows here once it
        is saved.
      </p>
      <CodeView
        text={props.write.text}
        lineCount={lineCount()}
        language={languageForPath(props.path)}
        markedLine={null}
        label={`Text being written to ${props.path}`}
      />
      <Show when={props.write.omitted > 0}>
        <p class="view-note">
          The first {props.write.text.length.toLocaleString()} characters;{' '}
          {props.write.omitted.toLocaleString()} more arrive with the file.
        </p>
      </Show>
    </>
  );
}
