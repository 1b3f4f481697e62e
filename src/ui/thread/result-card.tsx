import { createMemo, For, Match, Show, Switch } from 'solid-js';
import { baseName } from '../../protocol/workspace.ts';
import type { ViewerTarget } from '../../state/app/ui-store.ts';
import { mayPreviewAttachment } from '../../state/thread/attachment-preview-kind.ts';
import {
  type AttachmentView,
  attachmentView,
  type KnownDeliverables,
} from '../../state/thread/attachment-view.ts';
import type { ActionItem, Attachment } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { formatTime } from '../shared/format.ts';
import { Icon, mimeIcon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { IgnoredCalls } from './action-row.tsx';
import { AttachmentPreview } from './previews/attachment-preview.tsx';

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

/** Saves a workspace attachment through the browser's download. */
function DownloadButton(props: { path: string; name: string; mime: string }) {
  const { workspace, toasts } = useApp();
  async function download(): Promise<void> {
    const file = await workspace.readFile(props.path).catch(() => null);
    if (file) downloadBytes(file.content, baseName(props.path), props.mime);
    else toasts.show(`${props.path} is no longer in the workspace.`);
  }
  return (
    <button
      type="button"
      class="icon-button attachment-download"
      aria-label={`Download ${props.name}`}
      title="Download"
      onClick={() => void download()}
    >
      <Icon name="download" size={16} />
    </button>
  );
}

function AttachmentCard(props: { attachment: Attachment; known: KnownDeliverables }) {
  const { conversations } = useApp();
  const view = createMemo(() =>
    attachmentView(props.attachment, props.known, conversations.selectedId() ?? '', APP_BASE),
  );
  const file = () => {
    const shown = view();
    return shown.kind === 'file' ? shown : null;
  };
  const previewPath = () => {
    const shown = file();
    return shown && mayPreviewAttachment(props.attachment.mime, shown.path) ? shown.path : null;
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
      <Show when={file()}>
        {(shown) => (
          <DownloadButton path={shown().path} name={props.attachment.name} mime={props.attachment.mime} />
        )}
      </Show>
      <Show when={previewPath()}>
        {(path) => (
          <AttachmentPreview path={path()} mime={props.attachment.mime} name={props.attachment.name} />
        )}
      </Show>
    </li>
  );
}

/** The task's result: rendered markdown and its attachments, in the order the agent gave them. */
export function ResultCard(props: { item: ActionItem }) {
  const { thread } = useApp();
  const known = thread.knownDeliverables;
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
