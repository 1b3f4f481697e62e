import type { PendingRewind, RewindPreview } from './checkpoints.ts';
import type { Conversation } from './conversation.ts';
import type { StoredEvent } from './events.ts';
import type { DownloadOutcome, LoadProgress, LocalModelList } from './local-model-facts.ts';
import type { NodeRuntimeHostPort } from './node-runtime-messages.ts';
import type { Plan } from './phase-plan.ts';
import type { PreviewBrowserHostPort } from './preview-browser.ts';
import type { ProviderSetup, ServerCapabilities } from './providers.ts';
import type { Schedule, ScheduleEdit } from './schedules.ts';
import type { DaySpend } from './spend.ts';
import type { MessageUpload } from './uploads.ts';
import type { WorkspaceFile } from './workspace.ts';
import type { ChangedVersions, StepChange, StepChangeSummary, TaskChange } from './workspace-change-rows.ts';

/** An exported conversation: a file name and the bundle's bytes. */
export type ExportedBundle = { fileName: string; bytes: Uint8Array };

/** What the person chose to put in an exported bundle beyond the conversation itself. */
export type BundleExportOptions = {
  /** The memories the conversation started with (personal: left out unless ticked). */
  includeMemories?: boolean;
};

/**
 * What one conversation keeps in IndexedDB, in bytes: its events and plan (as JSON), its
 * workspace's files (as stored), and its checkpoints (the workspace history: the replaced
 * versions' bytes, plus the change and checkpoint rows as JSON).
 */
export type ConversationUsage = {
  conversationId: string;
  historyBytes: number;
  workspaceBytes: number;
  checkpointBytes: number;
  /** Checkpoints the conversation keeps (one per settled step and per message or reply of the person). */
  checkpoints: number;
  /** Steps' own checkpoints in its workspace (its sub-agents' too): what pruning would drop. */
  stepCheckpoints: number;
};

/**
 * The backup copies: `conversations` and `bytes` of those whose conversation the database
 * does not have (after the browser deleted it: all of them), `copies` and `copiesBytes` of
 * all. `isAvailable` false: this browser keeps no copies (no private file system).
 */
export type BackupSummary = {
  isAvailable: boolean;
  conversations: number;
  bytes: number;
  copies: number;
  copiesBytes: number;
};

/** What restoring the backup copies did: how many came back (as which conversations), and each that could not, with why. */
export type BackupRestoreReport = {
  restored: number;
  conversationIds: string[];
  failed: { name: string; reason: string }[];
};

/** What pruning a workspace's history drops and frees: a preview, or what was done. */
export type HistoryPruning = {
  /** Steps whose own checkpoint (and so their separate changes) goes, its sub-agents' included. */
  steps: number;
  /** Checkpoints of the person's messages and replies, all kept. */
  keptCheckpoints: number;
  /** Change rows folded away. */
  droppedChanges: number;
  /** Bytes of the replaced versions no checkpoint needs any more (exact). */
  freedBytes: number;
  /** Bytes of the dropped change and checkpoint rows, estimated as their JSON. */
  freedRowBytes: number;
  /** The conversations whose checkpoints change: this one, and sub-agents working in its workspace. */
  conversationIds: string[];
};

/** How a conversation starts: its tool profile, the files sent with its first message, its project. */
export type StartOptions = { profileId?: string; upload?: MessageUpload; projectId?: string };

/** A tool profile as the UI offers it: its id, its name, and one line on what it is. */
export type ToolProfileSummary = { id: string; title: string; summary: string };

/** Everything the UI needs to render one conversation. */
export type ConversationSnapshot = {
  conversation: Conversation;
  events: StoredEvent[];
  plan: Plan | null;
  /** The rewind that can still be undone (until the next message), if any. */
  rewind?: PendingRewind | null;
  /**
   * Set when the database could not be opened (a full disk) and this is the conversation's
   * backup copy, read only: as it was when copied (`copiedAt`, ms since the epoch).
   */
  backupCopy?: { copiedAt: number };
};

/** A workspace entry without its bytes: what a file list shows. */
export type WorkspaceEntryInfo = Pick<WorkspaceFile, 'path' | 'kind' | 'size' | 'modifiedAt'>;

/**
 * The agent worker's API, exposed with comlink. Every method resolves once the
 * change is durable; progress arrives separately on the BroadcastChannel.
 */
export interface AgentWorkerApi {
  /**
   * Creates a conversation from a first task and starts its run; resolves with its id.
   * The conversation keeps the tool profile it starts with (default: Manus) for life.
   * `options.upload`'s files are written with the first message, as for `sendMessage`.
   */
  startConversation(text: string, options?: StartOptions): Promise<string>;
  /**
   * Sends a new message to an existing conversation (answers an open question if there is
   * one). Its files, if any, are written to the workspace in the same transaction as the
   * message, or the whole send is refused with the reason (over the size limit, or while
   * the agent is working) and nothing is written. The text may be empty when files come.
   * Text over 16 KB of UTF-8 goes as one more file, `pasted-N.txt`, the message keeping its
   * start and where the whole of it is (refused while the agent is working, like files).
   */
  sendMessage(conversationId: string, text: string, upload?: MessageUpload): Promise<void>;
  /**
   * Answers the open `message.ask` with `askUuid` and resumes the loop where it stopped.
   * Files and long text go as for `sendMessage`.
   */
  replyToAsk(conversationId: string, askUuid: string, text: string, upload?: MessageUpload): Promise<void>;
  /** Stops the run: aborts the in-flight model request and cancels the action in flight. */
  stop(conversationId: string): Promise<void>;
  listConversations(): Promise<Conversation[]>;
  readConversation(conversationId: string): Promise<ConversationSnapshot | null>;
  deleteConversation(conversationId: string): Promise<void>;
  /** Switches a conversation to another saved provider (from its next run on). */
  setConversationProvider(conversationId: string, providerId: string): Promise<void>;
  /** Gives up the retries of a failed model request in the conversation's run: it pauses and asks. */
  cancelRetries(conversationId: string): Promise<void>;
  /**
   * Runs a conversation that ended on an error again from where it stopped (the same step,
   * nothing forced anew), e.g. once its provider's settings are fixed. Rejects when there
   * is nothing to retry.
   */
  retryRun(conversationId: string): Promise<void>;
  /**
   * Asks a remote provider's server what it is and what it supports (Settings' Test
   * connection), keeps what it said for the provider's runs, and returns what is known.
   * Null when the server said nothing.
   */
  identifyServer(
    setup: Pick<ProviderSetup, 'id' | 'kind' | 'baseUrl' | 'apiKey' | 'model' | 'toolCalls'>,
  ): Promise<ServerCapabilities | null>;
  /** Forgets what was learned about a provider's server: its next run asks it afresh and starts native. */
  forgetServer(providerId: string): Promise<void>;
  /**
   * Hands the worker the main thread's WebContainer host (a `Comlink.proxy` of it).
   * Runs use it as their sandbox while the `nodeRuntime` setting is on and the host
   * reports ready; otherwise the virtual sandbox serves.
   */
  connectNodeRuntime(host: NodeRuntimeHostPort): Promise<void>;
  /**
   * Hands the worker the main thread's preview browser (a `Comlink.proxy` of it): runs
   * then load the conversation's own previews in its agent frame with their scripts run,
   * read them as rendered and act on them. Until it is connected (and in Node) they are
   * read from their files. A later call replaces the host.
   */
  connectPreviewBrowser(host: PreviewBrowserHostPort): Promise<void>;

  /**
   * One conversation as a bundle (zip): its events, plan and workspace; no settings. The
   * memories it started with are left out (an empty list) unless `includeMemories`.
   */
  exportConversation(conversationId: string, options?: BundleExportOptions): Promise<ExportedBundle>;
  /**
   * Validates a bundle and imports it as a new conversation, marked as imported; resolves
   * with its id and title, or rejects with the reason.
   */
  importBundle(bytes: Uint8Array): Promise<{ conversationId: string; title: string }>;
  /** Bytes each conversation keeps (history and workspace), largest first. */
  storageUsage(): Promise<ConversationUsage[]>;
  /** The backup copies of conversations the database no longer has (a full disk deleted it). */
  backupSummary(): Promise<BackupSummary>;
  /** Imports those copies as conversations again. */
  restoreBackups(): Promise<BackupRestoreReport>;
  /**
   * The workspace entries of a conversation's backup copy (null: none), for while the
   * database cannot be opened (`ConversationSnapshot.backupCopy`).
   */
  readBackupEntries(conversationId: string): Promise<WorkspaceEntryInfo[] | null>;
  /** One file of a conversation's backup copy, with its bytes (null: no copy or no such file). */
  readBackupFile(conversationId: string, path: string): Promise<WorkspaceFile | null>;
  /** Deletes a conversation's workspace files and their history, keeping its events. */
  clearWorkspace(conversationId: string): Promise<void>;
  /** What `pruneHistory` would drop and free now; changes nothing. */
  previewHistoryPruning(conversationId: string): Promise<HistoryPruning>;
  /**
   * Drops the checkpoints of the steps in a conversation's workspace (its sub-agents' too)
   * and folds the changes between the person's messages, all or nothing; every message's
   * and reply's workspace stays exactly as it was, and the files now are untouched.
   * Refused while the conversation runs. Never done unless asked.
   */
  pruneHistory(conversationId: string): Promise<HistoryPruning>;
  /** What an action changed in the workspace, whatever tool did it (a shell command's writes too). */
  actionChanges(conversationId: string, actionUuid: string): Promise<StepChange[]>;
  /** What rewinding the conversation to the step whose event is `seq` would drop and change. */
  rewindPreview(conversationId: string, seq: number): Promise<RewindPreview>;
  /**
   * Rewinds the conversation to that step: later steps and messages are dropped and the
   * workspace is put back as it was after it. Undoable until the next message is sent;
   * refused while the conversation runs.
   */
  rewindConversation(conversationId: string, seq: number): Promise<PendingRewind>;
  /** Undoes the conversation's pending rewind (everything it dropped comes back). */
  undoRewind(conversationId: string): Promise<void>;
  /** A new conversation from that step: its history up to it and the workspace as it was then; resolves with its id. */
  forkConversation(conversationId: string, seq: number): Promise<string>;
  /**
   * How many workspace paths each action changed, by its uuid (actions that changed none
   * left out), and the events that have a checkpoint to rewind or fork to (steps pruned
   * or older than checkpoints have none).
   */
  stepChangeSummary(conversationId: string): Promise<StepChangeSummary>;
  /** One changed path's bytes before and after an action (null: absent, or a folder); null when it did not change it. */
  changedFileVersions(
    conversationId: string,
    actionUuid: string,
    path: string,
  ): Promise<ChangedVersions | null>;
  /**
   * Everything the conversation's task changed in its workspace, one entry per path, each
   * with the actions that changed it: from the workspace as its first message left it (with
   * the files that message brought) to now; a sub-agent's, in its parent's workspace from
   * when it began to its last settled step. The app's own `.sandpiper/` is left out.
   */
  taskChanges(conversationId: string): Promise<TaskChange[]>;
  /** One path's bytes when the task began and now (null: absent, or a folder); null when the task did not change it. */
  taskFileVersions(conversationId: string, path: string): Promise<ChangedVersions | null>;
  /** What every conversation spent since local midnight, from the spend ledger at the providers' prices now. */
  spendToday(): Promise<DaySpend>;

  /** WebGPU's verdict on this device and the in-browser models judged against it. */
  listLocalModels(): Promise<LocalModelList>;
  /** Downloads (and loads) an in-browser model; `onProgress` is a `Comlink.proxy`. Never rejects. */
  downloadLocalModel(
    modelId: string,
    contextWindowTokens: number,
    onProgress: (progress: LoadProgress) => void,
  ): Promise<DownloadOutcome>;
  cancelLocalModelDownload(): Promise<void>;
  deleteLocalModel(modelId: string): Promise<void>;

  /** The tool profiles a new conversation may use, the default (Manus) first. */
  listToolProfiles(): Promise<ToolProfileSummary[]>;

  /** Every schedule, oldest first. */
  listSchedules(): Promise<Schedule[]>;
  /**
   * Changes a schedule (name, prompt, time, time zone, paused) and recomputes its next
   * run; rejects with the reason for a bad cron or time zone, changing nothing.
   */
  updateSchedule(scheduleId: string, edit: ScheduleEdit): Promise<Schedule>;
  deleteSchedule(scheduleId: string): Promise<void>;
  /** Starts a run of the schedule now (its timetable unchanged); resolves with the new conversation's id. */
  runScheduleNow(scheduleId: string): Promise<string>;
  /** Whether this tab's worker is the one that fires schedules (one tab at a time). */
  isSchedulerLeader(): Promise<boolean>;
  /**
   * Takes the Web Lock `name` for the worker's whole life; resolves once it is held. The
   * page then asks for the same lock, which it gets only when the worker has stopped.
   */
  holdLifeLock(name: string): Promise<void>;
}

/** The part of the worker API the agent runtime itself serves (runs, messages, workspaces). */
export type RuntimeApi = Pick<
  AgentWorkerApi,
  | 'startConversation'
  | 'sendMessage'
  | 'replyToAsk'
  | 'stop'
  | 'listConversations'
  | 'readConversation'
  | 'deleteConversation'
  | 'setConversationProvider'
  | 'cancelRetries'
  | 'retryRun'
  | 'connectNodeRuntime'
  | 'connectPreviewBrowser'
  | 'clearWorkspace'
>;

/** The reply sent by a Confirm button. */
export const CONFIRM_REPLY = 'Confirm';
/** The reply sent by a Cancel button. */
export const CANCEL_REPLY = 'Cancel';
/** The reply sent by a Retry button. */
export const RETRY_REPLY = 'Retry';
