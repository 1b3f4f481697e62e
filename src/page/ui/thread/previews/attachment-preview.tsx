import { createMemo, createResource, lazy, Match, Show, Suspense, Switch } from 'solid-js';
import { attachmentContentKind, firstLines } from '@/page/state/thread/attachment-preview-kind.ts';
import { languageForPath } from '@/page/state/workspace/file-preview.ts';
import { mimeFromBytes } from '@/shared/protocol/mime-types.ts';
import { useApp } from '../../app/app-context.ts';
import { renderMarkdown } from '../../shared/markdown.ts';
import { CodeView } from '../../workspace/code-view.tsx';
import { AudioPreview, VideoPreview } from '../../workspace/file-previews.tsx';
import './attachment-preview.css';

// The same lazy chunk as the Files tab's PDF view.
const PdfPages = lazy(() => import('../../workspace/pdf-pages.tsx'));
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
 * A workspace attachment shown inside the result card, by what its bytes are (else its
 * type and name): an image, an audio or video player, rendered markdown (as web content:
 * raw HTML as text), highlighted code, a PDF's pages, a table. Read from the workspace;
 * nothing is shown when the file is gone or is none of these.
 */
export function AttachmentPreview(props: {
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
  const shown = createMemo(() => {
    const read = file.latest;
    if (!read) return null;
    const kind = attachmentContentKind(read.content, props.mime, props.path);
    return kind === 'download'
      ? null
      : { kind, bytes: read.content, mime: mimeFromBytes(read.content) ?? props.mime };
  });
  return (
    <Show when={shown()}>
      {(preview) => (
        <div class="attachment-media" data-preview={preview().kind}>
          <Suspense fallback={<p class="view-message">Loading the viewer…</p>}>
            <Switch>
              <Match when={preview().kind === 'image'}>
                <InlineImage bytes={preview().bytes} mime={preview().mime} name={props.name} />
              </Match>
              <Match when={preview().kind === 'audio'}>
                <AudioPreview bytes={preview().bytes} mime={preview().mime} name={props.name} />
              </Match>
              <Match when={preview().kind === 'video'}>
                <VideoPreview bytes={preview().bytes} mime={preview().mime} name={props.name} />
              </Match>
              <Match when={preview().kind === 'markdown' || preview().kind === 'code'}>
                <TextPreview
                  bytes={preview().bytes}
                  path={props.path}
                  isMarkdown={preview().kind === 'markdown'}
                />
              </Match>
              <Match when={preview().kind === 'pdf'}>
                <PdfPages bytes={preview().bytes} name={props.name} />
              </Match>
              <Match when={preview().kind === 'table'}>
                <Tables bytes={preview().bytes} path={props.path} />
              </Match>
            </Switch>
          </Suspense>
        </div>
      )}
    </Show>
  );
}
