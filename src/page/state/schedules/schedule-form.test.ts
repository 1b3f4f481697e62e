import { describe, expect, it } from 'vitest';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { formFromSchedule, timingPreview, validateScheduleForm } from './schedule-form.ts';

const MADE = Date.UTC(2026, 10, 23, 8, 0, 0);

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 'schedule-1',
    name: 'Weekly digest',
    type: 'cron',
    cron: '0 0 9 * * 1',
    repeat: true,
    remainingRuns: null,
    prompt: 'Gather the week’s news on X and send me a digest',
    playbook: null,
    timeZone: 'Europe/Paris',
    providerId: 'openai',
    profileId: 'manus',
    originConversationId: 'conversation-1',
    createdAt: MADE,
    updatedAt: MADE,
    paused: false,
    nextRunAt: Date.UTC(2026, 10, 30, 8, 0, 0),
    lastRun: null,
    missed: [],
    missedCount: 0,
    ...overrides,
  };
}

describe('timingPreview', () => {
  it('reads a cron in the form’s time zone: words and the next instant', () => {
    const form = formFromSchedule(schedule());
    expect(timingPreview(form, MADE, MADE)).toEqual({
      ok: true,
      words: 'At 09:00, only on Monday',
      // Monday 30 November 2026, 09:00 in Paris (UTC+1).
      next: Date.UTC(2026, 10, 30, 8, 0, 0),
    });
  });

  it('names the bad field of a cron', () => {
    const form = { ...formFromSchedule(schedule()), cron: '0 0 25 * * 1' };
    const preview = timingPreview(form, MADE, MADE);
    expect(preview).toMatchObject({ ok: false, field: 'cron' });
    expect(preview.ok === false && preview.message).toContain('hours');
  });

  it('asks for the seconds when a cron has five fields', () => {
    const form = { ...formFromSchedule(schedule()), cron: '0 9 * * 1' };
    const preview = timingPreview(form, MADE, MADE);
    expect(preview.ok === false && preview.message).toContain('add the seconds first');
  });

  it('refuses an unknown time zone', () => {
    const form = { ...formFromSchedule(schedule()), timeZone: 'Mars/Olympus' };
    expect(timingPreview(form, MADE, MADE)).toMatchObject({ ok: false, field: 'timeZone' });
  });

  it('counts an interval in hours from when the schedule was made', () => {
    const interval = schedule({ type: 'interval', cron: undefined, intervalSeconds: 7200 });
    const form = formFromSchedule(interval);
    expect(form.intervalHours).toBe('2');
    expect(timingPreview({ ...form, intervalHours: '3' }, MADE, MADE + 60_000)).toEqual({
      ok: true,
      words: 'Every 3 hours',
      next: MADE + 3 * 3600_000,
    });
    expect(timingPreview({ ...form, intervalHours: '0.5' }, MADE, MADE)).toMatchObject({
      ok: false,
      field: 'intervalHours',
    });
    expect(timingPreview({ ...form, intervalHours: 'daily' }, MADE, MADE)).toMatchObject({ ok: false });
  });
});

describe('validateScheduleForm', () => {
  const providers = ['openai', 'local'];

  it('returns only what changed, trimmed', () => {
    const form = {
      ...formFromSchedule(schedule()),
      name: '  Monday digest ',
      cron: ' 0 30  8 * * 1 ',
      providerId: 'local',
    };
    expect(validateScheduleForm(form, schedule(), providers)).toEqual({
      ok: true,
      edit: { name: 'Monday digest', cron: '0 30 8 * * 1', providerId: 'local' },
    });
  });

  it('returns an empty edit when nothing changed', () => {
    expect(validateScheduleForm(formFromSchedule(schedule()), schedule(), providers)).toEqual({
      ok: true,
      edit: {},
    });
  });

  it('changes an interval in seconds', () => {
    const interval = schedule({ type: 'interval', cron: undefined, intervalSeconds: 3600 });
    const form = { ...formFromSchedule(interval), intervalHours: '24' };
    expect(validateScheduleForm(form, interval, providers)).toEqual({
      ok: true,
      edit: { intervalSeconds: 86_400 },
    });
  });

  it('stops at the first wrong field', () => {
    const base = formFromSchedule(schedule());
    expect(validateScheduleForm({ ...base, name: ' ' }, schedule(), providers)).toMatchObject({
      ok: false,
      field: 'name',
    });
    expect(validateScheduleForm({ ...base, prompt: '' }, schedule(), providers)).toMatchObject({
      ok: false,
      field: 'prompt',
    });
    expect(validateScheduleForm({ ...base, cron: '* * *' }, schedule(), providers)).toMatchObject({
      ok: false,
      field: 'cron',
    });
    expect(validateScheduleForm({ ...base, providerId: 'gone' }, schedule(), providers)).toMatchObject({
      ok: false,
      field: 'providerId',
    });
  });

  it('leaves a deleted provider alone when none is chosen', () => {
    const orphan = schedule({ providerId: null });
    expect(validateScheduleForm(formFromSchedule(orphan), orphan, providers)).toEqual({ ok: true, edit: {} });
  });
});
