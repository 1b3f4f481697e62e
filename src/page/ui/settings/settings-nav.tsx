import { createSignal, For, onCleanup, Show } from 'solid-js';
import {
  SETTINGS_SECTIONS,
  type SettingsSectionId,
  sectionAfterKey,
} from '../../state/settings/settings-sections.ts';
import { issuesSummary } from '../../state/settings/settings-validation.ts';

/** Where the index is a column beside the section; narrower, it is a row of tabs above it. */
export const SIDE_INDEX_QUERY = '(min-width: 800px)';

/** The id of a section's tab. */
export function settingsTabId(section: SettingsSectionId): string {
  return `settings-tab-${section}`;
}

/** The id of a section's panel. */
export function settingsPanelId(section: SettingsSectionId): string {
  return `settings-panel-${section}`;
}

/**
 * The index of Settings: a tab per section (a column with a line on each at desktop widths,
 * a row that scrolls sideways on a phone), with the number of refused fields on a section
 * that has any. Arrow keys, Home and End move between the tabs and show their section;
 * only the selected tab is in the Tab order.
 */
export function SettingsNav(props: {
  selected: SettingsSectionId;
  issueCounts: Partial<Record<SettingsSectionId, number>>;
  onSelect: (section: SettingsSectionId) => void;
}) {
  const query = window.matchMedia(SIDE_INDEX_QUERY);
  const [isColumn, setColumn] = createSignal(query.matches);
  const onLayout = (event: MediaQueryListEvent) => setColumn(event.matches);
  query.addEventListener('change', onLayout);
  onCleanup(() => query.removeEventListener('change', onLayout));

  function select(section: SettingsSectionId, shouldFocus: boolean): void {
    props.onSelect(section);
    const tab = document.getElementById(settingsTabId(section));
    if (shouldFocus) tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <div
      class="settings-nav"
      role="tablist"
      aria-label="Settings sections"
      aria-orientation={isColumn() ? 'vertical' : 'horizontal'}
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const next = sectionAfterKey(props.selected, event.key);
        if (!next) return;
        event.preventDefault();
        select(next, true);
      }}
    >
      <For each={SETTINGS_SECTIONS}>
        {(section) => {
          const isSelected = () => props.selected === section.id;
          const count = () => props.issueCounts[section.id] ?? 0;
          return (
            <button
              type="button"
              role="tab"
              class="settings-tab"
              id={settingsTabId(section.id)}
              aria-controls={settingsPanelId(section.id)}
              aria-selected={isSelected()}
              aria-describedby={`${settingsTabId(section.id)}-summary`}
              tabIndex={isSelected() ? 0 : -1}
              onClick={() => select(section.id, false)}
            >
              <span class="settings-tab-text">
                <span class="settings-tab-label">
                  {section.label}
                  <Show when={count() > 0}>
                    <span class="visually-hidden">, {issuesSummary(count())}</span>
                  </Show>
                </span>
                <span
                  class="settings-tab-summary"
                  id={`${settingsTabId(section.id)}-summary`}
                  aria-hidden="true"
                >
                  {section.summary}
                </span>
              </span>
              <Show when={count() > 0}>
                <span class="settings-tab-issues" aria-hidden="true">
                  {count()}
                </span>
              </Show>
            </button>
          );
        }}
      </For>
    </div>
  );
}
