import { createMemo, createResource, lazy, Match, Show, Suspense, Switch } from 'solid-js';
import { type AttachmentPreviewKind, firstLines } from '../../../state/thread/attachment-preview-kind.ts';
import { languageForPath } from '../../../state/workspace/file-preview.ts';
import { useApp } from '../../app/app-context.ts';
import { renderMarkdown } from '../../shared/markdown.ts';
import { CodeView } from '../../workspace/code-view.tsx';
import { AudioPreview } from '../../workspace/file-previews.tsx';
import './attachment-preview.css';

const PdfPages = lazy(() => import('./pdf-pages.tsx'));
const TableView = lazy(() => import('./table-view.tsx'));

function InlineImage(props: { bytes: Uint8Array; mime: string; name: string }) {
  const url = createMemo(() =>
    URL.createObjectURL(new Blob([props.bytes as Uint8Array<ArrayBuffer>], { type: props.mime })),
  );
  return (
    <img class="attachment-image" src={url()} alt={props.name} onLoad={() => URL.revokeObjectURL(url())} />
  );
}

function TextPreview(props: { bytes: Uint8Array; path: string; isMarkdown: boolean }) {
  const text = createMemo(() => new TextDecoder().decode(props.bytes));
  const shown = createMemo(() => firstLines(text()));
  return (
    <>
      <Show
        when={props.isMarkdown}
        fallback={
          <CodeView
            text={shown().text}
            lineCount={shown().lineCount}
            language={languageForPath(props.path)}
            markedLine={null}
            label={`Contents of ${props.path}`}
          />
        }
      >
        <div
          class="markdown attachment-markdown"
          innerHTML={renderMarkdown(text(), { isWebContent: true })}
        />
      </Show>
      <Show when={!props.isMarkdown && shown().isCut}>
        <p class="table-size">The first {shown().lineCount} lines; open the file for all.</p>
      </Show>
    </>
  );
}

function Tables(props: { bytes: Uint8Array; path: string }) {
  const [tables] = createResource(
    () => ({ bytes: props.bytes, path: props.path }),
    async ({ bytes, path }) => (await import('./read-table.ts')).readTables(bytes, path),
  );
  return (
    <Show
      when={tables.state !== 'errored'}
      fallback={<p class="view-message">The table could not be read.</p>}
    >
      <Show when={tables.latest} fallback={<p class="view-message">Reading the table…</p>}>
        {(loaded) => <TableView tables={loaded()} />}
      </Show>
    </Show>
  );
}

/**
 * A workspace attachment shown inside the result card, by kind: an image, an audio player,
 * rendered markdown (as web content: raw HTML as text), highlighted code, a PDF's pages, a
 * table. Read from the workspace; nothing is shown when the file is gone.
 */
export function AttachmentPreview(props: {
  kind: Exclude<AttachmentPreviewKind, 'download'>;
  /** Relative to /home/ubuntu. */
  path: string;
  mime: string;
  name: string;
}) {
  const { workspace } = useApp();
  const [file] = createResource(
    () => props.path,
    (path) => workspace.readFile(path).catch(() => null),
  );
  return (
    <Show when={file.latest}>
      {(shown) => (
        <div class="attachment-media" data-preview={props.kind}>
          <Suspense fallback={<p class="view-message">Loading the viewer…</p>}>
            <Switch>
              <Match when={props.kind === 'image'}>
                <InlineImage bytes={shown().content} mime={props.mime} name={props.name} />
              </Match>
              <Match when={props.kind === 'audio'}>
                <AudioPreview bytes={shown().content} mime={props.mime} name={props.name} />
              </Match>
              <Match when={props.kind === 'markdown' || props.kind === 'code'}>
                <TextPreview
                  bytes={shown().content}
                  path={props.path}
                  isMarkdown={props.kind === 'markdown'}
                />
              </Match>
              <Match when={props.kind === 'pdf'}>
                <PdfPages bytes={shown().content} name={props.name} />
              </Match>
              <Match when={props.kind === 'table'}>
                <Tables bytes={shown().content} path={props.path} />
              </Match>
            </Switch>
          </Suspense>
        </div>
      )}
    </Show>
  );
}
