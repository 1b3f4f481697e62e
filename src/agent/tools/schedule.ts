import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './schedule.md?raw';

/** Seed 000's `schedule` parameters, in its order. */
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
  repeat: z
    .boolean()
    .optional()
    .describe('Whether to repeat the task after execution. If false, the task runs only once.'),
  type: z.enum(['cron', 'interval']).describe('Type of schedule for the task'),
});

export const scheduleTool = defineTool({
  name: 'schedule',
  description,
  metaKind: 'schedule',
  parameters: ScheduleParameters,
  actionKey: 'type',
  requiredFor: { cron: ['cron'], interval: ['interval'] },
  describe: (params) => `Scheduling “${params.name}”`,
});
