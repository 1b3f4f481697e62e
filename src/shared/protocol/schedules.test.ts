import { describe, expect, it } from 'vitest';
import { MAX_SCHEDULE_MARK_CHARS, Schedule } from './schedules.ts';

const row = {
  id: 's1',
  name: 'X post: hello',
  type: 'cron',
  cron: '0 30 18 * * *',
  repeat: true,
  remainingRuns: null,
  prompt: 'Post the text below on X…\n\nhello',
  playbook: null,
  timeZone: 'Europe/Berlin',
  providerId: null,
  profileId: 'muxd',
  originConversationId: null,
  createdAt: 1,
  updatedAt: 1,
  paused: false,
  nextRunAt: 2,
  lastRun: null,
  missed: [],
  missedCount: 0,
};

describe('a schedule’s mark', () => {
  it('is the profile’s own JSON, kept as it is', () => {
    const mark = { owner: 'muxd', data: { text: 'hello', recurrence: 'daily' } };
    expect(Schedule.parse({ ...row, mark }).mark).toEqual(mark);
    expect(Schedule.parse(row).mark).toBeUndefined();
  });

  it('is read from the `xPost` field of rows and bundles written before marks were the profiles’', () => {
    const legacy = Schedule.parse({ ...row, xPost: { text: 'hello', recurrence: 'daily' } });
    expect(legacy.mark).toEqual({ owner: 'muxd', data: { text: 'hello', recurrence: 'daily' } });
    expect(legacy).not.toHaveProperty('xPost');
    const both = Schedule.parse({ ...row, xPost: { text: 'old' }, mark: { owner: 'muxd', data: 'new' } });
    expect(both.mark).toEqual({ owner: 'muxd', data: 'new' });
  });

  it('refuses a mark that is not JSON or holds too much', () => {
    expect(Schedule.safeParse({ ...row, mark: { owner: 'muxd', data: () => 1 } }).success).toBe(false);
    expect(Schedule.safeParse({ ...row, mark: { owner: '', data: 1 } }).success).toBe(false);
    const big = 'x'.repeat(MAX_SCHEDULE_MARK_CHARS);
    expect(Schedule.safeParse({ ...row, mark: { owner: 'muxd', data: big } }).success).toBe(false);
  });
});
