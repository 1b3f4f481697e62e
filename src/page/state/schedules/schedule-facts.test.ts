import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { missedText, nextRunText, recordedSchedule, runsOf } from './schedule-facts.ts';

function conversation(id: string, createdAt: number, scheduled?: Conversation['scheduled']): Conversation {
  return { id, title: id, status: 'done', createdAt, updatedAt: createdAt, profileId: 'manus', scheduled };
}

describe('runsOf', () => {
  it('lists the conversations a schedule started, newest due first', () => {
    const list = [
      conversation('plain', 50),
      conversation('first', 10, { scheduleId: 'a', dueAt: 100, late: false }),
      conversation('other', 20, { scheduleId: 'b', dueAt: 300, late: false }),
      conversation('late', 40, { scheduleId: 'a', dueAt: 200, late: true }),
      conversation('now', 45, { scheduleId: 'a', dueAt: 200, late: false }),
    ];
    expect(runsOf('a', list).map((entry) => entry.id)).toEqual(['now', 'late', 'first']);
    expect(runsOf('c', list)).toEqual([]);
  });
});

describe('nextRunText', () => {
  const format = (instant: number) => `at ${instant}`;
  it('says Paused, Finished, or the next instant', () => {
    expect(nextRunText({ paused: false, nextRunAt: 5 }, format)).toBe('at 5');
    expect(nextRunText({ paused: true, nextRunAt: 5 }, format)).toBe('Paused');
    expect(nextRunText({ paused: false, nextRunAt: null }, format)).toBe('Finished');
    expect(nextRunText({ paused: true, nextRunAt: null }, format)).toBe('Finished');
  });
});

describe('missedText', () => {
  it('counts missed runs, or says nothing', () => {
    expect(missedText({ missedCount: 0 })).toBeNull();
    expect(missedText({ missedCount: 1 })).toBe('1 run missed while Sandpiper was closed');
    expect(missedText({ missedCount: 30 })).toBe('30 runs missed while Sandpiper was closed');
  });
});

describe('recordedSchedule', () => {
  it('reads the action’s meta', () => {
    const meta = {
      id: 's1',
      name: 'Weekly digest',
      type: 'cron' as const,
      cron: '0 0 9 * * 1',
      repeat: true,
      created_at: '2026-11-23T08:00:00.000Z',
    };
    expect(recordedSchedule(meta, {})).toEqual({
      name: 'Weekly digest',
      type: 'cron',
      words: 'At 09:00, only on Monday',
      createdAt: Date.UTC(2026, 10, 23, 8),
      isStored: true,
    });
  });

  it('falls back on the call’s arguments while running or after a refusal', () => {
    expect(
      recordedSchedule({}, { name: 'Hourly check', type: 'interval', interval: 7200, repeat: 3 }),
    ).toEqual({
      name: 'Hourly check',
      type: 'interval',
      words: 'Every 2 hours (3 more runs)',
      createdAt: null,
      isStored: false,
    });
    expect(recordedSchedule({}, { type: 'cron', cron: '0 0 9 * * 1', repeat: false }).words).toBe(
      'Once: at 09:00, only on Monday',
    );
  });
});
