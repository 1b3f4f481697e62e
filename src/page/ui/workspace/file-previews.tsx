import { createMemo, createSignal, Index, lazy, Match, onCleanup, Show, Suspense, Switch } from 'solid-js';
import { baseName } from '@/shared/protocol/workspace.ts';
import { type FilePreview, MAX_PREVIEW_BYTES } from '../../state/workspace/file-preview.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { CodeView } from './code-view.tsx';

type TextPreview = Extract<FilePreview, { kind: 'text' }>;

/** pdf.js loads with the first PDF shown, not with the app. */
const PdfPages = lazy(() => import('./pdf-pages.tsx'));

/** Images this small are scaled up (without smoothing) so they can be seen. */
const SMALL_IMAGE_PX = 64;

export function ImagePreview(props: { bytes: Uint8Array; mime: string; name: string }) {
  const [size, setSize] = createSignal<{ width: number; height: number } | null>(null);
  const url = createMemo(() => objectUrlOf(props.bytes, props.mime));
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

/** A blob URL of `bytes` typed `mime`, revoked when the owner goes. */
export function objectUrlOf(bytes: Uint8Array, mime: string): string {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
  onCleanup(() => URL.revokeObjectURL(url));
  return url;
}

/** Audio plays in the browser's own player (nothing of the file runs). */
export function AudioPreview(props: { bytes: Uint8Array; mime: string; name: string }) {
  const url = createMemo(() => objectUrlOf(props.bytes, props.mime));
  return (
    <div class="audio-preview">
      {/* biome-ignore lint/a11y/useMediaCaption: a workspace file carries no captions; generated speech shows its text beside the player. */}
      <audio controls preload="metadata" src={url()} aria-label={`Play ${props.name}`} />
    </div>
  );
}

/** Video plays in the browser's own player, fitted to the view. */
export function VideoPreview(props: { bytes: Uint8Array; mime: string; name: string }) {
  const url = createMemo(() => objectUrlOf(props.bytes, props.mime));
  return (
    <div class="video-preview">
      {/* biome-ignore lint/a11y/useMediaCaption: a workspace file carries no caption track. */}
      <video controls preload="metadata" src={url()} aria-label={`Play ${props.name}`} />
    </div>
  );
}

/** A toolbar of pressed/unpressed buttons choosing how a file is shown. */
function ShowAs(props: {
  what: string;
  choices: { label: string; isOn: boolean; choose: () => void }[];
  note?: string;
}) {
  return (
    <div class="view-toolbar">
      <fieldset class="segmented">
        <legend class="visually-hidden">Show {props.what} as</legend>
        <Index each={props.choices}>
          {(choice) => (
            <button type="button" aria-pressed={choice().isOn} onClick={() => choice().choose()}>
              {choice().label}
            </button>
          )}
        </Index>
      </fieldset>
      <Show when={props.note}>{(note) => <span class="view-toolbar-note">{note()}</span>}</Show>
    </div>
  );
}

/**
 * Markdown is shown rendered, its source a click away. A workspace file may be a page saved
 * from the web, so it is rendered as web content: raw HTML shown as text, only http(s) links.
 */
function MarkdownPreview(props: {
  preview: TextPreview;
  path: string;
  line: number | null;
  prefersSource: boolean;
}) {
  const [isSource, setSource] = createSignal(props.prefersSource || props.line !== null);
  return (
    <>
      <ShowAs
        what="markdown"
        choices={[
          { label: 'Rendered', isOn: !isSource(), choose: () => setSource(false) },
          { label: 'Source', isOn: isSource(), choose: () => setSource(true) },
        ]}
      />
      <Show
        when={isSource()}
        fallback={
          <div
            class="markdown markdown-preview"
            innerHTML={renderMarkdown(props.preview.text, { isWebContent: true, headingLevel: 4 })}
          />
        }
      >
        <CodeView
          text={props.preview.text}
          lineCount={props.preview.lineCount}
          language={props.preview.language}
          markedLine={props.line}
          label={`Contents of ${props.path}`}
        />
      </Show>
    </>
  );
}

/** HTML is shown as source; its preview runs in an iframe sandboxed without scripts or origin. */
function HtmlPreview(props: { preview: TextPreview; path: string; line: number | null }) {
  const [isRendered, setRendered] = createSignal(false);
  return (
    <>
      <ShowAs
        what="HTML"
        choices={[
          { label: 'Source', isOn: !isRendered(), choose: () => setRendered(false) },
          { label: 'Preview', isOn: isRendered(), choose: () => setRendered(true) },
        ]}
        note="Preview runs sandboxed: no scripts, no access to this app."
      />
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

/**
 * A file's bytes as the preview says: code, rendered markdown, sandboxed HTML, an image,
 * audio, video, a PDF's pages, or a note for binary files.
 */
export function PreviewBody(props: {
  preview: FilePreview;
  bytes: Uint8Array;
  path: string;
  line: number | null;
  /** Markdown as its source first (an editing action's view), not rendered. */
  prefersSource?: boolean;
}) {
  const mime = () => (props.preview.kind === 'text' ? 'text/plain' : props.preview.mime);
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
            <Switch
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
              <Match when={text().isHtml}>
                <HtmlPreview preview={text()} path={props.path} line={props.line} />
              </Match>
              <Match when={text().isMarkdown}>
                <MarkdownPreview
                  preview={text()}
                  path={props.path}
                  line={props.line}
                  prefersSource={props.prefersSource ?? false}
                />
              </Match>
            </Switch>
          </>
        )}
      </Match>
      <Match when={props.preview.kind === 'image'}>
        <ImagePreview bytes={props.bytes} mime={mime()} name={baseName(props.path)} />
      </Match>
      <Match when={props.preview.kind === 'audio'}>
        <AudioPreview bytes={props.bytes} mime={mime()} name={baseName(props.path)} />
      </Match>
      <Match when={props.preview.kind === 'video'}>
        <VideoPreview bytes={props.bytes} mime={mime()} name={baseName(props.path)} />
      </Match>
      <Match when={props.preview.kind === 'pdf'}>
        <Suspense fallback={<p class="view-message">Loading the PDF viewer…</p>}>
          <PdfPages bytes={props.bytes} name={baseName(props.path)} />
        </Suspense>
      </Match>
      <Match when={props.preview.kind === 'binary'}>
        <div class="view-message">
          <Icon name="document" size={22} />
          <p>
            A binary file ({mime()}, {formatBytes(props.preview.totalBytes)}): it cannot be shown as text.
            Download it to open it on your device.
          </p>
        </div>
      </Match>
    </Switch>
  );
}
