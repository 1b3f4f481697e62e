import { createMemo, createSignal, Match, onCleanup, Show, Switch } from 'solid-js';
import { baseName } from '../../protocol/workspace.ts';
import { type FilePreview, MAX_PREVIEW_BYTES, mimeForPath } from '../../state/workspace/file-preview.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { CodeView } from './code-view.tsx';

type TextPreview = Extract<FilePreview, { kind: 'text' }>;

/** Images this small are scaled up (without smoothing) so they can be seen. */
const SMALL_IMAGE_PX = 64;

function ImagePreview(props: { bytes: Uint8Array; mime: string; name: string }) {
  const [size, setSize] = createSignal<{ width: number; height: number } | null>(null);
  const url = createMemo(() => {
    const objectUrl = URL.createObjectURL(
      new Blob([props.bytes as Uint8Array<ArrayBuffer>], { type: props.mime }),
    );
    onCleanup(() => URL.revokeObjectURL(objectUrl));
    return objectUrl;
  });
  const isSmall = () => {
    const shown = size();
    return shown !== null && Math.max(shown.width, shown.height) <= SMALL_IMAGE_PX;
  };
  return (
    <>
      <div class="image-preview">
        <img
          src={url()}
          alt={props.name}
          classList={{ 'is-small': isSmall() }}
          onLoad={(event) =>
            setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
      </div>
      <Show when={size()}>
        {(shown) => (
          <p class="image-size">
            {shown().width} × {shown().height} px
          </p>
        )}
      </Show>
    </>
  );
}

/** HTML is shown as source; its preview runs in an iframe sandboxed without scripts or origin. */
function HtmlPreview(props: { preview: TextPreview; path: string; line: number | null }) {
  const [isRendered, setRendered] = createSignal(false);
  return (
    <>
      <div class="view-toolbar">
        <fieldset class="segmented">
          <legend class="visually-hidden">Show HTML as</legend>
          <button type="button" aria-pressed={!isRendered()} onClick={() => setRendered(false)}>
            Source
          </button>
          <button type="button" aria-pressed={isRendered()} onClick={() => setRendered(true)}>
            Preview
          </button>
        </fieldset>
        <span class="view-toolbar-note">Preview runs sandboxed: no scripts, no access to this app.</span>
      </div>
      <Show
        when={isRendered()}
        fallback={
          <CodeView
            text={props.preview.text}
            lineCount={props.preview.lineCount}
            language={props.preview.language}
            markedLine={props.line}
            label={`Contents of ${props.path}`}
          />
        }
      >
        <iframe
          class="html-preview"
          sandbox=""
          srcdoc={props.preview.text}
          title={`Preview of ${props.path}`}
        />
      </Show>
    </>
  );
}

/** A file's bytes as the preview says: code, an image, sandboxed HTML, or a note for binary files. */
export function PreviewBody(props: {
  preview: FilePreview;
  bytes: Uint8Array;
  path: string;
  line: number | null;
}) {
  return (
    <Switch>
      <Match when={props.preview.kind === 'text' ? (props.preview as TextPreview) : null}>
        {(text) => (
          <>
            <Show when={text().isTruncated}>
              <p class="view-note">
                Showing the first {formatBytes(MAX_PREVIEW_BYTES)} of {formatBytes(text().totalBytes)}.
                Download the file to see all of it.
              </p>
            </Show>
            <Show
              when={text().isHtml}
              fallback={
                <CodeView
                  text={text().text}
                  lineCount={text().lineCount}
                  language={text().language}
                  markedLine={props.line}
                  label={`Contents of ${props.path}`}
                />
              }
            >
              <HtmlPreview preview={text()} path={props.path} line={props.line} />
            </Show>
          </>
        )}
      </Match>
      <Match when={props.preview.kind === 'image'}>
        <ImagePreview bytes={props.bytes} mime={mimeForPath(props.path)} name={baseName(props.path)} />
      </Match>
      <Match when={props.preview.kind === 'binary'}>
        <div class="view-message">
          <Icon name="document" size={22} />
          <p>
            A binary file ({mimeForPath(props.path)}, {formatBytes(props.preview.totalBytes)}): it cannot be
            shown as text. Download it to open it on your device.
          </p>
        </div>
      </Match>
    </Switch>
  );
}
