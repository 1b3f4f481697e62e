import type { MetaKind } from '../../protocol/tool-meta/index.ts';
import type { ToolRole } from '../../protocol/tool-roles.ts';

/**
 * The views a step opens on in the Computer panel, each the step's own: its terminal, its
 * file, its results, its page, its site, its media, its deck, its schedule, the plan it
 * wrote, the message it sent, the project it made, the sub-agent it ran, or (for anything
 * else) its output in words. The raw envelope is never one of them: it is behind "Raw".
 */
export const STEP_VIEWS = [
  'shell',
  'file',
  'match',
  'search',
  'browser',
  'expose',
  'generated_media',
  'slides',
  'schedule',
  'plan',
  'message',
  'project',
  'sub_agent',
  'output',
] as const;
export type StepView = (typeof STEP_VIEWS)[number];

/** The view of each meta kind (every kind has one; `generate`'s output says all there is). */
const VIEW_OF_KIND: Readonly<Record<MetaKind, StepView>> = {
  shell: 'shell',
  file: 'file',
  match: 'match',
  search: 'search',
  browser: 'browser',
  expose: 'expose',
  generated_media: 'generated_media',
  slides: 'slides',
  schedule: 'schedule',
  plan: 'plan',
  message: 'message',
  webdev_init_project: 'project',
  sub_agent: 'sub_agent',
  generate: 'output',
};

/** A step without a meta kind is shown by its role: what it told or asked the person is a message. */
const VIEW_OF_ROLE: Readonly<Record<ToolRole, StepView>> = {
  inform: 'message',
  ask: 'message',
  result: 'message',
  plan: 'output',
};

/** The view a step opens on: its meta kind's, else its role's, else its output. */
export function stepViewOf(step: { metaKind: MetaKind | null; role: ToolRole | null }): StepView {
  if (step.metaKind) return VIEW_OF_KIND[step.metaKind];
  if (step.role) return VIEW_OF_ROLE[step.role];
  return 'output';
}
