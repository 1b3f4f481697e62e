import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../src/agent-worker/engine/journal.ts';
import { ScheduleService } from '../../src/agent-worker/runtime/schedules/schedule-service.ts';
import { Scheduler, type SchedulerTimers } from '../../src/agent-worker/runtime/schedules/scheduler.ts';
import type { ScheduleRequest } from '../../src/agent-worker/toolkit/ports/schedules-port.ts';
import type { BroadcastMessage } from '../../src/shared/protocol/broadcast.ts';
import { SAVED_OPENAI, SETTINGS_WITH_OPENAI } from '../../src/shared/protocol/settings-fixtures.ts';
import { ConversationRepository } from '../../src/shared/storage/conversation-repository.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { EventRepository } from '../../src/shared/storage/event-repository.ts';
import { KnowHowRepository } from '../../src/shared/storage/know-how-repository.ts';
import { ScheduleRepository } from '../../src/shared/storage/schedule-repository.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { SharedTabLocks } from '../fixtures/tab-locks.ts';

/**
 * The scheduler on a fake clock: three tabs' schedulers over one database (each its own
 * service, as each tab's worker has), sharing Web Locks as tabs do. Firing writes real
 * conversations through the journal; starting their runs is recorded, not done.
 */

const HOUR = 3_600_000;
const START = Date.parse('2026-11-23T10:00:00Z');
const PROVIDER = SAVED_OPENAI.id;

let clock: number;
let database: SandpiperDatabase;
let locks: SharedTabLocks;
let launched: string[];
let timers: FakeTimers;

/** Timers that fire only when the test moves the clock. */
class FakeTimers implements SchedulerTimers {
  private pending = new Map<number, { at: number; callback: () => void }>();
  private nextHandle = 1;
  set(callback: () => void, milliseconds: number): unknown {
    const handle = this.nextHandle++;
    this.pending.set(handle, { at: clock + milliseconds, callback });
    return handle;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves the clock to `to`, firing the timers due on the way, in order. */
  advanceTo(to: number): void {
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, timer]) => timer.at <= to)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      clock = Math.max(clock, due[1].at);
      due[1].callback();
    }
    clock = to;
  }
}

type Tab = { service: ScheduleService; scheduler: Scheduler; close(): void; published: BroadcastMessage[] };

function openTab(): Tab {
  const published: BroadcastMessage[] = [];
  const publish = (message: BroadcastMessage) => published.push(message);
  const now = () => clock;
  const service = new ScheduleService({
    database,
    publish,
    now,
    newId: () => randomUUID(),
    journal: new Journal(database, publish, now),
    launch: (conversationId) => launched.push(conversationId),
    timeZone: () => 'Europe/Berlin',
  });
  const tabLocks = locks.openTab();
  const scheduler = new Scheduler(service, {
    lock: (task) => tabLocks.hold('sandpiper-scheduler', task),
    now,
    timers,
  });
  void scheduler.start();
  return {
    service,
    scheduler,
    published,
    close: () => {
      scheduler.stop();
      tabLocks.close();
    },
  };
}

const HOURLY: ScheduleRequest = {
  name: 'Hourly digest',
  type: 'interval',
  intervalSeconds: 3600,
  repeat: true,
  runs: null,
  prompt: 'Gather the news and send me a digest',
  playbook: 'Use search.news, then write digest.md',
};
const ORIGIN = { conversationId: 'origin', providerId: PROVIDER, profileId: 'manus' };

/** Lets the schedulers' pending checks and the database settle. */
async function settle(tabs: Tab[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await Promise.all(tabs.map((tab) => tab.scheduler.settled()));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeEach(async () => {
  clock = START;
  database = new SandpiperDatabase(`scheduler-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await new SettingsRepository(database).putAgentSettings(SETTINGS_WITH_OPENAI);
  locks = new SharedTabLocks();
  launched = [];
  timers = new FakeTimers();
});

describe('the scheduler across tabs', () => {
  it('fires from one tab of three, never twice, and another tab takes over when that one closes', async () => {
    const tabs = [openTab(), openTab(), openTab()];
    await settle(tabs);
    expect(tabs.map((tab) => tab.scheduler.isLeader)).toEqual([true, false, false]);
    const made = await tabs[1]!.service.create(HOURLY, ORIGIN);
    if ('error' in made) throw new Error(made.error);
    tabs[0]!.scheduler.wake();
    await settle(tabs);

    timers.advanceTo(START + HOUR + 10);
    await settle(tabs);
    expect(launched).toHaveLength(1);
    const conversations = await new ConversationRepository(database).list();
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      status: 'running',
      providerId: PROVIDER,
      profileId: 'manus',
      scheduled: { scheduleId: made.schedule.id, dueAt: START + HOUR, late: false },
    });
    expect(conversations[0]!.title).toBe('Hourly digest — Mon, 23 Nov 2026, 12:00');
    const events = await new EventRepository(database).list(conversations[0]!.id);
    expect(events.map((event) => event.body)).toEqual([
      { type: 'user_message', text: 'Gather the news and send me a digest' },
      {
        type: 'notice',
        kind: 'scheduled_run',
        forModel: true,
        text: 'This task was started by the schedule “Hourly digest”, due Mon, 23 Nov 2026, 12:00 (Europe/Berlin). Playbook from when it was scheduled:\nUse search.news, then write digest.md',
      },
    ]);

    // The leader closes: the next tab leads within the same moment and fires what comes due.
    tabs[0]!.close();
    await settle(tabs);
    expect(tabs.map((tab) => tab.scheduler.isLeader)).toEqual([false, true, false]);
    timers.advanceTo(START + 2 * HOUR + 10);
    await settle(tabs);
    expect(launched).toHaveLength(2);
    const schedule = await new ScheduleRepository(database).get(made.schedule.id);
    expect(schedule).toMatchObject({ nextRunAt: START + 3 * HOUR, missedCount: 0 });
    expect(schedule?.lastRun).toMatchObject({ dueAt: START + 2 * HOUR, outcome: 'running', late: false });
    for (const tab of tabs) tab.close();
  });

  it('after every tab was closed, runs one catch-up, marked late, and lists the rest as missed', async () => {
    const first = openTab();
    await settle([first]);
    const made = await first.service.create(HOURLY, ORIGIN);
    if ('error' in made) throw new Error(made.error);
    first.close();
    // Five hours and a quarter with no tab open.
    clock = START + 5 * HOUR + 15 * 60_000;
    const reopened = openTab();
    await settle([reopened]);
    expect(launched).toHaveLength(1);
    const schedule = await new ScheduleRepository(database).get(made.schedule.id);
    expect(schedule?.lastRun).toMatchObject({ dueAt: START + 5 * HOUR, late: true, outcome: 'running' });
    expect(schedule?.missed).toEqual([START + HOUR, START + 2 * HOUR, START + 3 * HOUR, START + 4 * HOUR]);
    expect(schedule?.missedCount).toBe(4);
    expect(schedule?.nextRunAt).toBe(START + 6 * HOUR);
    const [conversation] = await new ConversationRepository(database).list();
    const notice = (await new EventRepository(database).list(conversation!.id))[1]?.body;
    expect(notice).toMatchObject({
      text: expect.stringContaining(
        'It runs late: Sandpiper was not open at that time (4 earlier runs were missed and not run).',
      ),
    });
    reopened.close();
  });

  it('does not fire while paused, and counts from now once resumed', async () => {
    const tab = openTab();
    await settle([tab]);
    const made = await tab.service.create(HOURLY, ORIGIN);
    if ('error' in made) throw new Error(made.error);
    await tab.service.update(made.schedule.id, { paused: true });
    timers.advanceTo(START + 3 * HOUR);
    await settle([tab]);
    expect(launched).toHaveLength(0);
    const resumed = await tab.service.update(made.schedule.id, { paused: false });
    expect(resumed.nextRunAt).toBe(START + 4 * HOUR);
    tab.close();
  });

  it('fails clearly when the schedule’s provider was deleted, and keeps its timetable', async () => {
    const tab = openTab();
    await settle([tab]);
    const made = await tab.service.create(HOURLY, { ...ORIGIN, providerId: 'deleted-provider' });
    if ('error' in made) throw new Error(made.error);
    timers.advanceTo(START + HOUR + 10);
    await settle([tab]);
    expect(launched).toHaveLength(0);
    const [conversation] = await new ConversationRepository(database).list();
    expect(conversation?.status).toBe('error');
    const notices = (await new EventRepository(database).list(conversation!.id)).map((event) => event.body);
    expect(notices.at(-1)).toMatchObject({
      type: 'notice',
      kind: 'provider_error',
      text: expect.stringContaining('is no longer in Settings → Providers, so this run did not start'),
    });
    const schedule = await new ScheduleRepository(database).get(made.schedule.id);
    expect(schedule?.lastRun).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('Edit the schedule'),
    });
    expect(schedule?.nextRunAt).toBe(START + 2 * HOUR);
    tab.close();
  });

  it('records how a scheduled run ended on its schedule', async () => {
    const tab = openTab();
    await settle([tab]);
    const made = await tab.service.create(HOURLY, ORIGIN);
    if ('error' in made) throw new Error(made.error);
    const conversationId = await tab.service.runNow(made.schedule.id);
    const conversation = await new ConversationRepository(database).get(conversationId);
    await tab.service.observe({ ...conversation!, status: 'done' });
    const schedule = await new ScheduleRepository(database).get(made.schedule.id);
    expect(schedule?.lastRun).toMatchObject({ conversationId, outcome: 'done', late: false });
    // "Run now" left the timetable alone.
    expect(schedule?.nextRunAt).toBe(START + HOUR);
    tab.close();
  });

  it('starts each firing in the project its schedule was made in, with what it holds then', async () => {
    const tab = openTab();
    await settle([tab]);
    const knowHow = new KnowHowRepository(database);
    const project = { id: 'p1', name: 'Newsroom', instructions: 'Cite every source.', files: [] };
    await knowHow.projects.put({ ...project, createdAt: 1, updatedAt: 1 });
    await database.conversations.put({
      ...{ id: 'origin', title: 'Digest', status: 'done', createdAt: 1, updatedAt: 1 },
      ...{ profileId: 'manus', projectId: 'p1' },
    });
    const made = await tab.service.create(HOURLY, ORIGIN);
    if ('error' in made) throw new Error(made.error);
    expect(made.schedule.projectId).toBe('p1');
    const conversationId = await tab.service.runNow(made.schedule.id);
    const conversation = await new ConversationRepository(database).get(conversationId);
    expect(conversation?.projectId).toBe('p1');
    expect(conversation?.startContext?.project).toEqual(project);
    tab.close();
  });

  it('refuses what cannot be scheduled, saying why', async () => {
    const tab = openTab();
    const refusal = async (request: Partial<ScheduleRequest>) => {
      const result = await tab.service.create({ ...HOURLY, ...request }, ORIGIN);
      return 'error' in result ? result.error : null;
    };
    expect(await refusal({ intervalSeconds: 600 })).toBe(
      '`interval` must be at least 3600 seconds (1 hour); it was 600.',
    );
    expect(await refusal({ type: 'cron', cron: '0 0 25 * * *' })).toMatch(/hours \(0-23\) field "25"/);
    expect(await refusal({ type: 'cron', cron: '*/5 * * * * *' })).toMatch(/more often than once an hour/);
    expect(await refusal({ type: 'cron', cron: '*/5 * * * * *', repeat: false })).toBeNull();
    expect(await new ScheduleRepository(database).list()).toHaveLength(1);
    tab.close();
  });
});
