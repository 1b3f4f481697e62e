import { Show } from 'solid-js';
import { actionItems } from '../state/thread-reducer.ts';
import { useApp } from './app-context.ts';
import { formatTokenCount } from './format.ts';
import { Icon } from './icons.tsx';
import { ConversationStatusChip } from './status-chip.tsx';

/** The thread's header: menu (phones), title, token meter, status, and the Computer panel toggle. */
export function MainHeader() {
  const { thread, ui } = useApp();
  const usage = () => thread.state.thread.usage;
  const total = () => usage().prompt + usage().completion;
  const hasActions = () => actionItems(thread.state.thread).length > 0;

  return (
    <header class="main-header">
      <button type="button" class="button ghost menu-button" onClick={() => ui.setSidebarOpen(true)}>
        <Icon name="menu" />
        Menu
      </button>
      <Show
        when={thread.state.conversation}
        fallback={<h1 class="thread-title is-placeholder">New conversation</h1>}
      >
        {(conversation) => (
          <>
            <h1 class="thread-title" title={conversation().title}>
              {conversation().title}
            </h1>
            <span
              class="token-meter"
              title={`Prompt ${usage().prompt.toLocaleString()} · completion ${usage().completion.toLocaleString()} · cached ${usage().cached.toLocaleString()} · ${usage().turns} model calls`}
            >
              {formatTokenCount(total())}
              <span class="token-unit"> tokens</span>
            </span>
            <ConversationStatusChip status={conversation().status} />
            <Show when={hasActions()}>
              <button
                type="button"
                class="icon-button computer-toggle"
                aria-label="Open computer panel"
                title="Computer"
                onClick={() => ui.setDetailsOpen(true)}
              >
                <Icon name="monitor" />
              </button>
            </Show>
          </>
        )}
      </Show>
    </header>
  );
}
