import type { ScheduleRequest } from '@/agent-worker/toolkit/ports/schedules-port.ts';
import { startContextFor } from '@/shared/know-how/start-context.ts';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { EventBody } from '@/shared/protocol/events.ts';
import {
  MIN_INTERVAL_SECONDS,
  type Schedule,
  type ScheduleEdit,
  type ScheduleRunOutcome,
} from '@/shared/protocol/schedules.ts';
import { type Firing, firingAt, firingNow } from '@/shared/schedules/schedule-firing.ts';
import { localTimeZone, nextDue, parseCron } from '@/shared/schedules/schedule-timing.ts';
import { localTime } from '@/shared/schedules/schedule-words.ts';
import type { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { ScheduleRepository } from '@/shared/storage/schedule-repository.ts';
import { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import type { Journal } from '../../engine/journal.ts';
import type { ScheduleBackend, ScheduleOrigin } from '../../toolkit/ports/run-ports.ts';

export type ScheduleServiceDependencies = {
  database: SandpiperDatabase;
  publish: (message: BroadcastMessage) => void;
  now: () => number;
  newId: () => string;
  /** The runtime's journal: a firing's conversation is written through it (so its runs see the same log). */
  journal: Journal;
  /** Starts the run of a conversation a firing wrote (the runtime's launch). */
  launch: (conversationId: string) => void;
  /** The person's time zone (default: this browser's). */
  timeZone?: () => string;
  /**
   * A tool profile's say on a person's edit of a schedule its tools made (muxd's X posts
   * keep their mark in step): given the schedule before, after the edit (timing
   * normalised) and the edit, returns what to save. Default: the edit as it is.
   */
  reconcileEdit?: (current: Schedule, edited: Schedule, edit: ScheduleEdit) => Schedule;
};

/** How a scheduled conversation's status reads on its schedule. */
const OUTCOMES: Partial<Record<Conversation['status'], ScheduleRunOutcome>> = {
  done: 'done',
  error: 'failed',
  asking: 'asking',
  idle: 'stopped',
};

/**
 * Schedules in the worker: made by the `schedule` tool (with its conversation's
 * provider and profile), edited, paused, deleted and fired. A firing writes, in one
 * transaction with the schedule's claim, a new conversation titled with the schedule's
 * name and due time, holding the prompt and (as the runtime's note to the model) when it
 * was due and the playbook; then its run starts. A schedule whose provider was deleted
 * still fires, into a conversation that says so, and its last run reads failed.
 */
export class ScheduleService implements ScheduleBackend {
  private readonly schedules: ScheduleRepository;
  private readonly settings: SettingsRepository;
  private readonly journal: Journal;

  constructor(private readonly dependencies: ScheduleServiceDependencies) {
    this.schedules = new ScheduleRepository(dependencies.database);
    this.settings = new SettingsRepository(dependencies.database);
    this.journal = dependencies.journal;
  }

  list(): Promise<Schedule[]> {
    return this.schedules.list();
  }

  /** The person's time zone: new schedules' crons are read in it. */
  timeZone(): string {
    return this.dependencies.timeZone?.() ?? localTimeZone();
  }

  /** A schedule from a tool's request, or the reason it cannot be made. */
  async create(
    request: ScheduleRequest,
    origin: ScheduleOrigin,
  ): Promise<{ schedule: Schedule } | { error: string }> {
    const now = this.dependencies.now();
    const timeZone = this.timeZone();
    const timing = checkTiming(request, timeZone);
    if ('error' in timing) return timing;
    const { projectId } = (await this.dependencies.database.conversations.get(origin.conversationId)) ?? {};
    const schedule: Schedule = {
      id: this.dependencies.newId(),
      name: request.name.trim() || 'Scheduled task',
      type: request.type,
      ...timing,
      repeat: request.repeat,
      remainingRuns: request.runs,
      prompt: request.prompt,
      playbook: request.playbook,
      timeZone,
      providerId: origin.providerId,
      profileId: origin.profileId,
      originConversationId: origin.conversationId,
      ...(typeof projectId === 'string' && projectId !== '' ? { projectId } : {}),
      createdAt: now,
      updatedAt: now,
      paused: false,
      nextRunAt: null,
      lastRun: null,
      missed: [],
      missedCount: 0,
      ...(request.mark ? { mark: request.mark } : {}),
    };
    schedule.nextRunAt = nextDue(schedule, now, now);
    if (schedule.nextRunAt === null) return { error: 'This schedule would never run.' };
    await this.schedules.put(schedule);
    this.dependencies.publish({ type: 'schedule', schedule });
    return { schedule };
  }

  /** Applies a person's edit, recomputing the next run; rejects with the reason, changing nothing. */
  async update(id: string, edit: ScheduleEdit): Promise<Schedule> {
    const now = this.dependencies.now();
    const current = await this.require(id);
    const edited: Schedule = {
      ...current,
      ...(edit.name !== undefined ? { name: edit.name } : {}),
      ...(edit.prompt !== undefined ? { prompt: edit.prompt } : {}),
      ...(edit.timeZone !== undefined ? { timeZone: edit.timeZone } : {}),
      ...(edit.providerId !== undefined ? { providerId: edit.providerId } : {}),
      ...(edit.paused !== undefined ? { paused: edit.paused } : {}),
      ...(edit.repeat !== undefined ? { repeat: edit.repeat } : {}),
      ...(edit.mark !== undefined ? { mark: edit.mark } : {}),
      ...(edit.cron !== undefined && current.type === 'cron' ? { cron: edit.cron } : {}),
      ...(edit.intervalSeconds !== undefined && current.type === 'interval'
        ? { intervalSeconds: edit.intervalSeconds }
        : {}),
      updatedAt: now,
    };
    const timing = checkTiming(
      { ...edited, repeat: edited.repeat, intervalSeconds: edited.intervalSeconds },
      edited.timeZone,
    );
    if ('error' in timing) throw new Error(timing.error);
    // Saved as checked (a cron's spacing normalised), then as the profile that made it keeps it.
    const normalised: Schedule = { ...edited, ...timing };
    const candidate = this.dependencies.reconcileEdit?.(current, normalised, edit) ?? normalised;
    if (edit.providerId !== undefined) {
      const { providers } = await this.settings.getAgentSettings();
      if (!providers.some((provider) => provider.id === edit.providerId))
        throw new Error('That provider is not in Settings → Providers.');
    }
    const isTimingChanged =
      edit.cron !== undefined ||
      edit.intervalSeconds !== undefined ||
      edit.timeZone !== undefined ||
      (edit.repeat !== undefined && edit.repeat !== current.repeat) ||
      (edit.paused === false && current.paused);
    // A finished schedule stays finished; a changed or resumed one counts from now (missed firings are not run).
    const nextRunAt =
      current.nextRunAt === null
        ? null
        : isTimingChanged
          ? nextDue(candidate, candidate.createdAt, now)
          : current.nextRunAt;
    const saved = await this.schedules.transact(id, (row) => (row ? { ...candidate, nextRunAt } : null));
    if (!saved) throw new Error('This schedule was deleted.');
    this.dependencies.publish({ type: 'schedule', schedule: saved });
    return saved;
  }

  async delete(id: string): Promise<void> {
    await this.schedules.delete(id);
    this.dependencies.publish({ type: 'schedule_deleted', scheduleId: id });
  }

  /** "Run now": a run of the schedule at once, its timetable unchanged; the new conversation's id. */
  async runNow(id: string): Promise<string> {
    const schedule = await this.require(id);
    const started = await this.fire(schedule, firingNow(schedule, this.dependencies.now()), false);
    if (!started) throw new Error('This schedule was deleted.');
    return started;
  }

  /** Fires every schedule due at `now` (once each, the latest due instant); the conversations started. */
  async fireDue(): Promise<string[]> {
    const started: string[] = [];
    const now = this.dependencies.now();
    for (const schedule of await this.schedules.list()) {
      const firing = firingAt(schedule, now);
      if (!firing) continue;
      const conversationId = await this.fire(schedule, firing, true);
      if (conversationId) started.push(conversationId);
    }
    return started;
  }

  /** The earliest next run of an active schedule (null: none). */
  async nextWake(): Promise<number | null> {
    const times = (await this.schedules.list())
      .filter((schedule) => !schedule.paused && schedule.nextRunAt !== null)
      .map((schedule) => schedule.nextRunAt as number);
    return times.length > 0 ? Math.min(...times) : null;
  }

  /** Records on its schedule how a scheduled conversation's run ended (from the conversations this worker publishes). */
  async observe(conversation: Conversation): Promise<void> {
    const scheduleId = conversation.scheduled?.scheduleId;
    const outcome = OUTCOMES[conversation.status];
    if (!scheduleId || !outcome) return;
    const saved = await this.schedules.recordOutcome(scheduleId, conversation.id, outcome);
    if (saved) this.dependencies.publish({ type: 'schedule', schedule: saved });
  }

  /**
   * Writes the firing's conversation with the schedule's claim (when `isTimed`, only if
   * its next run is still the one this firing read) and starts its run.
   */
  private async fire(schedule: Schedule, firing: Firing, isTimed: boolean): Promise<string | null> {
    const now = this.dependencies.now();
    const { providers } = await this.settings.getAgentSettings();
    const provider = providers.find((candidate) => candidate.id === schedule.providerId);
    const failure = provider
      ? null
      : `The provider this schedule was made with is no longer in Settings → Providers, so this run did not start. Edit the schedule “${schedule.name}” to pick another provider.`;
    const conversation: Conversation = {
      id: this.dependencies.newId(),
      title: `${schedule.name} — ${localTime(firing.dueAt, schedule.timeZone)}`,
      status: failure ? 'error' : 'running',
      createdAt: now,
      updatedAt: now,
      ...(schedule.providerId ? { providerId: schedule.providerId } : {}),
      profileId: schedule.profileId,
      startContext: await startContextFor(
        new KnowHowRepository(this.dependencies.database),
        schedule.projectId ?? null,
      ),
      ...(schedule.projectId ? { projectId: schedule.projectId } : {}),
      scheduled: { scheduleId: schedule.id, dueAt: firing.dueAt, late: firing.late },
    };
    const bodies: EventBody[] = [
      { type: 'user_message', text: schedule.prompt },
      { type: 'notice', kind: 'scheduled_run', text: runNote(schedule, firing), forModel: true },
      ...(failure
        ? [{ type: 'notice' as const, kind: 'provider_error' as const, text: failure, forModel: false }]
        : []),
    ];
    const { database } = this.dependencies;
    const saved = await this.schedules.transact(
      schedule.id,
      (current) => {
        if (!current) return null;
        if (isTimed && (current.paused || current.nextRunAt !== schedule.nextRunAt)) return null;
        return {
          ...current,
          ...firing.after,
          updatedAt: now,
          lastRun: {
            dueAt: firing.dueAt,
            startedAt: now,
            conversationId: conversation.id,
            outcome: failure ? 'failed' : 'running',
            late: firing.late,
            ...(failure ? { reason: failure } : {}),
          },
        };
      },
      () => this.journal.createConversation(conversation, bodies),
      [database.conversations, database.events, database.fileChanges, database.checkpoints],
    );
    if (!saved) return null;
    this.dependencies.publish({ type: 'schedule', schedule: saved });
    if (!failure) this.dependencies.launch(conversation.id);
    return conversation.id;
  }

  private async require(id: string): Promise<Schedule> {
    const schedule = await this.schedules.get(id);
    if (!schedule) throw new Error('This schedule was deleted.');
    return schedule;
  }
}

/** The runtime's note opening a scheduled run: which schedule, for when, late or not, and its playbook. */
function runNote(schedule: Schedule, firing: Firing): string {
  const when = localTime(firing.dueAt, schedule.timeZone);
  const late = firing.late
    ? ` It runs late: Sandpiper was not open at that time${firing.missedTotal > 0 ? ` (${firing.missedTotal} earlier run${firing.missedTotal === 1 ? ' was' : 's were'} missed and not run)` : ''}.`
    : '';
  const playbook = schedule.playbook ? ` Playbook from when it was scheduled:\n${schedule.playbook}` : '';
  return `This task was started by the schedule “${schedule.name}”, due ${when} (${schedule.timeZone}).${late}${playbook}`;
}

/** The timing fields of a request, checked: a valid 6-field cron, or an interval of at least an hour. */
function checkTiming(
  request: Pick<ScheduleRequest, 'type' | 'cron' | 'intervalSeconds' | 'repeat'>,
  timeZone: string,
): { cron: string } | { intervalSeconds: number } | { error: string } {
  if (request.type === 'interval') {
    const seconds = request.intervalSeconds;
    if (seconds === undefined) return { error: '`interval` (seconds) is required for the `interval` type.' };
    if (!Number.isInteger(seconds) || seconds < MIN_INTERVAL_SECONDS)
      return {
        error: `\`interval\` must be at least ${MIN_INTERVAL_SECONDS} seconds (1 hour); it was ${seconds}.`,
      };
    return { intervalSeconds: seconds };
  }
  const expression = request.cron?.trim() ?? '';
  if (expression === '') return { error: '`cron` is required for the `cron` type.' };
  const parsed = parseCron(expression, timeZone);
  if ('error' in parsed) return parsed;
  if (request.repeat) {
    const [first, second] = parsed.cron.nextRuns(2, new Date());
    if (first && second && second.getTime() - first.getTime() < MIN_INTERVAL_SECONDS * 1000)
      return {
        error: `"${expression}" runs more often than once an hour; recurring tasks run at most hourly (e.g. "0 0 * * * *" for every hour on the hour).`,
      };
  }
  return { cron: expression.split(/\s+/).join(' ') };
}
