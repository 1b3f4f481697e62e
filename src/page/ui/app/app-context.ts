import { createContext, useContext } from 'solid-js';
import type { AgentClient } from '../../state/app/agent-client.ts';
import type { AlertsStore } from '../../state/app/alerts-store.ts';
import type { AppUpdatesStore } from '../../state/app/app-updates.ts';
import type { PersistenceNoticeStore } from '../../state/app/persistence-notice.ts';
import type { ThemeStore } from '../../state/app/theme-store.ts';
import type { ToastStore } from '../../state/app/toast-store.ts';
import type { ToolProfilesStore } from '../../state/app/tool-profiles-store.ts';
import type { UiStore } from '../../state/app/ui-store.ts';
import type { BundleImportStore } from '../../state/bundles/bundle-import-store.ts';
import type { MemoryStore } from '../../state/know-how/memory-store.ts';
import type { ProjectsStore } from '../../state/know-how/projects-store.ts';
import type { SkillsStore } from '../../state/know-how/skills-store.ts';
import type { ReplayStore } from '../../state/replay/replay-store.ts';
import type { SettingsStore } from '../../state/settings/settings-store.ts';
import type { ConversationsStore } from '../../state/thread/conversations-store.ts';
import type { TaskChangesStore } from '../../state/thread/task-changes-store.ts';
import type { ThreadStore } from '../../state/thread/thread-store.ts';
import type { ToolOutputStore } from '../../state/thread/tool-output-store.ts';
import type { WorkspaceChangesStore } from '../../state/thread/workspace-changes-store.ts';
import type { AttachmentsStore } from '../../state/uploads/attachments-store.ts';
import type { WorkspaceStore } from '../../state/workspace/workspace-store.ts';

/** Everything components share: the agent client and one store per domain. */
export type AppServices = {
  client: AgentClient;
  conversations: ConversationsStore;
  thread: ThreadStore;
  settings: SettingsStore;
  theme: ThemeStore;
  toasts: ToastStore;
  ui: UiStore;
  /** Files attached in the composer, not yet sent. */
  attachments: AttachmentsStore;
  /** The open conversation's workspace files, read from IndexedDB. */
  workspace: WorkspaceStore;
  /** Live output of the open conversation's running actions. */
  toolOutput: ToolOutputStore;
  /** What each of the open conversation's actions changed in its workspace. */
  workspaceChanges: WorkspaceChangesStore;
  /** Everything the open conversation's task changed (the Computer panel's Changes tab). */
  taskChanges: TaskChangesStore;
  /** The service worker: a waiting new version, the install prompt. */
  appUpdates: AppUpdatesStore;
  /** Alerts the worker broadcast (storage full), shown as banners. */
  alerts: AlertsStore;
  /** Whether the browser keeps our data, told once after the first task. */
  persistenceNotice: PersistenceNoticeStore;
  /** Imports of conversation bundles (file, drop, `?bundle=`). */
  bundleImport: BundleImportStore;
  /** Replay of the open conversation. */
  replay: ReplayStore;
  /** The tool profiles (Manus, OpenManus, muxd) and the one picked for the next new conversation. */
  toolProfiles: ToolProfilesStore;
  /** The installed Agent Skills (Settings → Skills, a dropped skill zip, the agent's drafts). */
  skills: SkillsStore;
  /** Projects (instructions and knowledge files) and the one the next new conversation starts in. */
  projects: ProjectsStore;
  /** What the agent remembers about the person, and its proposals (Settings → Memory, the proposal card). */
  memories: MemoryStore;
  /** Runs a worker call; a rejection becomes an inline error toast. Resolves true on success. */
  attempt(action: () => Promise<unknown>, failurePrefix?: string): Promise<boolean>;
};

export const AppContext = createContext<AppServices>();

/** The app's services; only valid inside `<App>`. */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp() must be called inside <App>.');
  return services;
}
