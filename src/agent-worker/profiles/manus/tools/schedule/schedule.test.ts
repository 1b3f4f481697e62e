import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import type { ScheduleRequest } from '@/agent-worker/toolkit/ports/schedules-port.ts';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { ScheduleMeta } from '@/shared/protocol/tool-meta/schedule-meta.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { scheduleTool } from './schedule.ts';

const NEXT = Date.parse('2026-11-30T08:00:00Z');

/** Runs the tool with a schedules port that records the request and saves it as a schedule. */
async function schedule(
  args: Record<string, unknown>,
): Promise<{ outcome: ToolOutcome; request: ScheduleRequest | null }> {
  let request: ScheduleRequest | null = null;
  const prepared = scheduleTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  const outcome = await prepared.execute!(
    testToolContext({
      schedules: {
        ...testToolContext().schedules,
        create: async (asked) => {
          request = asked;
          if (asked.type === 'interval' && (asked.intervalSeconds ?? 0) < 3600) return { error: 'too short' };
          const saved: Schedule = {
            id: 'sched-1',
            name: asked.name,
            type: asked.type,
            ...(asked.cron ? { cron: asked.cron } : {}),
            ...(asked.intervalSeconds ? { intervalSeconds: asked.intervalSeconds } : {}),
            repeat: asked.repeat,
            remainingRuns: asked.runs,
            prompt: asked.prompt,
            playbook: asked.playbook,
            timeZone: 'Europe/Berlin',
            providerId: 'p',
            profileId: 'manus',
            originConversationId: 'c',
            createdAt: Date.parse('2026-11-23T10:00:00Z'),
            updatedAt: 0,
            paused: false,
            nextRunAt: NEXT,
            lastRun: null,
            missed: [],
            missedCount: 0,
          };
          return { schedule: saved };
        },
      },
    }),
  );
  return { outcome, request };
}

describe('the schedule tool', () => {
  it('saves a weekly cron task and says when it first runs, in local time, with seed 001’s meta', async () => {
    const { outcome, request } = await schedule({
      type: 'cron',
      cron: '0 0 9 * * 1',
      name: 'Weekly digest',
      prompt: ' Gather the week’s news on X and send me a digest ',
      repeat: true,
      playbook: 'Search news, then write digest.md',
      brief: 'Schedule the digest',
    });
    expect(request).toEqual({
      name: 'Weekly digest',
      type: 'cron',
      cron: '0 0 9 * * 1',
      repeat: true,
      runs: null,
      prompt: 'Gather the week’s news on X and send me a digest',
      playbook: 'Search news, then write digest.md',
    });
    expect(outcome).toMatchObject({
      status: 'success',
      content:
        'Scheduled “Weekly digest”: At 09:00, only on Monday. It first runs Mon, 30 Nov 2026, 09:00 (Europe/Berlin). Schedules run while Sandpiper is open in a tab or as the installed app; each run starts a new conversation.',
    });
    const meta = ScheduleMeta.parse(outcome.status === 'success' ? outcome.meta : null);
    expect(meta).toEqual({
      id: 'sched-1',
      name: 'Weekly digest',
      type: 'cron',
      cron: '0 0 9 * * 1',
      repeat: true,
      created_at: '2026-11-23T10:00:00.000Z',
      next_run_at: NEXT,
      time_zone: 'Europe/Berlin',
    });
  });

  it('takes seed 001’s repeat count: 3 runs in all', async () => {
    const { request, outcome } = await schedule({
      type: 'interval',
      interval: 7200,
      name: 'Check',
      prompt: 'Check the build',
      repeat: 3,
    });
    expect(request).toMatchObject({ intervalSeconds: 7200, repeat: true, runs: 3 });
    expect(outcome.status === 'success' && outcome.content).toContain('Every 2 hours (3 more runs)');
  });

  it('passes the port’s refusal to the model as an error it can correct', async () => {
    const { outcome } = await schedule({
      type: 'interval',
      interval: 60,
      name: 'x',
      prompt: 'y',
      repeat: true,
    });
    expect(outcome).toMatchObject({ status: 'error', kind: 'validation', message: 'too short' });
  });
});
