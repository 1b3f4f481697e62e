import { createSignal, lazy, Show } from 'solid-js';
import type { ThemePreference } from '../../state/app/theme-store.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, type IconName } from '../shared/icons.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ProjectSection } from './project-section.tsx';
import { useSchedules } from './schedule-services.ts';
import { SidebarTools } from './sidebar-tools.tsx';

/** The Schedules section (cron in words, the edit form's cron reader) loads once there is a schedule. */
const ScheduleSection = lazy(() =>
  import('./schedule-section.tsx').then((module) => ({ default: module.ScheduleSection })),
);

const THEMES: { value: ThemePreference; label: string; icon: IconName }[] = [
  { value: 'system', label: 'Use system theme', icon: 'monitor' },
  { value: 'light', label: 'Use light theme', icon: 'sun' },
  { value: 'dark', label: 'Use dark theme', icon: 'moon' },
];

/**
 * The left column (a drawer on phones): new conversation, search, projects with their
 * conversations, the other conversations by day, schedules, import and install, settings and theme.
 */
export function Sidebar() {
  const { conversations, ui, theme, projects } = useApp();
  const { schedules } = useSchedules();
  const [query, setQuery] = createSignal('');

  function startNew(): void {
    conversations.select(null);
    projects.choose(null);
    ui.setDraft('');
    ui.setSidebarOpen(false);
    queueMicrotask(() => ui.focusComposer());
  }

  return (
    <nav class="sidebar" aria-label="Sidebar">
      <div class="sidebar-brand">
        <span class="brand-mark" aria-hidden="true" />
        <span class="brand-name">Sandpiper</span>
        <button
          type="button"
          class="icon-button sidebar-close"
          aria-label="Close menu"
          onClick={() => ui.setSidebarOpen(false)}
        >
          <Icon name="close" />
        </button>
      </div>
      <button type="button" class="button new-conversation" onClick={startNew}>
        <Icon name="plus" />
        New conversation
      </button>
      <input
        class="sidebar-search"
        type="search"
        placeholder="Search conversations"
        aria-label="Search conversations"
        value={query()}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <div class="sidebar-lists">
        <ProjectSection query={query()} />
        <ConversationList query={query()} />
      </div>
      <Show when={schedules.state.schedules.length > 0}>
        <ScheduleSection />
      </Show>
      <SidebarTools />
      <div class="sidebar-footer">
        <button type="button" class="sidebar-settings" onClick={() => ui.openSettings()}>
          <Icon name="gear" />
          Settings
        </button>
        <fieldset class="theme-switch">
          <legend class="visually-hidden">Theme</legend>
          {THEMES.map((option) => (
            <button
              type="button"
              class="icon-button"
              aria-label={option.label}
              title={option.label}
              aria-pressed={theme.preference() === option.value}
              onClick={() => theme.setPreference(option.value)}
            >
              <Icon name={option.icon} />
            </button>
          ))}
        </fieldset>
      </div>
    </nav>
  );
}
