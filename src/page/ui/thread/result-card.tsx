import { createMemo, createResource, Index, Match, Show, Switch } from 'solid-js';
import { mayPreviewAttachment } from '../../state/thread/attachment-preview-kind.ts';
import { type AttachmentView, attachmentView } from '../../state/thread/attachment-view.ts';
import {
  type DeliverableNaming,
  deliverableNames,
  deliverablePage,
  documentTitle,
} from '../../state/thread/deliverable-names.ts';
import type { ActionItem, Attachment } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { formatTime } from '../shared/format.ts';
import { Icon, mimeIcon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { IgnoredCalls } from './action-row.tsx';
import { DeliverableDownload } from './deliverable-download.tsx';
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
function AttachmentName(props: {
  label: string;
  view: AttachmentView;
  naming: DeliverableNaming;
  attachment: Attachment;
}) {
  const { ui } = useApp();
  return (
    <Switch fallback={<span class="attachment-name">{props.label}</span>}>
      <Match when={props.view.kind === 'link' ? props.view : null}>
        {(link) => (
          <a class="attachment-name" href={link().url} target="_blank" rel="noopener noreferrer">
            {props.label}
          </a>
        )}
      </Match>
      <Match when={props.view.kind === 'deck' || props.view.kind === 'site' ? props.view : null}>
        {(target) => (
          <button
            type="button"
            class="attachment-name attachment-open"
            title={target().kind === 'deck' ? 'Open the deck in the viewer' : 'Open the site in the preview'}
            onClick={() =>
              ui.openViewer({
                ...(target() as Extract<AttachmentView, { kind: 'deck' | 'site' }>),
                title: props.label,
                attachment: props.attachment,
                downloadName: props.naming.download?.fileName,
              })
            }
          >
            {props.label}
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
            {props.label}
          </button>
        )}
      </Match>
    </Switch>
  );
}

function AttachmentCard(props: { attachment: Attachment; view: AttachmentView; naming: DeliverableNaming }) {
  const previewPath = () => {
    const view = props.view;
    return view.kind === 'file' && mayPreviewAttachment(props.attachment.mime, view.path) ? view.path : null;
  };
  return (
    <li class="attachment-card" data-mime={props.attachment.mime} data-opens={props.view.kind}>
      <span class="attachment-icon">
        <Icon name={props.view.kind === 'deck' ? 'slides' : mimeIcon(props.attachment.mime)} size={18} />
      </span>
      <span class="attachment-body">
        <AttachmentName
          label={props.naming.label}
          view={props.view}
          naming={props.naming}
          attachment={props.attachment}
        />
        <span class="attachment-meta">
          <span class="attachment-path" title={props.attachment.path}>
            {props.attachment.path}
          </span>
          <span class="attachment-where">{WHERE[props.view.kind]}</span>
        </span>
      </span>
      <Show when={props.naming.download}>
        {(download) => (
          <DeliverableDownload
            download={download()}
            label={props.naming.label}
            mime={props.attachment.mime}
          />
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

/**
 * A result's attachments in the order given: where each opens, decks and sites named after
 * their pages' titles (once read), and every download under a file name of its own.
 */
export function AttachmentCards(props: { attachments: readonly Attachment[] }) {
  const { conversations, thread, workspace } = useApp();
  const views = createMemo(() =>
    props.attachments.map((attachment) =>
      attachmentView(attachment, thread.knownDeliverables(), conversations.selectedId() ?? '', APP_BASE),
    ),
  );
  // Read again when the workspace changes (a later step, a rewind): a card says what its page says now.
  const [titles] = createResource(
    () => ({ list: views(), change: workspace.changeCount() }),
    ({ list }) =>
      Promise.all(
        list.map(async (view) => {
          const page = deliverablePage(view);
          const file = page === null ? null : await workspace.readFile(page).catch(() => null);
          return file ? documentTitle(new TextDecoder().decode(file.content)) : null;
        }),
      ),
  );
  const namings = createMemo(() =>
    deliverableNames(
      props.attachments.map((attachment, index) => ({
        attachment,
        view: views()[index] ?? { kind: 'none' },
        title: titles.latest?.[index] ?? null,
      })),
    ),
  );
  return (
    <ul class="attachments" aria-label="Attachments">
      <Index each={props.attachments}>
        {(attachment, index) => (
          <AttachmentCard
            attachment={attachment()}
            view={views()[index] ?? { kind: 'none' }}
            naming={namings()[index] ?? { label: attachment().name, download: null }}
          />
        )}
      </Index>
    </ul>
  );
}

/** The task's result: rendered markdown and its attachments, in the order the agent gave them. */
export function ResultCard(props: { item: ActionItem }) {
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
          <AttachmentCards attachments={props.item.attachments} />
        </Show>
        <IgnoredCalls names={props.item.ignoredToolCalls} />
      </article>
    </li>
  );
}
