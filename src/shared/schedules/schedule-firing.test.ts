import { describe, expect, it } from 'vitest';
import { LATE_AFTER_MS, type Schedule } from '../protocol/schedules.ts';
import { firingAt, firingNow } from './schedule-firing.ts';

const HOUR = 3_600_000;
const made = Date.parse('2026-11-23T10:00:00Z');

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: 's1',
  name: 'Digest',
  type: 'interval',
  intervalSeconds: 3600,
  repeat: true,
  remainingRuns: null,
  prompt: 'Send me a digest',
  playbook: null,
  timeZone: 'UTC',
  providerId: 'p',
  profileId: 'manus',
  originConversationId: 'c',
  createdAt: made,
  updatedAt: made,
  paused: false,
  nextRunAt: made + HOUR,
  lastRun: null,
  missed: [],
  missedCount: 0,
  ...overrides,
});

describe('firing a schedule', () => {
  it('is not due before its time, nor while paused', () => {
    expect(firingAt(schedule(), made + HOUR - 1)).toBeNull();
    expect(firingAt(schedule({ paused: true }), made + 5 * HOUR)).toBeNull();
    expect(firingAt(schedule({ nextRunAt: null }), made + 5 * HOUR)).toBeNull();
  });

  it('fires on time, not late, and moves to the next interval', () => {
    const firing = firingAt(schedule(), made + HOUR + 500)!;
    expect(firing).toMatchObject({ dueAt: made + HOUR, late: false, missed: [] });
    expect(firing.after.nextRunAt).toBe(made + 2 * HOUR);
  });

  it('after a gap runs once, late, for the latest instant, and lists the rest as missed', () => {
    const now = made + 5 * HOUR + 20 * 60_000;
    const firing = firingAt(schedule(), now)!;
    expect(firing.dueAt).toBe(made + 5 * HOUR);
    expect(firing.late).toBe(true);
    expect(firing.missed).toEqual([made + HOUR, made + 2 * HOUR, made + 3 * HOUR, made + 4 * HOUR]);
    expect(firing.after).toMatchObject({ nextRunAt: made + 6 * HOUR, missedCount: 4 });
    expect(firing.after.missed).toHaveLength(4);
  });

  it('marks late only past the grace', () => {
    expect(firingAt(schedule(), made + HOUR + LATE_AFTER_MS - 1)?.late).toBe(false);
    expect(firingAt(schedule(), made + HOUR + LATE_AFTER_MS)?.late).toBe(true);
  });

  it('ends a one-off after its run, and a counted one after its last', () => {
    expect(firingAt(schedule({ repeat: false }), made + HOUR)?.after.nextRunAt).toBeNull();
    const counted = firingAt(schedule({ remainingRuns: 2 }), made + HOUR)!;
    expect(counted.after).toMatchObject({ remainingRuns: 1, nextRunAt: made + 2 * HOUR });
    expect(firingAt(schedule({ remainingRuns: 1 }), made + HOUR)?.after.nextRunAt).toBeNull();
  });

  it('runs now without touching the timetable', () => {
    const firing = firingNow(schedule(), made + 10);
    expect(firing).toMatchObject({ dueAt: made + 10, late: false, missed: [] });
    expect(firing.after.nextRunAt).toBe(made + HOUR);
  });
});
