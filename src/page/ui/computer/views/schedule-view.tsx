import { lazy } from 'solid-js';
import type { StepViewEntry } from './step-view-entry.ts';

/** A schedule step: its card (cron in words) loads when a schedule step is first shown. */
export const VIEW: StepViewEntry = {
  tab: 'Schedule',
  component: lazy(() => import('./schedule-step.tsx').then((module) => ({ default: module.ScheduleStep }))),
  kinds: { schedule: 'schedule' },
};
