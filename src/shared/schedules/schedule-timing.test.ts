import { describe, expect, it } from 'vitest';
import { dueBetween, nextDue, parseCron } from './schedule-timing.ts';

const at = (iso: string) => Date.parse(iso);
const cron = (expression: string, timeZone: string) => ({
  type: 'cron' as const,
  cron: expression,
  timeZone,
});

/** Real expressions in real zones, and the instants they are next due (checked by hand against each zone's rules). */
const TABLE: [string, string, string, string[]][] = [
  ['0 0 9 * * 1', 'Europe/Berlin', '2026-11-22T12:00:00Z', ['2026-11-23T08:00:00Z', '2026-11-30T08:00:00Z']],
  ['0 15 14 * * 1-5', 'UTC', '2026-11-27T15:00:00Z', ['2026-11-30T14:15:00Z', '2026-12-01T14:15:00Z']],
  ['0 0 9 1 * *', 'Asia/Tokyo', '2026-12-15T00:00:00Z', ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z']],
  ['0 0 0 29 2 *', 'UTC', '2026-03-01T00:00:00Z', ['2028-02-29T00:00:00Z', '2032-02-29T00:00:00Z']],
  // Spring forward (02:00 → 03:00): 02:30 does not exist that day; it runs at the first instant after the gap.
  ['0 30 2 * * *', 'Europe/Berlin', '2026-03-28T23:00:00Z', ['2026-03-29T01:00:00Z', '2026-03-30T00:30:00Z']],
  [
    '0 30 2 * * *',
    'America/New_York',
    '2026-03-08T05:00:00Z',
    ['2026-03-08T07:00:00Z', '2026-03-09T06:30:00Z'],
  ],
  // Fall back (03:00 → 02:00): 02:30 happens twice; it runs once, at the first.
  ['0 30 2 * * *', 'Europe/Berlin', '2026-10-24T23:00:00Z', ['2026-10-25T00:30:00Z', '2026-10-26T01:30:00Z']],
  [
    '0 30 1 * * *',
    'America/New_York',
    '2026-11-01T04:00:00Z',
    ['2026-11-01T05:30:00Z', '2026-11-02T06:30:00Z'],
  ],
  // Every hour on the hour through the fall-back: both 01:00s, an hour apart in real time.
  [
    '0 0 * * * *',
    'America/New_York',
    '2026-11-01T04:30:00Z',
    ['2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z'],
  ],
];

describe('next run of a cron schedule', () => {
  it.each(TABLE)('%s in %s after %s', (expression, timeZone, after, expected) => {
    const schedule = cron(expression, timeZone);
    const first = nextDue(schedule, 0, at(after));
    expect(first === null ? null : new Date(first).toISOString()).toBe(
      new Date(at(expected[0]!)).toISOString(),
    );
    const second = nextDue(schedule, 0, first!);
    expect(new Date(second!).toISOString()).toBe(new Date(at(expected[1]!)).toISOString());
  });

  it('says which field is wrong', () => {
    const error = (expression: string) => {
      const parsed = parseCron(expression, 'UTC');
      return 'error' in parsed ? parsed.error : null;
    };
    expect(error('0 61 * * * *')).toMatch(/^The minutes \(0-59\) field "61" is not valid/);
    expect(error('0 0 25 * * *')).toMatch(/^The hours \(0-23\) field "25" is not valid/);
    expect(error('0 0 9 * * 8')).toMatch(/^The day of week \(0-6, 0 = Sunday\) field "8" is not valid/);
    expect(error('0 0 9 * 13 *')).toMatch(/^The month \(1-12\) field "13" is not valid/);
    expect(error('0 9 * * 1')).toMatch(/needs 6 fields.*It has 5: add the seconds first/);
    expect(error('0 0 0 30 2 *')).toMatch(/never fires/);
    const zone = parseCron('0 0 9 * * *', 'Mars/Olympus');
    expect('error' in zone && zone.error).toBe('"Mars/Olympus" is not a known time zone.');
  });
});

describe('an interval schedule', () => {
  const hourly = { type: 'interval' as const, intervalSeconds: 3600, timeZone: 'UTC' };
  const made = at('2026-11-23T10:00:00Z');

  it('repeats every interval counted from when it was made, whatever the clock reads', () => {
    expect(nextDue(hourly, made, made)).toBe(made + 3_600_000);
    expect(nextDue(hourly, made, made + 3_600_000)).toBe(made + 7_200_000);
    // Asked at 12:59:59 the next is 13:00, not an hour after the question.
    expect(nextDue(hourly, made, made + 3 * 3_600_000 - 1000)).toBe(made + 3 * 3_600_000);
  });

  it('lists the instants due in a gap, the latest ones when there are many', () => {
    const gap = dueBetween(hourly, made, made + 3_600_000, made + 30 * 3_600_000, 3);
    expect(gap.total).toBe(30);
    expect(gap.instants).toEqual([made + 28 * 3_600_000, made + 29 * 3_600_000, made + 30 * 3_600_000]);
  });
});
