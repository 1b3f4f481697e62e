import { createSignal } from 'solid-js';

/** The three-column layout; below it the Computer panel is a sheet. Matches the CSS breakpoint. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1100px)';

/**
 * Interface state that belongs to no conversation: the composer draft, which action
 * the Computer panel shows (or whether it follows the live one), and which overlay is open.
 */
export function createUiStore() {
  const [draft, setDraft] = createSignal('');
  const [selectedActionUuid, setSelectedActionUuid] = createSignal<string | null>(null);
  const [isFollowingLive, setFollowingLive] = createSignal(true);
  const [isDetailsOpen, setDetailsOpen] = createSignal(false);
  const [isSidebarOpen, setSidebarOpen] = createSignal(false);
  const [isSettingsOpen, setSettingsOpen] = createSignal(false);
  let composer: HTMLTextAreaElement | undefined;

  const wideQuery = window.matchMedia(WIDE_LAYOUT_QUERY);
  const [isWide, setWide] = createSignal(wideQuery.matches);
  wideQuery.addEventListener('change', (event) => {
    setWide(event.matches);
    if (event.matches) setDetailsOpen(false);
  });

  return {
    draft,
    setDraft,
    /** True while the Computer panel is a column (not a sheet). */
    isWide,
    selectedActionUuid,
    isFollowingLive,
    isDetailsOpen,
    isSidebarOpen,
    isSettingsOpen,
    setSidebarOpen,
    setSettingsOpen,
    setDetailsOpen,
    /** Shows an action in the Computer panel (opening the sheet on narrow screens) and stops following live. */
    selectAction(uuid: string, options: { openSheet: boolean }): void {
      setSelectedActionUuid(uuid);
      setFollowingLive(false);
      if (options.openSheet && !isWide()) setDetailsOpen(true);
    },
    /** Makes the Computer panel follow the latest action again. */
    followLive(): void {
      setFollowingLive(true);
      setSelectedActionUuid(null);
    },
    resetSelection(): void {
      setSelectedActionUuid(null);
      setFollowingLive(true);
      setDetailsOpen(false);
    },
    registerComposer(element: HTMLTextAreaElement): void {
      composer = element;
    },
    focusComposer(): void {
      composer?.focus();
    },
  };
}

export type UiStore = ReturnType<typeof createUiStore>;
