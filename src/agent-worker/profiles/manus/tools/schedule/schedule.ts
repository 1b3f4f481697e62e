import { z } from 'zod';
import {
  defineTool,
  invalidArguments,
  modelFacing,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { ScheduleMeta } from '@/shared/protocol/tool-meta/schedule-meta.ts';
import { localTime, scheduleInWords } from '@/shared/schedules/schedule-words.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './schedule.md?raw';

const REPEAT_DESCRIPTION = 'Whether to repeat the task after execution. If false, the task runs only once.';

/** Seed 000's `schedule` parameters, in its order (`repeat` also takes seed 001's count of runs). */
export const ScheduleParameters = z.object({
  brief: briefParameter(),
  cron: z
    .string()
    .optional()
    .describe('Standard 6-field cron expression specifying when to run the task. Required for `cron` type.'),
  interval: z
    .number()
    .int()
    .optional()
    .describe('Time interval in seconds between executions. Required for `interval` type.'),
  name: z.string().describe('Concise human-readable name of the task for easy identification'),
  playbook: z
    .string()
    .optional()
    .describe(
      'Summary of process and best practices learned from the current task, to ensure repeatability and consistency when executing the scheduled task in the future. Optional and only used when the scheduled task is exactly the same as the current task.',
    ),
  prompt: z
    .string()
    .describe(
      'Natural language description of the task to perform at execution time. Phrase it as if executing immediately, without repeating scheduling details.',
    ),
  repeat: modelFacing(z.union([z.boolean(), z.number().int().positive()]).optional(), {
    description: REPEAT_DESCRIPTION,
    type: 'boolean',
  }),
  type: z.enum(['cron', 'interval']).describe('Type of schedule for the task'),
});

type ScheduleParameters = z.infer<typeof ScheduleParameters>;

export const scheduleTool = defineTool({
  name: 'schedule',
  description,
  metaKind: 'schedule',
  parameters: ScheduleParameters,
  actionKey: 'type',
  requiredFor: { cron: ['cron'], interval: ['interval'] },
  actions: {
    cron: { label: withTarget('schedule', 'name'), effect: 'schedules' },
    interval: { label: withTarget('schedule', 'name'), effect: 'schedules' },
  },
  execute: (params, context) => scheduleTask(params, context),
});

/**
 * Saves the schedule (the scheduler picks it up) and says when it first runs, in the
 * person's local time. A bad cron field or a too-short interval is an error the model
 * can correct; nothing is saved then.
 */
async function scheduleTask(
  params: ScheduleParameters,
  context: ToolContext,
): Promise<ToolOutcome<ScheduleMeta>> {
  if (params.prompt.trim() === '')
    return invalidArguments('`prompt` must say what to do when the task runs.');
  const runs = typeof params.repeat === 'number' ? params.repeat : null;
  const result = await context.schedules.create({
    name: params.name,
    type: params.type,
    ...(params.cron !== undefined ? { cron: params.cron } : {}),
    ...(params.interval !== undefined ? { intervalSeconds: params.interval } : {}),
    // A count of one is a single run; more is a repeat that stops after that many.
    repeat: runs === null ? params.repeat === true : runs > 1,
    runs: runs !== null && runs > 1 ? runs : null,
    prompt: params.prompt.trim(),
    playbook: params.playbook?.trim() || null,
  });
  if ('error' in result) return invalidArguments(result.error);
  const { schedule } = result;
  const first =
    schedule.nextRunAt === null
      ? 'never'
      : `${localTime(schedule.nextRunAt, schedule.timeZone)} (${schedule.timeZone})`;
  return {
    status: 'success',
    content: `Scheduled “${schedule.name}”: ${scheduleInWords(schedule)}. It first runs ${first}. Schedules run while Sandpiper is open in a tab or as the installed app; each run starts a new conversation.`,
    meta: {
      id: schedule.id,
      name: schedule.name,
      type: schedule.type,
      ...(schedule.cron !== undefined ? { cron: schedule.cron } : {}),
      ...(schedule.intervalSeconds !== undefined ? { interval: schedule.intervalSeconds } : {}),
      repeat: schedule.remainingRuns ?? schedule.repeat,
      created_at: new Date(schedule.createdAt).toISOString(),
      next_run_at: schedule.nextRunAt,
      time_zone: schedule.timeZone,
    },
  };
}
