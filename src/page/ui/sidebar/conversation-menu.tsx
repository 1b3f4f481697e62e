import { createSignal, For, onCleanup, Show } from 'solid-js';
import { startMemoryCount } from '@/shared/know-how/bundle-memories.ts';
import { exportedMessage, type ShareOutcome, shareOrDownload } from '../../state/bundles/bundle-export.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { Icon, type IconName, Spinner } from '../shared/icons.tsx';
import { moveRovingFocus } from '../shared/roving-focus.ts';
import './conversation-menu.css';

type MenuItem = {
  id: 'export' | 'share' | 'replay';
  label: string;
  icon: IconName;
  /** What the action takes with it (shown on hover). */
  note?: string;
  isDisabled: () => boolean;
};

const BUNDLE_NOTE =
  'The bundle holds the conversation, its workspace and what its previews keep (their localStorage, cookies, IndexedDB); no settings or keys.';

/**
 * The conversation's menu in the header: Export (download the bundle), Share (the share
 * sheet with the file where the browser can share files, else a download) and Replay; an
 * export says where the file went.
 * When the conversation started with memories, a tick above puts them in the bundle
 * (unticked each time the menu opens: they are left out unless asked for).
 * A menu button: arrows move between items, Esc closes and returns focus.
 */
export function ConversationMenu() {
  const { client, conversations, thread, replay, ui, toasts, attempt } = useApp();
  const [isOpen, setOpen] = createSignal(false);
  const [busy, setBusy] = createSignal<'export' | 'share' | null>(null);
  /** The person ticked the memories the conversation started with into the bundle (asked anew each time). */
  const [isIncludingMemories, setIncludingMemories] = createSignal(false);
  const memoryCount = () => startMemoryCount(thread.state.conversation?.startContext);
  let trigger: HTMLButtonElement | undefined;
  let menu: HTMLDivElement | undefined;

  const isRunning = () => thread.state.conversation?.status === 'running';
  const items: MenuItem[] = [
    {
      id: 'export',
      label: 'Export bundle',
      icon: 'download',
      note: BUNDLE_NOTE,
      isDisabled: () => busy() !== null,
    },
    { id: 'share', label: 'Share…', icon: 'share', note: BUNDLE_NOTE, isDisabled: () => busy() !== null },
    { id: 'replay', label: 'Replay', icon: 'replay', isDisabled: () => isRunning() || replay.isActive() },
  ];

  function close(options: { restoreFocus: boolean }): void {
    setOpen(false);
    if (options.restoreFocus) trigger?.focus();
  }

  function open(): void {
    setIncludingMemories(false);
    setOpen(true);
    queueMicrotask(() => menu?.querySelector<HTMLElement>('[data-roving][role="menuitem"]')?.focus());
  }

  function onDocumentPointerDown(event: PointerEvent): void {
    const target = event.target as Node;
    if (isOpen() && !menu?.contains(target) && !trigger?.contains(target)) close({ restoreFocus: false });
  }
  document.addEventListener('pointerdown', onDocumentPointerDown);
  onCleanup(() => document.removeEventListener('pointerdown', onDocumentPointerDown));

  async function exportBundle(kind: 'export' | 'share'): Promise<void> {
    const conversation = thread.state.conversation;
    if (!conversation) return;
    setBusy(kind);
    await attempt(async () => {
      const bundle = await client.api.exportConversation(conversation.id, {
        includeMemories: isIncludingMemories(),
      });
      let outcome: ShareOutcome = 'downloaded';
      if (kind === 'export') downloadBytes(bundle.bytes, bundle.fileName, 'application/zip');
      else outcome = await shareOrDownload(bundle, conversation.title, downloadBytes);
      const message = exportedMessage(outcome, bundle.fileName);
      if (message) toasts.show(message, 'done');
    }, 'Could not export the conversation');
    setBusy(null);
  }

  function choose(item: MenuItem): void {
    if (item.isDisabled()) return;
    close({ restoreFocus: item.id !== 'replay' });
    if (item.id === 'replay') {
      ui.followLive();
      void replay.start().then((isStarted) => {
        if (!isStarted) trigger?.focus();
      });
    } else {
      void exportBundle(item.id);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close({ restoreFocus: true });
    } else if (event.key === 'Tab') {
      close({ restoreFocus: false });
    } else if (menu) {
      moveRovingFocus(menu, event);
    }
  }

  return (
    <div class="conversation-menu">
      <button
        ref={trigger}
        type="button"
        class="icon-button conversation-menu-button"
        aria-label={busy() ? 'Conversation actions (exporting…)' : 'Conversation actions'}
        title="Export, share or replay"
        aria-haspopup="menu"
        aria-expanded={isOpen()}
        aria-controls="conversation-menu-list"
        disabled={conversations.selectedId() === null}
        onClick={() => (isOpen() ? close({ restoreFocus: false }) : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen()) {
            event.preventDefault();
            open();
          }
        }}
      >
        <Show when={busy()} fallback={<Icon name="more" size={18} />}>
          <Spinner />
        </Show>
      </button>
      <Show when={isOpen()}>
        <div
          ref={menu}
          id="conversation-menu-list"
          class="menu-popover"
          role="menu"
          aria-label="Conversation actions"
          onKeyDown={onMenuKeyDown}
        >
          <Show when={memoryCount() > 0}>
            <button
              type="button"
              role="menuitemcheckbox"
              class="menu-item menu-item-check"
              data-roving
              tabIndex={-1}
              aria-checked={isIncludingMemories()}
              title="Memories are yours: a bundle leaves them out unless you tick them in. What happened in the conversation itself is part of it, a memory the agent proposed in memory-draft.md included."
              onClick={() => setIncludingMemories(!isIncludingMemories())}
            >
              <span class="menu-check-box" aria-hidden="true">
                <Show when={isIncludingMemories()}>
                  <Icon name="check" size={12} />
                </Show>
              </span>
              {memoryCount() === 1
                ? 'Include the memory this conversation started with'
                : `Include the ${memoryCount()} memories this conversation started with`}
            </button>
            <hr class="menu-separator" />
          </Show>
          <For each={items}>
            {(item) => (
              <button
                type="button"
                role="menuitem"
                class="menu-item"
                data-roving
                tabIndex={-1}
                aria-disabled={item.isDisabled() ? 'true' : undefined}
                title={item.note}
                onClick={() => choose(item)}
              >
                <Icon name={item.icon} />
                {item.label}
              </button>
            )}
          </For>
        </div>
      </Show>
    </div>
  );
}
