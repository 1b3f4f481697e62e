import { createSignal } from 'solid-js';
import {
  DEFAULT_SETTINGS_SECTION,
  type SettingsSectionId,
  settingsSectionFromHash,
} from '../settings/settings-sections.ts';
import type { AttachmentView } from '../thread/attachment-view.ts';
import { createReplyDrafts } from '../thread/reply-drafts.ts';
import type { Attachment } from '../thread/thread-reducer.ts';

/**
 * The Computer panel's tabs: the selected action's view, the workspace's files, what the
 * task changed, or an opened deliverable.
 */
export type ComputerTab = 'action' | 'files' | 'changes' | 'viewer';

/**
 * A deliverable opened from a result's attachment card: a deck or a site, with the name the
 * card showed, the attachment it was (the viewer names it by the card's rule as its page
 * changes) and the file name the card downloads it as (so the viewer's download agrees).
 */
export type ViewerTarget = Extract<AttachmentView, { kind: 'deck' | 'site' }> & {
  title: string;
  attachment: Attachment;
  downloadName?: string | undefined;
};

/** A workspace file open in the Files tab, optionally at a line to show. */
export type OpenedFile = { path: string; line: number | null };

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
  const [isSettingsOpen, setSettingsOpenSignal] = createSignal(false);
  const [settingsSection, setSettingsSection] = createSignal<SettingsSectionId>(DEFAULT_SETTINGS_SECTION);
  /** The input Settings focuses once open (a link to one field), or null for the section's tab. */
  const [settingsFocusId, setSettingsFocusId] = createSignal<string | null>(null);
  const [computerTab, setComputerTab] = createSignal<ComputerTab>('action');
  const [openedFile, setOpenedFile] = createSignal<OpenedFile | null>(null);
  const [viewerTarget, setViewerTarget] = createSignal<ViewerTarget | null>(null);
  let composer: HTMLTextAreaElement | undefined;
  /** The open question's reply box, while one is open (the composer gives way to it). */
  let replyBox: HTMLTextAreaElement | undefined;

  /** Opens Settings at `section` (default: the first), focusing the element `focusId` when given (a field, or the section itself). */
  function openSettings(section: SettingsSectionId = DEFAULT_SETTINGS_SECTION, focusId?: string): void {
    setSidebarOpen(false);
    setSettingsSection(section);
    setSettingsFocusId(focusId ?? null);
    setSettingsOpenSignal(true);
  }

  /** Opens Settings at its first section, or closes it. */
  function setSettingsOpen(isOpen: boolean): void {
    if (isOpen) openSettings();
    else setSettingsOpenSignal(false);
  }

  // A page opened at #settings/<section> opens Settings there (and the address is put back).
  const linkedSection = settingsSectionFromHash(window.location.hash);
  if (linkedSection) {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
    openSettings(linkedSection);
  }

  const wideQuery = window.matchMedia(WIDE_LAYOUT_QUERY);
  const [isWide, setWide] = createSignal(wideQuery.matches);
  wideQuery.addEventListener('change', (event) => {
    setWide(event.matches);
    if (event.matches) setDetailsOpen(false);
  });

  return {
    draft,
    setDraft,
    /** What is typed in open questions' reply boxes, by question. */
    replyDrafts: createReplyDrafts(),
    /** True while the Computer panel is a column (not a sheet). */
    isWide,
    selectedActionUuid,
    isFollowingLive,
    isDetailsOpen,
    isSidebarOpen,
    isSettingsOpen,
    setSidebarOpen,
    setSettingsOpen,
    openSettings,
    /** The Settings section shown (or shown when it opens). */
    settingsSection,
    setSettingsSection,
    /** The input Settings focuses when it opens from a link to one field, or null. */
    settingsFocusId,
    setDetailsOpen,
    computerTab,
    setComputerTab,
    /** The file the Files tab shows (null: the tree). */
    openedFile,
    /** Shows an action in the Computer panel (opening the sheet on narrow screens) and stops following live. */
    selectAction(uuid: string, options: { openSheet: boolean }): void {
      setSelectedActionUuid(uuid);
      setFollowingLive(false);
      setComputerTab('action');
      if (options.openSheet && !isWide()) setDetailsOpen(true);
    },
    /** Opens a workspace file (relative path) in the Files tab, at `line` when given. */
    openFile(path: string, line: number | null = null): void {
      setOpenedFile({ path, line });
      setComputerTab('files');
      if (!isWide()) setDetailsOpen(true);
    },
    /** The deliverable the Viewer tab shows (null: no Viewer tab). */
    viewerTarget,
    /** Opens a deck or a site from an attachment card in the Viewer tab (opening the sheet on narrow screens). */
    openViewer(target: ViewerTarget): void {
      setViewerTarget(target);
      setComputerTab('viewer');
      if (!isWide()) setDetailsOpen(true);
    },
    /** Closes the Viewer tab. */
    closeViewer(): void {
      setViewerTarget(null);
      if (computerTab() === 'viewer') setComputerTab('action');
    },
    /** Back from a file to the tree. */
    closeFile(): void {
      setOpenedFile(null);
    },
    /** Makes the Computer panel follow the latest action again. */
    followLive(): void {
      setFollowingLive(true);
      setComputerTab('action');
      setSelectedActionUuid(null);
    },
    resetSelection(): void {
      setSelectedActionUuid(null);
      setFollowingLive(true);
      setDetailsOpen(false);
      setOpenedFile(null);
      setViewerTarget(null);
      setComputerTab('action');
    },
    registerComposer(element: HTMLTextAreaElement): void {
      composer = element;
    },
    /** Focuses the composer, or the open question's reply box while the composer gives way to it. */
    focusComposer(): void {
      if (composer?.isConnected) composer.focus();
      else if (replyBox?.isConnected) replyBox.focus();
    },
    /** The open question's reply box (undefined once it closes: only the element registered is cleared). */
    registerReplyBox(element: HTMLTextAreaElement | undefined, previous?: HTMLTextAreaElement): void {
      if (element || replyBox === previous) replyBox = element;
    },
    /** Brings the open question's reply box into view and focuses it; false when it is not on the page. */
    focusReply(): boolean {
      if (!replyBox?.isConnected) return false;
      (replyBox.closest('article') ?? replyBox).scrollIntoView({ block: 'nearest' });
      replyBox.focus({ preventScroll: true });
      return true;
    },
  };
}

export type UiStore = ReturnType<typeof createUiStore>;
