import { describe, expect, it, vi } from 'vitest';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import type { AgentClient, BroadcastListener } from '../app/agent-client.ts';
import { createSchedulesStore } from './schedules-store.ts';

function schedule(id: string, overrides: Partial<Schedule> = {}): Schedule {
  return {
    id,
    name: id,
    type: 'interval',
    intervalSeconds: 3600,
    repeat: true,
    remainingRuns: null,
    prompt: 'Check',
    playbook: null,
    timeZone: 'UTC',
    providerId: null,
    profileId: 'manus',
    originConversationId: null,
    createdAt: 10,
    updatedAt: 10,
    paused: false,
    nextRunAt: 3_600_010,
    lastRun: null,
    missed: [],
    missedCount: 0,
    ...overrides,
  };
}

/** A client whose worker answers from `listed` and whose broadcasts the test sends. */
function fakeClient(listed: Schedule[]) {
  const listeners = new Set<BroadcastListener>();
  const api = {
    listSchedules: vi.fn(async () => listed),
    updateSchedule: vi.fn(async (id: string, edit: { paused?: boolean }) =>
      schedule(id, { paused: edit.paused ?? false, updatedAt: 99 }),
    ),
    deleteSchedule: vi.fn(async () => undefined),
    runScheduleNow: vi.fn(async () => 'conversation-9'),
  };
  const client = {
    api,
    subscribe(listener: BroadcastListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as AgentClient;
  const broadcast = (message: BroadcastMessage) => {
    for (const listener of listeners) listener(message);
  };
  return { client, api, broadcast };
}

const ids = (store: ReturnType<typeof createSchedulesStore>) =>
  store.state.schedules.map((entry) => entry.id);

describe('createSchedulesStore', () => {
  it('loads the schedules oldest first and follows broadcasts', async () => {
    const { client, broadcast } = fakeClient([
      schedule('b', { createdAt: 20 }),
      schedule('a', { createdAt: 5 }),
    ]);
    const store = createSchedulesStore(client);
    await vi.waitFor(() => expect(store.state.isLoaded).toBe(true));
    expect(ids(store)).toEqual(['a', 'b']);

    broadcast({ type: 'schedule', schedule: schedule('c', { createdAt: 30 }) });
    broadcast({ type: 'schedule', schedule: schedule('a', { createdAt: 5, paused: true, updatedAt: 40 }) });
    // An older copy (a late broadcast) does not undo a newer one.
    broadcast({ type: 'schedule', schedule: schedule('a', { createdAt: 5, paused: false, updatedAt: 30 }) });
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(store.byId('a')?.paused).toBe(true);

    broadcast({ type: 'schedule_deleted', scheduleId: 'b' });
    expect(ids(store)).toEqual(['a', 'c']);
    store.dispose();
  });

  it('pauses, deletes and runs through the worker, keeping what it answers', async () => {
    const { client, api } = fakeClient([schedule('a')]);
    const store = createSchedulesStore(client);
    await vi.waitFor(() => expect(store.state.isLoaded).toBe(true));

    await store.setPaused('a', true);
    expect(api.updateSchedule).toHaveBeenCalledWith('a', { paused: true });
    expect(store.byId('a')?.paused).toBe(true);

    expect(await store.runNow('a')).toBe('conversation-9');
    await store.remove('a');
    expect(api.deleteSchedule).toHaveBeenCalledWith('a');
    expect(ids(store)).toEqual([]);
  });

  it('records a load failure', async () => {
    const { client, api } = fakeClient([]);
    api.listSchedules.mockRejectedValueOnce(new Error('worker gone'));
    const store = createSchedulesStore(client);
    await vi.waitFor(() => expect(store.state.loadError).toBe('worker gone'));
  });
});
