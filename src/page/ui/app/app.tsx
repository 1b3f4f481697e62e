import { createEffect, createSignal, ErrorBoundary, lazy, on, onCleanup, onMount, Show } from 'solid-js';
import type { ConversationStatus } from '@/shared/protocol/conversation.ts';
import { databaseIdentity } from '@/shared/storage/database-identity.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import { startNodeRuntimeHost } from '../../host/node-runtime-host.ts';
import { startPreviewBrowser } from '../../host/previews/preview-browser-connection.ts';
import { createAgentClient, errorMessage } from '../../state/app/agent-client.ts';
import { createAlertsStore } from '../../state/app/alerts-store.ts';
import { createAppUpdatesStore } from '../../state/app/app-updates.ts';
import { readLaunchParameters } from '../../state/app/launch-parameters.ts';
import { LOST_DATA_TEXT, watchForLostData } from '../../state/app/lost-data-check.ts';
import { createPersistenceNoticeStore } from '../../state/app/persistence-notice.ts';
import { createThemeStore } from '../../state/app/theme-store.ts';
import { createToastStore } from '../../state/app/toast-store.ts';
import { createToolProfilesStore } from '../../state/app/tool-profiles-store.ts';
import { createUiStore } from '../../state/app/ui-store.ts';
import { createBundleImportStore } from '../../state/bundles/bundle-import-store.ts';
import { createMemoryStore } from '../../state/know-how/memory-store.ts';
import { createProjectsStore } from '../../state/know-how/projects-store.ts';
import { createSkillsStore } from '../../state/know-how/skills-store.ts';
import { createReplayStore } from '../../state/replay/replay-store.ts';
import { createSettingsStore } from '../../state/settings/settings-store.ts';
import { createConversationsStore } from '../../state/thread/conversations-store.ts';
import { newAnnouncements } from '../../state/thread/live-announcements.ts';
import { createTaskChangesStore } from '../../state/thread/task-changes-store.ts';
import { createThreadStore } from '../../state/thread/thread-store.ts';
import { createToolOutputStore } from '../../state/thread/tool-output-store.ts';
import { createWorkspaceChangesStore } from '../../state/thread/workspace-changes-store.ts';
import { createAttachmentsStore } from '../../state/uploads/attachments-store.ts';
import { WorkspaceReader } from '../../state/workspace/workspace-reader.ts';
import { createWorkspaceStore } from '../../state/workspace/workspace-store.ts';
import { DropOverlay } from '../bundles/drop-overlay.tsx';
import { DetailsPanel } from '../computer/details-panel.tsx';
import { MainHeader } from '../header/main-header.tsx';
import { SkillOffers } from '../know-how/skill-offers.tsx';
import { ReplayControls } from '../replay/replay-controls.tsx';
import { statusAnnouncement } from '../shared/format.ts';
import { Sidebar } from '../sidebar/sidebar.tsx';
import { BackupCopyLine } from '../thread/backup-copy-line.tsx';
import { Composer } from '../thread/composer.tsx';
import { MemoryProposals } from '../thread/memory-proposals.tsx';
import { Thread } from '../thread/thread.tsx';
import { AppBanners } from './app-banners.tsx';
import { AppContext, type AppServices, useApp } from './app-context.ts';
import { EmptyState } from './empty-state.tsx';
import type { ShellHandover } from './shell-handover.ts';
import { Toasts } from './toasts.tsx';
import { whenIdle } from './when-idle.ts';

/** Settings and its sections load when first opened, or once the app is idle after its start. */
const loadSettingsDialog = () => import('../settings/settings-dialog.tsx');
const SettingsDialog = lazy(() =>
  loadSettingsDialog().then((module) => ({ default: module.SettingsDialog })),
);

/**
 * The application: sidebar | thread with plan and composer | Computer panel. It takes over
 * from index.html's static shell, keeping what was typed there.
 */
export function App(props: { shell?: ShellHandover }) {
  const client = createAgentClient();
  onCleanup(startNodeRuntimeHost(client));
  onCleanup(startPreviewBrowser(client));
  const persistenceNotice = createPersistenceNoticeStore();
  const conversations = createConversationsStore(client, {
    onStarted: () => void persistenceNotice.noteTaskSent(),
  });
  const thread = createThreadStore(client, conversations.selectedId);
  const database = new SandpiperDatabase();
  const settingsRepository = new SettingsRepository(database);
  const settings = createSettingsStore(settingsRepository);
  const knowHow = new KnowHowRepository(database);
  const memories = createMemoryStore(knowHow, settingsRepository);
  const workspace = createWorkspaceStore(
    client,
    conversations.selectedId,
    new WorkspaceReader(database, {
      entries: (id) => client.api.readBackupEntries(id),
      file: (id, path) => client.api.readBackupFile(id, path),
    }),
  );
  const toolOutput = createToolOutputStore(client, conversations.selectedId);
  const workspaceChanges = createWorkspaceChangesStore(client, conversations.selectedId);
  const taskChanges = createTaskChangesStore(client, conversations.selectedId, workspaceChanges.revision);
  const theme = createThemeStore();
  const toasts = createToastStore();
  const ui = createUiStore();
  const attachments = createAttachmentsStore();
  const appUpdates = createAppUpdatesStore();
  const alerts = createAlertsStore(client);
  // A database the browser deleted (a full disk) comes back new: say so, rather than open as if new.
  // (Tried again while the database cannot be read: a full disk, until space is freed.)
  const lostDataWatch = watchForLostData({
    read: () => databaseIdentity(database, () => crypto.randomUUID()),
    storage: globalThis.localStorage,
    onLost: () => alerts.show('data_lost', LOST_DATA_TEXT),
    onError: (error) => console.warn('Sandpiper: could not read the database’s identity.', error),
  });
  // The settings read again after failing: the database answers again, and may be a new one
  // (the browser deleted it with this page open). Said now, not only after a reload.
  createEffect(
    on(
      () => settings.state.loadError,
      (error, previous) => {
        if (previous && error === null) lostDataWatch.checkAgain();
      },
      { defer: true },
    ),
  );
  const bundleImport = createBundleImportStore({
    client,
    conversations,
    onRefused: (message) => toasts.show(message),
    onImported: (message) => toasts.show(message, 'done'),
  });
  const replay = createReplayStore({ client, thread, conversationId: conversations.selectedId });
  const toolProfiles = createToolProfilesStore(client);
  const skills = createSkillsStore(knowHow.skills);
  const projects = createProjectsStore(knowHow);

  const services: AppServices = {
    client,
    conversations,
    thread,
    settings,
    theme,
    toasts,
    ui,
    attachments,
    workspace,
    toolOutput,
    workspaceChanges,
    taskChanges,
    appUpdates,
    alerts,
    persistenceNotice,
    bundleImport,
    replay,
    toolProfiles,
    skills,
    projects,
    memories,
    async attempt(action, failurePrefix) {
      try {
        await action();
        return true;
      } catch (error) {
        toasts.show(failurePrefix ? `${failurePrefix}: ${errorMessage(error)}` : errorMessage(error));
        return false;
      }
    },
  };

  onCleanup(client.onWorkerError((message) => toasts.show(message)));
  onCleanup(() => {
    lostDataWatch.stop();
    replay.dispose();
    alerts.dispose();
    appUpdates.dispose();
    thread.dispose();
    workspace.dispose();
    toolOutput.dispose();
    conversations.dispose();
    settings.dispose();
    projects.dispose();
    memories.dispose();
    skills.dispose();
    database.close();
    client.dispose();
  });

  createEffect(on(conversations.selectedId, () => ui.resetSelection(), { defer: true }));

  if (props.shell?.draft) ui.setDraft(props.shell.draft);
  if (props.shell?.wasFocused) queueMicrotask(() => ui.focusComposer());

  const launch = readLaunchParameters(new URL(window.location.href));
  if (launch.cleanUrl !== null) window.history.replaceState(window.history.state, '', launch.cleanUrl);
  if (launch.isNewConversation) {
    conversations.select(null);
    queueMicrotask(() => ui.focusComposer());
  }
  if (launch.bundleUrl !== null) {
    // The link's parameter is already gone from the address: a reload now would lose the import.
    appUpdates.holdReloads();
    void bundleImport.importFromUrl(launch.bundleUrl);
  }
  if (launch.isBundleUrlInvalid)
    toasts.show('Could not import the bundle: its address is not an http(s) URL.');

  // What the polite live region says: a run's status as it changes, and each finished text
  // the agent adds (never a text being written, never a countdown's ticks), told once.
  const [announcement, setAnnouncement] = createSignal('');
  let lastAnnounced: { id: string; status: ConversationStatus } | null = null;
  const told = new Set<string>();
  /** The conversation being told, and since when: what it held before then is history. */
  let telling: { id: string; since: number } | null = null;
  let wasReplaying = false;
  const toldFromStart = new Set<string>();
  createEffect(() => {
    const conversation = thread.state.conversation;
    if (!conversation) return;
    const previous = lastAnnounced;
    lastAnnounced = { id: conversation.id, status: conversation.status };
    const statusText =
      previous?.id === conversation.id && previous.status !== conversation.status
        ? statusAnnouncement(conversation.status, conversation.title)
        : null;
    let itemsText: string | null = null;
    if (replay.isActive()) {
      // A replay is watched, not told; afterwards the thread is told afresh from then on.
      wasReplaying = true;
    } else {
      if (telling?.id !== conversation.id || wasReplaying) {
        told.clear();
        // A conversation this tab started is told from its start (its first reply can land
        // before the page has it open); one opened (or shown again after a replay) from now on.
        const isNew =
          conversations.isStartedHere(conversation.id) &&
          !toldFromStart.has(conversation.id) &&
          !wasReplaying;
        if (isNew) toldFromStart.add(conversation.id);
        telling = { id: conversation.id, since: isNew ? Number.NEGATIVE_INFINITY : Date.now() };
        wasReplaying = false;
      }
      if (thread.state.load === 'ready')
        itemsText = newAnnouncements(thread.state.thread.items, told, telling.since);
    }
    const text = [itemsText, statusText].filter((part) => part !== null).join(' ');
    if (text) setAnnouncement(text);
  });

  // Settings mounts on its first opening (its modules are fetched ahead when the app is idle).
  const [hasOpenedSettings, setHasOpenedSettings] = createSignal(false);
  createEffect(() => {
    if (ui.isSettingsOpen()) setHasOpenedSettings(true);
  });
  // A failed fetch ahead is said when Settings is opened (see SettingsUnavailable), not here.
  onCleanup(whenIdle(() => void loadSettingsDialog().catch(() => undefined)));

  const isRunning = () => thread.state.conversation?.status === 'running';

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented || ui.isSettingsOpen()) return;
    if (ui.isSidebarOpen()) {
      ui.setSidebarOpen(false);
    } else if (ui.isDetailsOpen() && !ui.isWide()) {
      ui.setDetailsOpen(false);
    } else if (replay.isActive()) {
      replay.exit();
    } else if (isRunning()) {
      void services.attempt(() => thread.stop(), 'Could not stop');
    } else {
      return;
    }
    event.preventDefault();
  }
  document.addEventListener('keydown', onKeyDown);
  onCleanup(() => document.removeEventListener('keydown', onKeyDown));

  return (
    <AppContext.Provider value={services}>
      <div
        class="app"
        classList={{ 'is-sidebar-open': ui.isSidebarOpen(), 'is-details-open': ui.isDetailsOpen() }}
      >
        <Show when={!replay.isActive()}>
          {/* The first Tab stop: past the sidebar's conversations to where a task is typed (or a question answered). */}
          <button type="button" class="skip-link" onClick={() => ui.focusComposer()}>
            Skip to message box
          </button>
        </Show>
        <Sidebar />
        <button
          type="button"
          class="scrim"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => {
            ui.setSidebarOpen(false);
            ui.setDetailsOpen(false);
          }}
        />
        <main class="main">
          <MainHeader />
          <AppBanners />
          <Show when={conversations.selectedId() !== null} fallback={<EmptyState />}>
            <Thread />
          </Show>
          <Toasts />
          <Show when={conversations.selectedId() !== null && !replay.isActive()}>
            <MemoryProposals />
          </Show>
          <Show
            when={replay.isActive()}
            fallback={
              <>
                <BackupCopyLine />
                <SkillOffers />
                <Composer />
              </>
            }
          >
            <ReplayControls />
          </Show>
        </main>
        <DetailsPanel />
        <Show when={hasOpenedSettings()}>
          <ErrorBoundary fallback={(error: unknown) => <SettingsUnavailable error={error} />}>
            <SettingsDialog />
          </ErrorBoundary>
        </Show>
        <DropOverlay />
        <div class="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement()}
        </div>
      </div>
    </AppContext.Provider>
  );
}

/**
 * What shows when Settings' own code cannot load (a new version deployed, a damaged cache):
 * a toast saying so and how to recover — the place to fix things must not fail silently.
 */
function SettingsUnavailable(props: { error: unknown }) {
  const { toasts, ui } = useApp();
  onMount(() => {
    ui.setSettingsOpen(false);
    toasts.show(
      `Settings could not load (${errorMessage(props.error)}). Reload the page to update Sandpiper.`,
    );
  });
  return null;
}
