import { actionSummary } from '../../../protocol/action-summary.ts';
import { type SummaryRule, summariesFrom, withFirstOf, withTarget } from '../../toolkit/call-summaries.ts';

/** What each Manus action does, in the shared verbs (the thread's step labels). */
const MANUS_SUMMARIES: Readonly<Record<string, SummaryRule>> = {
  'plan.update': 'plan',
  'plan.advance': 'advance_plan',
  'message.info': 'inform',
  'message.ask': 'ask',
  'message.result': 'deliver',
  'shell.exec': withTarget('run', 'command'),
  'shell.view': 'view_terminal',
  'shell.wait': 'wait',
  'shell.send': withTarget('send_input', 'input'),
  'shell.kill': 'stop_process',
  'file.view': withTarget('read', 'path'),
  'file.read': withTarget('read', 'path'),
  'file.write': withTarget('write', 'path'),
  'file.append': withTarget('append', 'path'),
  'file.edit': withTarget('edit', 'path'),
  'match.glob': withTarget('find_files', 'scope'),
  'match.grep': withTarget('search_files', 'regex'),
  'search.image': withFirstOf('search_images', 'queries'),
  search: withFirstOf('search_web', 'queries'),
  'schedule.cron': withTarget('schedule', 'name'),
  'schedule.interval': withTarget('schedule', 'name'),
  // Where nothing listens on the port (the virtual sandbox), the site it served as a preview.
  expose: (args, meta) =>
    meta?.exposed === false && typeof meta.path === 'string'
      ? actionSummary('preview_site', meta.path)
      : actionSummary('expose_port', args.port),
  browser: withTarget('open_page', 'url'),
  generate: () => actionSummary('enter_mode', 'generation mode'),
  generate_image: withTarget('generate_image', 'prompt'),
  edit_image: withTarget('edit_image', 'image_path'),
  generate_speech: withTarget('generate_speech', 'text'),
  slides: (args) =>
    actionSummary(
      'make_slides',
      typeof args.slide_count === 'number' ? `${args.slide_count} slides` : undefined,
    ),
  webdev_init_project: withTarget('create_project', 'project_name'),
};

export const manusSummaryOf = summariesFrom(MANUS_SUMMARIES);
