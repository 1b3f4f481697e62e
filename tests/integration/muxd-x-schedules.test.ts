import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xPostOf } from '../../src/agent-worker/profiles/muxd/common/x-post-mark.ts';
import {
  xScheduleCancelTool,
  xScheduleListTool,
  xScheduleTool,
  xScheduleUpdateTool,
} from '../../src/agent-worker/profiles/muxd/x-tools.ts';
import { SAVED_OPENAI } from '../../src/shared/protocol/settings-fixtures.ts';
import { EventRepository } from '../../src/shared/storage/event-repository.ts';
import { FIXTURE_X_APP_TOKEN, FIXTURE_X_USER_TOKEN } from '../fixtures/x-api/x-api-server.ts';
import { openXToolHarness, type XToolHarness } from '../fixtures/x-api/x-tool-harness.ts';

/**
 * muxd's scheduled X posts (`x_schedule`, `x_schedule_list`, `x_schedule_update`,
 * `x_schedule_cancel`) through the real run services' schedules port, over a real
 * ScheduleService on fake-indexeddb in Europe/Berlin (x-tool-harness.ts).
 */

const START = Date.parse('2026-11-23T10:00:00Z');
const PROVIDER = SAVED_OPENAI.id;

let harness: XToolHarness;
let service: XToolHarness['service'];
let text: XToolHarness['text'];
let error: XToolHarness['error'];
let contextWith: XToolHarness['contextWith'];

beforeEach(async () => {
  harness = await openXToolHarness(START);
  ({ service, text, error, contextWith } = harness);
});

afterEach(async () => {
  // No token in any outcome, meta or error text of the test.
  const written = JSON.stringify(harness.outcomes);
  for (const token of [FIXTURE_X_USER_TOKEN, FIXTURE_X_APP_TOKEN]) expect(written).not.toContain(token);
  await harness.close();
});

describe('scheduled X posts over the scheduler', () => {
  it('x_schedule maps HH:MM daily onto a cron in the person’s zone, marked as an X post', async () => {
    const content = await text(xScheduleTool, {
      text: 'Scheduled tweet',
      time: '18:30',
      recurrence: 'daily',
    });
    const [schedule] = await service.list();
    expect(schedule).toMatchObject({
      name: 'X post: Scheduled tweet',
      type: 'cron',
      cron: '0 30 18 * * *',
      repeat: true,
      timeZone: 'Europe/Berlin',
      profileId: 'muxd',
      nextRunAt: Date.parse('2026-11-23T17:30:00Z'),
      mark: { owner: 'muxd', data: { text: 'Scheduled tweet', recurrence: 'daily' } },
    });
    expect(schedule?.prompt).toContain('`x_post`');
    expect(schedule?.prompt.endsWith('\n\nScheduled tweet')).toBe(true);
    expect(content.split('\n')[0]).toBe(
      `Scheduled tweet ${schedule?.id} for 2026-11-23T18:30:00+01:00 (daily)`,
    );
    expect(content).not.toContain('Warning');
  });

  it('maps RFC3339 once and HH:MM hourly, refuses a past time, and warns when X is not set up', async () => {
    await text(xScheduleTool, { text: 'one', time: '2026-11-25T08:00:00Z' });
    await text(xScheduleTool, { text: 'two', time: '10:45', recurrence: 'hourly' });
    const made = await service.list();
    const once = made.find((schedule) => xPostOf(schedule)?.text === 'one');
    const hourly = made.find((schedule) => xPostOf(schedule)?.text === 'two');
    expect(once).toMatchObject({
      cron: '0 0 9 25 11 *',
      repeat: false,
      nextRunAt: Date.parse('2026-11-25T08:00:00Z'),
    });
    expect(hourly).toMatchObject({
      cron: '0 45 * * * *',
      repeat: true,
      nextRunAt: Date.parse('2026-11-23T10:45:00Z'),
    });
    expect(await error(xScheduleTool, { text: 'late', time: '2026-11-22T08:00:00Z' })).toBe(
      'time 2026-11-22T09:00:00+01:00 is in the past',
    );
    expect(await error(xScheduleTool, { text: 'x', time: 'tomorrow' })).toBe(
      'invalid time "tomorrow" (use RFC3339 or HH:MM)',
    );
    expect(await error(xScheduleTool, { text: 'x', time: '10:00', recurrence: 'weekly' })).toBe(
      'recurrence must be one of: once, daily, hourly',
    );
    const warned = await text(xScheduleTool, { text: 'three', time: '11:00' }, contextWith());
    expect(warned).toContain('Warning: the post will fail until X is set up. X is not set up');
  });

  it('x_schedule_list shows only X posts: ID prefix, preview, time, recurrence, status', async () => {
    const origin = { conversationId: 'c', providerId: PROVIDER, profileId: 'muxd' };
    await service.create(
      {
        name: 'Digest',
        type: 'cron',
        cron: '0 0 9 * * *',
        repeat: true,
        runs: null,
        prompt: 'digest',
        playbook: null,
      },
      origin,
    );
    expect(await text(xScheduleListTool, {})).toBe('No scheduled X posts.');
    const long = `${'long text '.repeat(10)}end`;
    await text(xScheduleTool, { text: long, time: '18:30', recurrence: 'daily' });
    await text(xScheduleTool, { text: 'soon', time: '2026-11-23T11:00:00Z' });
    const posts = await service.list();
    const daily = posts.find((schedule) => xPostOf(schedule)?.recurrence === 'daily');
    const soon = posts.find((schedule) => xPostOf(schedule)?.text === 'soon');
    expect(await text(xScheduleListTool, {})).toBe(
      [
        `1. [${soon?.id.slice(0, 8)}] "soon" — 2026-11-23T12:00:00+01:00 (once) [pending]`,
        `2. [${daily?.id.slice(0, 8)}] "${long.slice(0, 60)}..." — 2026-11-23T18:30:00+01:00 (daily) [pending]`,
      ].join('\n'),
    );
    expect((await text(xScheduleListTool, { limit: 1 })).split('\n')).toHaveLength(1);
  });

  it('a post saved before marks were the profile’s own (an `xPost` field) is listed, edited and saved with its mark', async () => {
    await text(xScheduleTool, { text: 'Old post', time: '18:30', recurrence: 'daily' });
    const [made] = await service.list();
    // The row as an older version wrote it: the post in `xPost`, no `mark`.
    const { mark: _mark, ...legacy } = made!;
    await harness.database.schedules.put({ ...legacy, xPost: { text: 'Old post', recurrence: 'daily' } });
    expect(await text(xScheduleListTool, {})).toContain(
      '"Old post" — 2026-11-23T18:30:00+01:00 (daily) [pending]',
    );
    await text(xScheduleUpdateTool, { id: made!.id.slice(0, 8), recurrence: 'hourly' });
    const saved = (await harness.database.schedules.get(made!.id)) as Record<string, unknown>;
    expect(saved).not.toHaveProperty('xPost');
    expect(saved.mark).toEqual({ owner: 'muxd', data: { text: 'Old post', recurrence: 'hourly' } });
  });

  it('x_schedule_update changes text, time and recurrence by 8-char prefix; needs one of them', async () => {
    await text(xScheduleTool, { text: 'Scheduled tweet', time: '18:30', recurrence: 'daily' });
    const [made] = await service.list();
    const prefix = made!.id.slice(0, 8);
    expect(await error(xScheduleUpdateTool, { id: prefix })).toBe(
      'at least one of text, time, or recurrence must be provided',
    );
    expect(await error(xScheduleUpdateTool, { id: 'ffffffff', text: 'x' })).toBe(
      'scheduled X post "ffffffff" not found (x_schedule_list shows their IDs)',
    );
    expect(await text(xScheduleUpdateTool, { id: prefix, text: 'Updated tweet text', time: '19:00' })).toBe(
      `Updated scheduled tweet ${prefix} (text, time). It posts next at 2026-11-23T19:00:00+01:00 (daily).`,
    );
    expect((await service.list())[0]).toMatchObject({
      name: 'X post: Updated tweet text',
      cron: '0 0 19 * * *',
      mark: { owner: 'muxd', data: { text: 'Updated tweet text', recurrence: 'daily' } },
    });
    expect((await service.list())[0]?.prompt.endsWith('\n\nUpdated tweet text')).toBe(true);
    await text(xScheduleUpdateTool, { id: made!.id, recurrence: 'hourly' });
    expect((await service.list())[0]).toMatchObject({
      cron: '0 0 * * * *',
      repeat: true,
      mark: { owner: 'muxd', data: { recurrence: 'hourly' } },
    });
    await text(xScheduleUpdateTool, { id: prefix, recurrence: 'once' });
    expect((await service.list())[0]).toMatchObject({
      repeat: false,
      mark: { owner: 'muxd', data: { recurrence: 'once' } },
    });
  });

  it('a panel edit of a post’s prompt or timing updates its mark, or leaves it a plain schedule', async () => {
    await text(xScheduleTool, { text: 'Scheduled tweet', time: '18:30', recurrence: 'daily' });
    const [made] = await service.list();
    const id = made!.id;
    // The text edited inside the prompt, and the time moved: still a daily post, with the new text.
    const prompt = made!.prompt.replace('Scheduled tweet', 'Edited in the panel');
    await service.update(id, { prompt, cron: '0  15 20 *  * *' });
    expect(xPostOf((await service.list())[0]!)).toEqual({ text: 'Edited in the panel', recurrence: 'daily' });
    // Saved as checked: the cron's spacing normalised.
    expect((await service.list())[0]?.cron).toBe('0 15 20 * * *');
    expect(await text(xScheduleListTool, {})).toContain(
      '"Edited in the panel" — 2026-11-23T20:15:00+01:00 (daily)',
    );
    // Every hour, then no repeat: hourly, then once.
    await service.update(id, { cron: '0 5 * * * *' });
    expect(xPostOf((await service.list())[0]!)?.recurrence).toBe('hourly');
    await service.update(id, { repeat: false });
    expect(xPostOf((await service.list())[0]!)?.recurrence).toBe('once');
    // Pausing changes no mark.
    await service.update(id, { paused: true });
    expect(xPostOf((await service.list())[0]!)).toEqual({ text: 'Edited in the panel', recurrence: 'once' });
    // A prompt of the person's own: no longer an X post; the X tools leave it to the panel.
    await service.update(id, { prompt: 'Summarise my mentions instead' });
    expect(xPostOf((await service.list())[0]!)).toBeUndefined();
    expect(await text(xScheduleListTool, {})).toBe('No scheduled X posts.');
    expect(await error(xScheduleUpdateTool, { id: id.slice(0, 8), text: 'x' })).toContain(
      'is a scheduled task, not a scheduled X post',
    );
  });

  it('a panel edit to a timing none of once, daily or hourly leaves it a plain schedule', async () => {
    await text(xScheduleTool, { text: 'Weekly?', time: '18:30', recurrence: 'daily' });
    const [made] = await service.list();
    await service.update(made!.id, { cron: '0 30 18 * * 1' });
    expect(xPostOf((await service.list())[0]!)).toBeUndefined();
  });

  it('a due post fires a run told to post the text with x_post; a finished one cannot be changed', async () => {
    await text(xScheduleTool, { text: 'Fire me', time: '11:30' });
    const [made] = await service.list();
    harness.setClock(Date.parse('2026-11-23T10:30:00Z'));
    const [conversationId] = await service.fireDue();
    const events = await new EventRepository(harness.database).list(conversationId!);
    expect(JSON.stringify(events)).toContain('with the `x_post` tool, exactly as it is');
    const prefix = made!.id.slice(0, 8);
    expect(await text(xScheduleListTool, {})).toContain(
      `[${prefix}] "Fire me" — 2026-11-23T11:30:00+01:00 (once) [running]`,
    );
    expect(await error(xScheduleUpdateTool, { id: prefix, text: 'x' })).toBe(
      `scheduled X post ${prefix} is running, not pending; only pending posts can be updated`,
    );
  });

  it('x_schedule_cancel deletes the schedule, saying so', async () => {
    await text(xScheduleTool, { text: 'Cancel me', time: '18:30' });
    const [made] = await service.list();
    const prefix = made!.id.slice(0, 8);
    expect(await text(xScheduleCancelTool, { id: prefix })).toBe(
      `Cancelled scheduled tweet ${prefix}. Its schedule was deleted, so it will not post.`,
    );
    expect(await service.list()).toEqual([]);
    expect(await error(xScheduleCancelTool, { id: prefix })).toBe(
      `scheduled X post "${prefix}" not found (x_schedule_list shows their IDs)`,
    );
  });
});
