import { createMemo, For, Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { groupByProject } from '../../state/know-how/projects-store.ts';
import { useApp } from '../app/app-context.ts';
import { type DayGroup, dayGroup } from '../shared/format.ts';
import { ConversationRow } from './conversation-row.tsx';

const GROUP_ORDER: DayGroup[] = ['Today', 'Yesterday', 'Earlier'];

/** The conversations the sidebar lists (not a sub-agent's), those whose title holds `query`. */
export function listedConversations(conversations: readonly Conversation[], query: string): Conversation[] {
  const needle = query.trim().toLowerCase();
  // A sub-agent's conversation shows under its parent's action, not in the list.
  return conversations.filter(
    (conversation) =>
      !conversation.parent && (needle === '' || conversation.title.toLowerCase().includes(needle)),
  );
}

/**
 * Conversations started in no project (or in one since deleted), grouped by day (most
 * recent first), each with a status dot and an inline delete confirm. A project's
 * conversations are listed under it, in the Projects group.
 */
export function ConversationList(props: { query: string }) {
  const { conversations, projects } = useApp();

  const visible = createMemo(() => listedConversations(conversations.state.conversations, props.query));
  const groups = createMemo(() => {
    const { ungrouped } = groupByProject(visible(), projects.state.projects);
    const now = Date.now();
    return GROUP_ORDER.map((label) => ({
      label,
      items: ungrouped.filter((conversation) => dayGroup(conversation.updatedAt, now) === label),
    })).filter((group) => group.items.length > 0);
  });

  return (
    <div class="conversation-groups">
      <Show when={conversations.state.loadError}>
        {(error) => (
          <div class="sidebar-empty sidebar-load-error" role="alert">
            <p>Could not list the conversations. {error()}</p>
            <button type="button" class="link-button" onClick={() => void conversations.refresh()}>
              Try again
            </button>
          </div>
        )}
      </Show>
      <Show when={conversations.state.isLoaded && !conversations.state.loadError && visible().length === 0}>
        <p class="sidebar-empty">
          {props.query.trim() === '' ? 'No conversations yet.' : 'No conversation matches.'}
        </p>
      </Show>
      <For each={groups()}>
        {(group) => (
          <section class="conversation-group">
            <h2 class="group-label">{group.label}</h2>
            <ul class="conversation-items">
              <For each={group.items}>
                {(conversation) => <ConversationRow conversation={conversation} />}
              </For>
            </ul>
          </section>
        )}
      </For>
    </div>
  );
}
