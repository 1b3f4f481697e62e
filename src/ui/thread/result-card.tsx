import { createMemo, createResource, For, Match, onCleanup, Show, Switch } from 'solid-js';
import type { ViewerTarget } from '../../state/app/ui-store.ts';
import {
  type AttachmentView,
  attachmentView,
  type KnownDeliverables,
  knownDeliverables,
} from '../../state/thread/attachment-view.ts';
import { type ActionItem, type Attachment, actionItems } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { formatTime } from '../shared/format.ts';
import { Icon, mimeIcon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { AudioPreview } from '../workspace/file-previews.tsx';
import { IgnoredCalls } from './action-row.tsx';

/** The app's scope, where the service worker serves `preview/`. */
const APP_BASE = new URL(import.meta.env.BASE_URL, window.location.origin);

/** What the card says about where an attachment opens. */
const WHERE: Record<AttachmentView['kind'], string> = {
  deck: 'deck',
  site: 'site preview',
  file: 'in workspace',
  link: 'link',
  none: 'not in the workspace',
};

/**
 * The attachment's name, which opens it in the right viewer: a deck in the deck viewer, a
 * site in the preview, a workspace file in the Files tab, a web link in a new tab.
 */
function AttachmentName(props: { attachment: Attachment; view: AttachmentView }) {
  const { ui } = useApp();
  return (
    <Switch fallback={<span class="attachment-name">{props.attachment.name}</span>}>
      <Match when={props.view.kind === 'link' ? props.view : null}>
        {(link) => (
          <a class="attachment-name" href={link().url} target="_blank" rel="noopener noreferrer">
            {props.attachment.name}
          </a>
        )}
      </Match>
      <Match when={props.view.kind === 'deck' || props.view.kind === 'site' ? props.view : null}>
        {(target) => (
          <button
            type="button"
            class="attachment-name attachment-open"
            title={target().kind === 'deck' ? 'Open the deck in the viewer' : 'Open the site in the preview'}
            onClick={() => ui.openViewer({ ...(target() as ViewerTarget), title: props.attachment.name })}
          >
            {props.attachment.name}
          </button>
        )}
      </Match>
      <Match when={props.view.kind === 'file' ? props.view : null}>
        {(file) => (
          <button
            type="button"
            class="attachment-name attachment-open"
            title={`Open ${file().path} in the Files tab`}
            onClick={() => ui.openFile(file().path)}
          >
            {props.attachment.name}
          </button>
        )}
      </Match>
    </Switch>
  );
}

/** An image or audio attachment shown in the card itself (read from the workspace; nothing if it is gone). */
function AttachmentMedia(props: { path: string; mime: string; name: string }) {
  const { workspace } = useApp();
  const [file] = createResource(
    () => props.path,
    (path) => workspace.readFile(path).catch(() => null),
  );
  return (
    <Show when={file.latest}>
      {(shown) => (
        <div class="attachment-media">
          <Show
            when={props.mime.startsWith('image/')}
            fallback={<AudioPreview bytes={shown().content} mime={props.mime} name={props.name} />}
          >
            <InlineImage bytes={shown().content} mime={props.mime} name={props.name} />
          </Show>
        </div>
      )}
    </Show>
  );
}

function InlineImage(props: { bytes: Uint8Array; mime: string; name: string }) {
  const url = createMemo(() => {
    const objectUrl = URL.createObjectURL(
      new Blob([props.bytes as Uint8Array<ArrayBuffer>], { type: props.mime }),
    );
    onCleanup(() => URL.revokeObjectURL(objectUrl));
    return objectUrl;
  });
  return <img class="attachment-image" src={url()} alt={props.name} />;
}

function AttachmentCard(props: { attachment: Attachment; known: KnownDeliverables }) {
  const { conversations } = useApp();
  const view = createMemo(() =>
    attachmentView(props.attachment, props.known, conversations.selectedId() ?? '', APP_BASE),
  );
  const mediaMime = () => {
    const mime = props.attachment.mime;
    return mime.startsWith('image/') || mime.startsWith('audio/') ? mime : null;
  };
  return (
    <li class="attachment-card" data-mime={props.attachment.mime} data-opens={view().kind}>
      <span class="attachment-icon">
        <Icon name={view().kind === 'deck' ? 'slides' : mimeIcon(props.attachment.mime)} size={18} />
      </span>
      <span class="attachment-body">
        <AttachmentName attachment={props.attachment} view={view()} />
        <span class="attachment-meta">
          <span class="attachment-path" title={props.attachment.path}>
            {props.attachment.path}
          </span>
          <span class="attachment-where">{WHERE[view().kind]}</span>
        </span>
      </span>
      <Show when={view().kind === 'file' ? view() : null}>
        {(file) => (
          <Show when={mediaMime()}>
            {(mime) => (
              <AttachmentMedia
                path={(file() as { path: string }).path}
                mime={mime()}
                name={props.attachment.name}
              />
            )}
          </Show>
        )}
      </Show>
    </li>
  );
}

/** The task's result: rendered markdown and its attachments, in the order the agent gave them. */
export function ResultCard(props: { item: ActionItem }) {
  const { thread } = useApp();
  const known = createMemo(() => knownDeliverables(actionItems(thread.state.thread)));
  return (
    <li class="thread-item">
      <article
        class="result-card"
        data-action-type={props.item.actionType}
        data-status={props.item.status}
        aria-label="Result"
      >
        <header class="card-header">
          <Icon class="card-icon" name="check" />
          <span class="card-title">Result</span>
          <span class="card-time">{props.item.endedAt ? formatTime(props.item.endedAt) : ''}</span>
        </header>
        <div class="markdown" innerHTML={renderMarkdown(props.item.content)} />
        <Show when={props.item.attachments.length > 0}>
          <ul class="attachments" aria-label="Attachments">
            <For each={props.item.attachments}>
              {(attachment) => <AttachmentCard attachment={attachment} known={known()} />}
            </For>
          </ul>
        </Show>
        <IgnoredCalls names={props.item.ignoredToolCalls} />
      </article>
    </li>
  );
}
