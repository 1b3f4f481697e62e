import { For, Show } from 'solid-js';
import { workspacePathOf } from '../../protocol/workspace.ts';
import type { ActionItem, Attachment } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { formatTime } from '../shared/format.ts';
import { Icon, mimeIcon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { IgnoredCalls } from './action-row.tsx';

function isWebLink(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** The attachment's name: a link for web pages, a button that opens workspace files in the Files tab. */
function AttachmentName(props: { attachment: Attachment }) {
  const { ui } = useApp();
  const workspacePath = () => workspacePathOf(props.attachment.path);
  return (
    <Show
      when={!isWebLink(props.attachment.path)}
      fallback={
        <a class="attachment-name" href={props.attachment.path} target="_blank" rel="noopener noreferrer">
          {props.attachment.name}
        </a>
      }
    >
      <Show when={workspacePath()} fallback={<span class="attachment-name">{props.attachment.name}</span>}>
        {(path) => (
          <button
            type="button"
            class="attachment-name attachment-open"
            title={`Open ${path()} in the Files tab`}
            onClick={() => ui.openFile(path())}
          >
            {props.attachment.name}
          </button>
        )}
      </Show>
    </Show>
  );
}

function AttachmentCard(props: { attachment: Attachment }) {
  return (
    <li class="attachment-card" data-mime={props.attachment.mime}>
      <span class="attachment-icon">
        <Icon name={mimeIcon(props.attachment.mime)} size={18} />
      </span>
      <span class="attachment-body">
        <AttachmentName attachment={props.attachment} />
        <span class="attachment-meta">
          <span class="attachment-path" title={props.attachment.path}>
            {props.attachment.path}
          </span>
          <span class="attachment-where">{isWebLink(props.attachment.path) ? 'link' : 'in workspace'}</span>
        </span>
      </span>
    </li>
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
          <ul class="attachments" aria-label="Attachments">
            <For each={props.item.attachments}>
              {(attachment) => <AttachmentCard attachment={attachment} />}
            </For>
          </ul>
        </Show>
        <IgnoredCalls names={props.item.ignoredToolCalls} />
      </article>
    </li>
  );
}
