import { For, Show } from 'solid-js';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { MessageAttachment } from '@/shared/protocol/uploads.ts';
import { baseName } from '@/shared/protocol/workspace.ts';
import type { PendingAttachment } from '../../state/uploads/attachments-store.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon, type IconName } from '../shared/icons.tsx';
import './attachment-chips.css';

/** The icon of a file by its MIME type. */
function iconFor(mimeType: string): IconName {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('text/') || mimeType === 'application/json') return 'code';
  if (mimeType === 'application/pdf' || mimeType.includes('officedocument')) return 'document';
  return 'file';
}

/** The composer's attachments before sending: name, size and a remove button each. */
export function PendingChips(props: { items: readonly PendingAttachment[]; onRemove: (id: string) => void }) {
  return (
    <ul class="attachment-chips is-pending" aria-label="Attached files">
      <For each={props.items}>
        {(item) => (
          <li class="attachment-chip" title={item.path}>
            <Icon name={iconFor(item.file.type || mimeForPath(item.path))} size={14} />
            <span class="chip-name">{item.path}</span>
            <span class="chip-size">{formatBytes(item.file.size)}</span>
            <button
              type="button"
              class="chip-remove"
              aria-label={`Remove ${item.path}`}
              onClick={() => props.onRemove(item.id)}
            >
              <Icon name="close" size={12} />
            </button>
          </li>
        )}
      </For>
    </ul>
  );
}

/** Most chips a sent message shows before summing up the rest (a whole project is thousands of files). */
const SHOWN_MESSAGE_CHIPS = 12;

/** A sent message's files: each opens in the Files tab. */
export function MessageChips(props: {
  attachments: readonly MessageAttachment[];
  onOpen: (path: string) => void;
}) {
  const shown = () => props.attachments.slice(0, SHOWN_MESSAGE_CHIPS);
  const hidden = () => props.attachments.length - shown().length;
  return (
    <ul class="attachment-chips is-sent" aria-label="Files sent with this message">
      <For each={shown()}>
        {(attachment) => (
          <li>
            <button
              type="button"
              class="attachment-chip"
              title={`/home/ubuntu/${attachment.path}`}
              aria-label={`Open ${baseName(attachment.path)} (${formatBytes(attachment.size)}) in Files`}
              onClick={() => props.onOpen(attachment.path)}
            >
              <Icon name={iconFor(attachment.mimeType)} size={14} />
              <span class="chip-name">{baseName(attachment.path)}</span>
              <span class="chip-size">{formatBytes(attachment.size)}</span>
            </button>
          </li>
        )}
      </For>
      <Show when={hidden() > 0}>
        <li class="chip-more">and {hidden()} more files</li>
      </Show>
    </ul>
  );
}
