import { Show } from 'solid-js';
import { actionItems } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { ConversationStatusChip, ReplayStatusChip } from '../shared/status-chip.tsx';
import { ConversationMenu } from '../sidebar/conversation-menu.tsx';
import { ProviderSwitcher } from './provider-switcher.tsx';
import { TokenMeter } from './token-meter.tsx';

/**
 * The thread's header: menu (phones), title, the conversation's tool profile and provider switcher, token
 * meter, the live spend figure while a run works, status (a replay's while one is on screen), and the
 * Computer panel toggle.
 */
export function MainHeader() {
  const { thread, ui, toolProfiles, replay } = useApp();
  const hasActions = () => actionItems(thread.state.thread).length > 0;

  return (
    <header class="main-header">
      <button type="button" class="button ghost menu-button" onClick={() => ui.setSidebarOpen(true)}>
        <Icon name="menu" />
        <span class="menu-button-label">Menu</span>
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
              class="profile-chip"
              title={`Tool profile: ${toolProfiles.titleOf(conversation().profileId)}`}
              data-profile={conversation().profileId}
            >
              <span class="visually-hidden">Tool profile: </span>
              {toolProfiles.titleOf(conversation().profileId)}
            </span>
            <ProviderSwitcher
              conversation={conversation()}
              class="in-header"
              note={
                <span class="provider-sheet-profile">
                  Tool profile: {toolProfiles.titleOf(conversation().profileId)} (a conversation keeps the one
                  it started with).
                </span>
              }
            />
            <TokenMeter conversation={conversation()} />
            <Show
              when={replay.isActive()}
              fallback={<ConversationStatusChip status={conversation().status} />}
            >
              <ReplayStatusChip status={replay.status()} />
            </Show>
            <ConversationMenu />
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
