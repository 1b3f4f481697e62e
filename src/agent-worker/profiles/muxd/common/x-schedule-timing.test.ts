import { describe, expect, it } from 'vitest';
import { MUXD_X_TOOLS } from '../x-tools.ts';
import { tweetTextError } from './x-common.ts';
import { parsePostTime, parseRecurrence, postTiming, rfc3339In } from './x-schedule-timing.ts';

const NOW = Date.parse('2026-11-23T10:00:00Z');

describe('scheduled post timing', () => {
  it('reads RFC3339 (any offset) and HH:MM, with muxd’s error otherwise', () => {
    expect(parsePostTime('2026-11-25T09:00:00+01:00')).toEqual({
      kind: 'instant',
      at: Date.parse('2026-11-25T08:00:00Z'),
    });
    expect(parsePostTime(' 7:05 ')).toEqual({ kind: 'clock', hour: 7, minute: 5 });
    expect(parsePostTime('24:00')).toEqual({ error: 'invalid time "24:00" (use RFC3339 or HH:MM)' });
    expect(parsePostTime('2026-11-25 09:00')).toEqual({
      error: 'invalid time "2026-11-25 09:00" (use RFC3339 or HH:MM)',
    });
    expect(parsePostTime('')).toEqual({ error: 'time is required' });
  });

  it('maps time and recurrence onto a cron in the zone, across a DST change', () => {
    const summer = parsePostTime('2027-06-01T16:30:00Z');
    if ('error' in summer) throw new Error(summer.error);
    expect(postTiming(summer, 'once', 'Europe/Berlin', NOW)).toEqual({
      cron: '0 30 18 1 6 *',
      repeat: false,
    });
    expect(postTiming(summer, 'daily', 'Europe/Berlin', NOW)).toEqual({
      cron: '0 30 18 * * *',
      repeat: true,
    });
    expect(postTiming({ kind: 'clock', hour: 9, minute: 5 }, 'hourly', 'UTC', NOW)).toEqual({
      cron: '0 5 * * * *',
      repeat: true,
    });
    expect(postTiming({ kind: 'instant', at: NOW + 400 * 86_400_000 }, 'once', 'UTC', NOW)).toEqual({
      error: 'time must be within the next year',
    });
  });

  it('writes instants as RFC3339 with the zone’s offset', () => {
    expect(rfc3339In(Date.parse('2026-11-23T17:30:00Z'), 'Europe/Berlin')).toBe('2026-11-23T18:30:00+01:00');
    expect(rfc3339In(Date.parse('2027-06-01T16:30:00Z'), 'America/New_York')).toBe(
      '2027-06-01T12:30:00-04:00',
    );
    expect(rfc3339In(Date.parse('2026-11-23T17:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-23T23:00:00+05:30');
    expect(rfc3339In(Date.parse('2026-11-23T17:30:00Z'), 'UTC')).toBe('2026-11-23T17:30:00Z');
  });

  it('reads recurrences and counts tweet length in code points', () => {
    expect(parseRecurrence(undefined)).toBe('once');
    expect(parseRecurrence(' Daily ')).toBe('daily');
    expect(parseRecurrence('weekly')).toEqual({ error: 'recurrence must be one of: once, daily, hourly' });
    expect(tweetTextError('👍'.repeat(280))).toBeNull();
    expect(tweetTextError('👍'.repeat(281))).toBe('tweet exceeds 280 characters');
  });
});

describe('muxd x_* tools as the model sees them', () => {
  it('are seed 004’s Social tools in its order, with its parameters', () => {
    expect(
      MUXD_X_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
      })),
    ).toMatchSnapshot();
  });
});
