import * as Comlink from 'comlink';
import {
  BROADCAST_CHANNEL_NAME,
  BroadcastMessage,
  DIAGNOSTICS_CHANNEL_NAME,
} from '../shared/protocol/broadcast.ts';
import { ScheduleEdit } from '../shared/protocol/schedules.ts';
import { orFromBackupCopy } from '../shared/protocol/storage-full.ts';
import type { AgentWorkerApi, RuntimeApi } from '../shared/protocol/worker-api.ts';
import { openOpfsBackupFolder } from '../shared/storage/backup-folder.ts';
import { ConversationRepository } from '../shared/storage/conversation-repository.ts';
import { SandpiperDatabase } from '../shared/storage/db.ts';
import { previewHistoryPruning } from '../shared/storage/history-pruning.ts';
import { SettingsRepository } from '../shared/storage/settings-repository.ts';
import { SpendLedger } from '../shared/storage/spend-ledger.ts';
import { readDaySpend } from './engine/spend-cap.ts';
import { createOpenAiCompatibleProvider } from './llm/providers/openai-compatible.ts';
import { createEngineHost } from './llm/providers/webllm/engine-host.ts';
import type { GpuLike } from './llm/providers/webllm/gpu-detection.ts';
import { loadWebLlmLibrary } from './llm/providers/webllm/load-web-llm.ts';
import { LocalModels } from './llm/providers/webllm/local-model-library.ts';
import { createWebLlmProvider } from './llm/providers/webllm/webllm-provider.ts';
import { profileSummaries, TOOL_PROFILES } from './profiles/index.ts';
import { BackupReader } from './runtime/backup-reader.ts';
import { ConversationArchive } from './runtime/conversation-archive.ts';
import { ConversationBackups } from './runtime/conversation-backups.ts';
import { createDiagnostics } from './runtime/diagnostics.ts';
import { RecoveryAttempts } from './runtime/recovery-attempts.ts';
import { AgentRuntime } from './runtime/runtime.ts';
import { Scheduler, webLeaderLock } from './runtime/schedules/scheduler.ts';
import { identifyServer } from './runtime/server-knowledge.ts';
import { WorkspaceChanges } from './runtime/workspace-changes.ts';

const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
const onStepTiming = createDiagnostics(new BroadcastChannel(DIAGNOSTICS_CHANNEL_NAME));
const engineHost = createEngineHost(() => loadWebLlmLibrary());
const localModels = new LocalModels(engineHost, () => (navigator as { gpu?: GpuLike }).gpu);
const database = new SandpiperDatabase();
const settingsRepository = new SettingsRepository(database);
// A second copy of each conversation, for a browser that deletes the database (a full disk).
// (Its closures read the runtime and the archive, made below, only once called.)
const backupFolder = openOpfsBackupFolder();
// The copies read only, for while the database cannot be opened (a full disk).
const backupReader = new BackupReader(backupFolder);
const backups = new ConversationBackups({
  folder: backupFolder,
  conversations: () => runtime.listConversations(),
  conversation: (id) => new ConversationRepository(database).get(id),
  exportBundle: async (id) => (await archive.exportIfThere(id))?.bytes ?? null,
  restoreCopy: (bytes) => archive.restoreCopy(bytes),
  exclusively: (work) => navigator.locks.request('sandpiper-backup-restore', work),
  onError: (error) => console.warn('Sandpiper: a backup copy failed', error),
});

/**
 * Posts on the channel; a scheduled conversation's new status is also recorded on its
 * schedule, and a conversation that settled (or was deleted) reaches its backup copy.
 */
function publish(message: BroadcastMessage): void {
  channel.postMessage(message);
  backups.observe(message);
  if (message.type === 'conversation' && message.conversation.scheduled)
    void runtime.schedules.observe(message.conversation).catch((error: unknown) => {
      console.error('Sandpiper: recording a scheduled run’s outcome failed', error);
    });
  if (message.type === 'schedule' || message.type === 'schedule_deleted') scheduler.wake();
}
const runtime = new AgentRuntime({
  database,
  publish,
  createProvider: (setup, settings, server) =>
    setup.kind === 'webllm'
      ? createWebLlmProvider({
          host: engineHost,
          model: { modelId: setup.model, contextWindowTokens: setup.contextWindowTokens },
        })
      : createOpenAiCompatibleProvider({
          ...setup,
          requestTimeoutMs: settings.requestTimeoutMs,
          ...server,
        }),
  onStepTiming,
  // Where the browser has no private file system, a failed write is not probed (taken as not full).
  hasSpace: async (bytes) => (await backupFolder)?.canWrite(bytes) ?? true,
  // The runtime knows no profile by name: the worker hands it the app's.
  profiles: TOOL_PROFILES,
  // Preview URLs live under the app's scope, which the worker's own URL is served from.
  appBaseUrl: new URL(import.meta.env.BASE_URL, self.location.origin).href,
});

// One tab's worker fires schedules (a Web Lock); it waits for the recovery, so a catch-up
// run never races the runs being recovered.
const scheduler = new Scheduler(runtime.schedules, {
  lock: webLeaderLock(),
  now: Date.now,
  onError: (error) => console.error('Sandpiper: firing schedules failed', error),
});

/** What each step changed in a workspace, read from its history. */
const workspaceChanges = new WorkspaceChanges(database);

const archive = new ConversationArchive({
  database,
  publish,
  newId: () => crypto.randomUUID(),
  now: Date.now,
  appVersion: __APP_VERSION__,
  profiles: TOOL_PROFILES,
});

// Every command waits for the recovery, so none can interleave with its writes (and tries
// it again first while the database could not be opened for it). The API is exposed at
// once: messages posted to a worker before it listens are lost.
const recovery = new RecoveryAttempts(
  () => runtime.recoverInterruptedRuns().then(() => runtime.followRunsElsewhere()),
  (error) => console.error('Sandpiper: recovering interrupted runs failed', error),
);
const ready = recovery.current();
void ready.then(() => scheduler.start());
void ready
  .then(() => backups.catchUp())
  .catch((error: unknown) => console.warn('Sandpiper: catching up with the backup copies failed', error));

// A run another tab starts is followed, to be taken over if that tab closes mid-run. (A
// channel hears other contexts only, so this worker's own messages are not read back.)
channel.addEventListener('message', (event: MessageEvent<unknown>) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // A schedule made or changed in another tab: the leader looks again.
  if (type === 'schedule' || type === 'schedule_deleted') return scheduler.wake();
  // Another tab rewound a conversation: this worker reads its log and workspace afresh.
  if (type === 'conversation_rewound') {
    const parsed = BroadcastMessage.safeParse(event.data);
    if (parsed.success && parsed.data.type === 'conversation_rewound')
      runtime.checkpoints.forgetRewritten(parsed.data.conversationId);
    return;
  }
  // Another tab deleted a conversation: its backup copy goes (that tab removed it; a copy this
  // worker was writing meanwhile must not bring it back).
  if (type === 'conversation_deleted') {
    const parsed = BroadcastMessage.safeParse(event.data);
    if (parsed.success) backups.observe(parsed.data);
    return;
  }
  // Most messages are events: skip them before validating anything (this runs on every step).
  if (type !== 'conversation') return;
  const parsed = BroadcastMessage.safeParse(event.data);
  if (!parsed.success || parsed.data.type !== 'conversation') return;
  const { id, status } = parsed.data.conversation;
  if (status === 'running') void recovery.current().then(() => runtime.followRun(id));
});

/** `method` of the runtime, called only once the recovery is done. */
function afterRecovery<K extends keyof RuntimeApi>(method: K): RuntimeApi[K] {
  const call = runtime[method] as (...args: unknown[]) => Promise<unknown>;
  return (async (...args: unknown[]) => {
    await recovery.done();
    return call.apply(runtime, args);
  }) as RuntimeApi[K];
}

/** Runs `call` once the recovery is done. */
async function whenReady<T>(call: () => Promise<T>): Promise<T> {
  await recovery.done();
  return call();
}

const api: AgentWorkerApi = {
  startConversation: afterRecovery('startConversation'),
  sendMessage: afterRecovery('sendMessage'),
  replyToAsk: afterRecovery('replyToAsk'),
  stop: afterRecovery('stop'),
  listConversations: async () => {
    await recovery.done();
    return orFromBackupCopy(
      () => runtime.listConversations(),
      () => backupReader.conversations(),
    );
  },
  readConversation: async (id) => {
    await recovery.done();
    return orFromBackupCopy(
      () => runtime.readConversation(id),
      () => backupReader.snapshot(id),
      () => backupReader.release(),
    );
  },
  deleteConversation: afterRecovery('deleteConversation'),
  setConversationProvider: afterRecovery('setConversationProvider'),
  cancelRetries: (id) => runtime.cancelRetries(id),
  retryRun: afterRecovery('retryRun'),
  identifyServer: (provider) => identifyServer({ settings: settingsRepository, now: Date.now }, provider),
  forgetServer: (providerId) => settingsRepository.forgetServerCapabilities(providerId),
  // Arrives from the main thread as a comlink proxy; needs no recovery to be done first.
  connectNodeRuntime: (host) => runtime.connectNodeRuntime(host),
  // A comlink proxy too; runs read it at each call, so it may come before or after recovery.
  connectPreviewBrowser: (host) => runtime.connectPreviewBrowser(host),
  exportConversation: async (id, options) => {
    const exported = await archive.exportConversation(id, options);
    return Comlink.transfer(exported, [exported.bytes.buffer]);
  },
  importBundle: async (bytes) => {
    const { id, title } = await archive.importConversation(bytes);
    return { conversationId: id, title };
  },
  storageUsage: () => archive.storageUsage(),
  backupSummary: () => whenReady(() => backups.summary()),
  restoreBackups: () => whenReady(() => backups.restore()),
  readBackupEntries: (id) => backupReader.entries(id),
  readBackupFile: (id, path) => backupReader.file(id, path),
  clearWorkspace: afterRecovery('clearWorkspace'),
  rewindPreview: (id, seq) => whenReady(() => runtime.checkpoints.preview(id, seq)),
  rewindConversation: (id, seq) => whenReady(() => runtime.checkpoints.rewind(id, seq)),
  undoRewind: (id) => whenReady(() => runtime.checkpoints.undoRewind(id)),
  forkConversation: (id, seq) => whenReady(() => runtime.checkpoints.fork(id, seq)),
  previewHistoryPruning: (conversationId) => previewHistoryPruning(database, conversationId),
  pruneHistory: async (conversationId) => {
    await recovery.done();
    return runtime.workspaces.pruneHistory(conversationId);
  },
  actionChanges: (conversationId, actionUuid) => workspaceChanges.ofAction(conversationId, actionUuid),
  stepChangeSummary: (conversationId) => workspaceChanges.stepSummary(conversationId),
  changedFileVersions: (conversationId, actionUuid, path) =>
    workspaceChanges.versions(conversationId, actionUuid, path),
  taskChanges: (conversationId) => workspaceChanges.ofTask(conversationId),
  taskFileVersions: (conversationId, path) => workspaceChanges.taskVersions(conversationId, path),
  spendToday: async () =>
    readDaySpend({
      ledger: new SpendLedger(database),
      settings: await settingsRepository.getAgentSettings(),
      now: Date.now(),
    }),
  listLocalModels: () => localModels.list(),
  downloadLocalModel: async (modelId, window, onProgress) => {
    try {
      return await localModels.download(modelId, window, onProgress);
    } finally {
      // The callback arrived as a comlink proxy: release its port once the download ends.
      (onProgress as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy]?.();
    }
  },
  cancelLocalModelDownload: () => localModels.cancelDownload(),
  deleteLocalModel: (modelId) => localModels.remove(modelId),
  listToolProfiles: async () => profileSummaries(),
  listSchedules: () => runtime.schedules.list(),
  updateSchedule: async (id, edit) => runtime.schedules.update(id, ScheduleEdit.parse(edit)),
  deleteSchedule: (id) => runtime.schedules.delete(id),
  runScheduleNow: async (id) => {
    await recovery.done();
    return runtime.schedules.runNow(id);
  },
  isSchedulerLeader: async () => scheduler.isLeader,
  holdLifeLock: (name) =>
    new Promise<void>((held) => {
      // Never released: the browser frees it when this worker stops, however it stops.
      void navigator.locks.request(name, () => {
        held();
        return new Promise<never>(() => undefined);
      });
    }),
};

Comlink.expose(api);
