import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { StoredEvent } from '../../shared/protocol/events.ts';
import type { NodeRuntimeHostPort } from '../../shared/protocol/node-runtime-messages.ts';
import type { PreviewBrowserHostPort } from '../../shared/protocol/preview-browser.ts';
import { DEFAULT_TOOL_PROFILE_ID } from '../../shared/protocol/tool-roles.ts';
import type { MessageUpload } from '../../shared/protocol/uploads.ts';
import type { ConversationSnapshot, RuntimeApi, StartOptions } from '../../shared/protocol/worker-api.ts';
import { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import { EventRepository } from '../../shared/storage/event-repository.ts';
import { PlanRepository } from '../../shared/storage/plan-repository.ts';
import { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import { Journal } from '../engine/journal.ts';
import { ConversationSandboxes } from '../sandbox/conversation-sandboxes.ts';
import { PreviewBrowserLink } from '../toolkit/ports/live-previews.ts';
import { findProfile, type ToolProfile } from '../toolkit/profile.ts';
import { ActiveRuns } from './active-runs.ts';
import { ConversationCheckpoints } from './checkpoints/conversation-checkpoints.ts';
import { CommandQueue } from './command-queue.ts';
import { newConversation } from './conversation-text.ts';
import { reportCrash } from './crash-report.ts';
import { MemoryProposals } from './memory-proposals.ts';
import { runConversation } from './run-conversation.ts';
import { RunFollower } from './run-following.ts';
import { createRunLocks, type RunLocks } from './run-locks.ts';
import type { RunHandle } from './run-preparation.ts';
import { createRunStarters } from './run-starters.ts';
import type { RuntimeDependencies } from './runtime-dependencies.ts';
import type { ScheduleService } from './schedules/schedule-service.ts';
import type { SubAgents } from './sub-agents.ts';
import {
  filesTitle,
  type PreparedMessage,
  prepareMessage,
  refusedWhileWorking,
  userMessageBody,
  WORKING_WITH_FILES,
} from './uploads/message-uploads.ts';
import { WorkspaceUpkeep } from './workspace-upkeep.ts';

export type { RuntimeDependencies } from './runtime-dependencies.ts';

import { answerBodies, stopBodies } from '../engine/step-asks.ts';
import { closeDanglingActions, openQuestion } from '../engine/step-policy.ts';
import * as notices from './runtime-notices.ts';

/**
 * The agent runtime behind the worker API: owns the runs (at most one per
 * conversation), routes messages, replies and stops to them, and reports every
 * failure into the conversation instead of throwing it away.
 */
export class AgentRuntime implements RuntimeApi {
  private readonly active: ActiveRuns;
  private readonly follower: RunFollower;
  private readonly commands = new CommandQueue();
  private readonly sandboxes: ConversationSandboxes;
  private readonly journal: Journal;
  private readonly conversations: ConversationRepository;
  private readonly events: EventRepository;
  private readonly plans: PlanRepository;
  private readonly settings: SettingsRepository;
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly locks: RunLocks;
  private readonly profiles: readonly ToolProfile[];
  /** The schedules: made by runs' `schedule` calls, fired by the worker's scheduler into new runs. */
  readonly schedules: ScheduleService;
  private readonly subAgents: SubAgents;
  /** Rewind and fork from a step's checkpoint (refused while the conversation runs). */
  readonly checkpoints: ConversationCheckpoints;
  /** Clearing a workspace and pruning its history, as Settings → Storage asks. */
  readonly workspaces: WorkspaceUpkeep;
  private readonly previewBrowser = new PreviewBrowserLink();

  constructor(private readonly dependencies: RuntimeDependencies) {
    this.profiles = dependencies.profiles;
    this.now = dependencies.now ?? Date.now;
    this.newId = dependencies.newId ?? (() => crypto.randomUUID());
    this.locks = dependencies.locks ?? createRunLocks();
    const announce = new MemoryProposals(dependencies.database, this.now, this.newId).alsoTo(
      dependencies.publish,
    );
    this.journal = new Journal(dependencies.database, announce, this.now, (timing) =>
      dependencies.onStepTiming?.({ kind: 'commit', ...timing }),
    );
    this.conversations = new ConversationRepository(dependencies.database);
    this.events = new EventRepository(dependencies.database);
    this.plans = new PlanRepository(dependencies.database);
    this.settings = new SettingsRepository(dependencies.database);
    ({ schedules: this.schedules, subAgents: this.subAgents } = createRunStarters(dependencies, {
      journal: this.journal,
      conversations: this.conversations,
      events: this.events,
      newId: this.newId,
      now: this.now,
      launch: (conversationId) => this.active.launch(conversationId),
      stop: (conversationId) => this.stop(conversationId),
    }));
    this.active = new ActiveRuns({
      locks: this.locks,
      body: (handle) => this.run(handle),
      onCrash: (conversationId, error) => this.crash(conversationId, error),
      onLeftover: (conversationId, messages, wasStopped) =>
        void this.deliverLeftover(conversationId, messages, wasStopped),
    });
    this.sandboxes = new ConversationSandboxes({
      database: dependencies.database,
      now: this.now,
      ...(dependencies.openSandbox ? { openSandbox: dependencies.openSandbox } : {}),
    });
    const { active, locks, conversations, journal, sandboxes, commands } = this;
    this.follower = new RunFollower({ active, locks, conversations, journal, sandboxes });
    const { database, publish } = dependencies;
    const parts = { database, commands, active, locks, sandboxes, journal, publish };
    this.workspaces = new WorkspaceUpkeep(parts);
    this.checkpoints = new ConversationCheckpoints({ ...parts, newId: this.newId, now: this.now });
  }

  async startConversation(text: string, options: StartOptions = {}): Promise<string> {
    const id = this.newId();
    const message = await this.prepareMessage(id, text, options.upload);
    const { text: task, upload } = message;
    const profileId = options.profileId ?? DEFAULT_TOOL_PROFILE_ID;
    if (!findProfile(profileId, this.profiles)) {
      throw new Error(`There is no tool profile "${profileId}".`);
    }
    const { activeProviderId: providerId } = await this.settings.getAgentSettings();
    const title = task !== '' ? task : filesTitle(upload?.attachments ?? []);
    const conversation = await newConversation(this.dependencies.database, {
      ...{ id, title, providerId, profileId, now: this.now(), projectId: options.projectId },
    });
    await this.journal.createConversation(conversation, [userMessageBody(message)], upload?.files);
    void this.active.launch(conversation.id);
    return conversation.id;
  }

  async sendMessage(conversationId: string, text: string, upload?: MessageUpload): Promise<void> {
    await this.commands.exclusive(conversationId, async () => {
      const refused = this.active.has(conversationId) ? refusedWhileWorking(text, upload) : null;
      if (refused) throw new Error(refused);
      await this.deliver(conversationId, await this.prepareMessage(conversationId, text, upload));
    });
  }

  async replyToAsk(
    conversationId: string,
    askUuid: string,
    text: string,
    upload?: MessageUpload,
  ): Promise<void> {
    await this.commands.exclusive(conversationId, async () => {
      if (this.active.has(conversationId)) {
        throw new Error('The agent is still working; there is no open question.');
      }
      await this.answer(conversationId, askUuid, await this.prepareMessage(conversationId, text, upload));
    });
  }

  async stop(conversationId: string): Promise<void> {
    if (await this.active.stop(conversationId)) return;
    await this.commands.exclusive(conversationId, async () => {
      const question = openQuestion(await this.events.list(conversationId));
      if (!question) return;
      await this.journal.append(conversationId, stopBodies(question), { conversation: { status: 'idle' } });
    });
  }

  /**
   * Gives up the retries of a model request that failed on something passing: the run
   * stops waiting and asks whether to retry or stop. Nothing when no run is waiting.
   */
  async cancelRetries(conversationId: string): Promise<void> {
    this.active.cancelRetries(conversationId);
  }

  /** Runs a conversation that ended on an error again, from the step that failed (nothing forced anew). */
  async retryRun(conversationId: string): Promise<void> {
    await this.commands.exclusive(conversationId, async () => {
      const conversation = await this.conversations.get(conversationId);
      if (this.active.has(conversationId) || conversation?.status !== 'error') {
        throw new Error('There is nothing to retry: the conversation did not end on an error.');
      }
      if (!(await this.locks.isFree(conversationId))) {
        throw new Error('This conversation is running in another tab.');
      }
      await this.journal.append(conversationId, [notices.retriedNotice()], {
        conversation: { status: 'running' },
      });
      void this.active.launch(conversationId);
    });
  }

  listConversations(): Promise<Conversation[]> {
    return this.conversations.list();
  }

  async readConversation(conversationId: string): Promise<ConversationSnapshot | null> {
    const conversation = await this.conversations.get(conversationId);
    if (!conversation) return null;
    const [events, plan, rewind] = await Promise.all([
      this.events.list(conversationId),
      this.plans.get(conversationId),
      this.checkpoints.pending(conversationId),
    ]);
    return { conversation, events, plan, rewind };
  }

  async deleteConversation(conversationId: string): Promise<void> {
    await this.stop(conversationId);
    if (!(await this.locks.isFree(conversationId))) {
      throw new Error('This conversation is running in another tab. Stop it there before deleting it.');
    }
    await this.commands.exclusive(conversationId, () => this.conversations.delete(conversationId));
    this.journal.forget(conversationId);
    this.sandboxes.forget(conversationId);
    this.dependencies.publish({ type: 'conversation_deleted', conversationId });
  }

  /** Marks runs a closed page left `running` as interrupted, or goes on with them (see `markInterruptedRuns`). */
  recoverInterruptedRuns(): Promise<void> {
    const { conversations, events, journal, locks, commands, settings } = this;
    const ports = { conversations, events, journal, locks, commands, settings };
    const isActive = (conversationId: string) => this.active.has(conversationId);
    const askIn = notices.interruptedAsk(this.profiles, this.plans, this.newId);
    return notices.markInterruptedRuns({
      ...ports,
      isActive,
      askIn,
      launch: (id) => void this.active.launch(id),
    });
  }

  /**
   * Switches the conversation to another saved provider. Runs read it when they start,
   * so a run in progress finishes with its provider and the next one uses the new one.
   */
  async setConversationProvider(conversationId: string, providerId: string): Promise<void> {
    const settings = await this.settings.getAgentSettings();
    if (!settings.providers.some((profile) => profile.id === providerId)) {
      throw new Error('That provider is no longer saved in Settings.');
    }
    await this.commands.exclusive(conversationId, () =>
      this.journal.append(conversationId, [], { conversation: { providerId } }),
    );
  }

  /** Deletes a conversation's workspace files and their history (its events stay); refused while it runs. */
  clearWorkspace(conversationId: string): Promise<void> {
    return this.workspaces.clearWorkspace(conversationId);
  }

  /** Follows a run another tab holds, to take it over if that tab closes (see `RunFollower`). */
  followRun(conversationId: string): Promise<void> {
    return this.follower.follow(conversationId);
  }

  /** Follows every run that another tab holds right now (call once at start, after recovery). */
  followRunsElsewhere(): Promise<void> {
    return this.follower.followAll();
  }

  /** Takes the main thread's WebContainer host; later runs use it when the Node runtime is on and ready. */
  async connectNodeRuntime(host: NodeRuntimeHostPort): Promise<void> {
    this.sandboxes.connectNodeRuntime(host);
  }

  /** Takes the main thread's preview browser; runs (those in progress too) open their previews live in it. */
  async connectPreviewBrowser(host: PreviewBrowserHostPort): Promise<void> {
    this.previewBrowser.connect(host);
  }

  /** Resolves when the conversation has no run in progress (for tests and shutdown). */
  async idle(conversationId: string): Promise<void> {
    await this.active.idle(conversationId);
  }

  /** A message's text and files, placed and checked against the workspace limit (long text as a file). */
  private prepareMessage(conversationId: string, text: string, upload: unknown): Promise<PreparedMessage> {
    const [{ database }, now] = [this.dependencies, this.now()];
    return prepareMessage({ database, settings: this.settings, conversationId, text, upload, now });
  }

  /**
   * Routes a message: held for the running loop, the answer to an open question, or a new
   * run. Its files (only when no run is active) are written with it; the conversation's
   * open sandbox is then reopened from the saved workspace, so it sees them.
   */
  private async deliver(conversationId: string, message: PreparedMessage): Promise<void> {
    const { upload } = message;
    if (this.active.has(conversationId)) {
      if (upload) throw new Error(WORKING_WITH_FILES);
      this.active.queue(conversationId, message.text);
      return;
    }
    if (!(await this.locks.isFree(conversationId))) {
      throw new Error(
        'This conversation is running in another tab. Stop it there, or wait until it finishes.',
      );
    }
    const events = await this.events.list(conversationId);
    this.forgetSandboxIfChangedElsewhere(conversationId, events);
    const question = openQuestion(events);
    if (question) return this.answer(conversationId, question.envelope.uuid, message);
    await this.journal.append(
      conversationId,
      [...closeDanglingActions(events, 'Interrupted before it finished.'), userMessageBody(message)],
      { conversation: { status: 'running' }, ...(upload ? { files: upload.files } : {}) },
    );
    if (upload) this.sandboxes.forget(conversationId);
    void this.active.launch(conversationId);
  }

  /** Records the reply to the open question `askUuid` (with its files) and resumes the loop. */
  private async answer(conversationId: string, askUuid: string, reply: PreparedMessage): Promise<void> {
    const { upload } = reply;
    const events = await this.events.list(conversationId);
    this.forgetSandboxIfChangedElsewhere(conversationId, events);
    const question = openQuestion(events);
    if (!question || question.envelope.uuid !== askUuid) {
      throw new Error('This question has already been answered.');
    }
    const { bodies, isStopped } = answerBodies(question, reply.text, upload?.attachments);
    await this.journal.append(conversationId, bodies, {
      conversation: { status: isStopped ? 'idle' : 'running' },
      ...(upload ? { files: upload.files } : {}),
    });
    if (upload) this.sandboxes.forget(conversationId);
    if (!isStopped) void this.active.launch(conversationId);
  }

  /**
   * Another tab may have run this conversation (or cleared its workspace) since this
   * worker's sandbox last saw it: then the sandbox is reopened from the saved workspace
   * at its next use, rather than writing its stale files over newer ones. Call with the
   * log as read before this worker appends to it.
   */
  private forgetSandboxIfChangedElsewhere(conversationId: string, events: readonly StoredEvent[]): void {
    if (!this.journal.wroteLast(conversationId, events.at(-1)?.seq ?? -1))
      this.sandboxes.forget(conversationId);
  }

  /**
   * Messages sent while the run was ending (it asked, finished, failed or was stopped
   * before taking them) are never dropped: after a stop they are recorded for the next
   * run; otherwise they are delivered as if sent now (answering a question, or starting a run).
   */
  private async deliverLeftover(
    conversationId: string,
    messages: string[],
    wasStopped: boolean,
  ): Promise<void> {
    try {
      await this.commands.exclusive(conversationId, async () => {
        // Together they may be long enough to go as a file.
        const message = await this.prepareMessage(conversationId, messages.join('\n\n'), undefined);
        if (!wasStopped) return this.deliver(conversationId, message);
        const files = message.upload ? { files: message.upload.files } : {};
        await this.journal.append(conversationId, [userMessageBody(message)], files);
        if (message.upload) this.sandboxes.forget(conversationId);
      });
    } catch (error) {
      await this.crash(conversationId, error);
    }
  }

  private run(handle: RunHandle): Promise<void> {
    return runConversation(
      {
        ...this.dependencies,
        repositories: { conversations: this.conversations, events: this.events, plans: this.plans },
        settings: this.settings,
        profiles: this.profiles,
        sandboxes: this.sandboxes,
        journal: this.journal,
        schedules: this.schedules,
        subAgents: this.subAgents,
        previewBrowser: this.previewBrowser,
        newId: this.newId,
        now: this.now,
      },
      handle,
    );
  }

  private crash(conversationId: string, error: unknown): Promise<void> {
    const { publish, hasSpace } = this.dependencies;
    const reporting = { journal: this.journal, events: this.events, publish, hasSpace };
    return reportCrash(reporting, conversationId, error);
  }
}
