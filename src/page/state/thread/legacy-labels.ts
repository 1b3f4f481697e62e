import type { z } from 'zod';
import type { ActionSummary, ActionVerb } from '@/shared/protocol/action-summary.ts';
import { type MetaKind, TOOL_META, type ToolMetaOf } from '@/shared/protocol/tool-meta/index.ts';
import type { ActionItem } from './thread-reducer.ts';

/** What `stepLabel` reads of an action. */
export type LabelSource = Pick<
  ActionItem,
  'summary' | 'status' | 'role' | 'metaKind' | 'meta' | 'description' | 'content' | 'tool'
>;

/**
 * The summary a step is labelled by: the one recorded with it — except where a log from an
 * older version recorded none, or one its outcome since proved wrong — then read from what
 * the log does hold (its role, its meta's fields), so a stored log or an old bundle keeps
 * the labels it always showed. Null when nothing says (the running text is shown).
 */
export function legacySummary(source: LabelSource): ActionSummary | null {
  return servedPreview(source) ?? source.summary ?? summaryFromMeta(source);
}

/**
 * An `expose` whose outcome says nothing listened on the port and it served a workspace
 * site as a preview instead: "Previewed notes-app", whatever summary it ran under (logs
 * recorded before the runtime re-read summaries from outcomes say "Exposed port 8000").
 */
function servedPreview(source: LabelSource): ActionSummary | null {
  if (source.metaKind !== 'expose' || source.status !== 'success') return null;
  if (fieldOf('expose', source.meta, 'exposed') !== false) return null;
  return withTarget('preview_site', fieldOf('expose', source.meta, 'path'));
}

/** For logs from before summaries: the verb the role or the meta's own fields make plain, or null. */
function summaryFromMeta(source: LabelSource): ActionSummary | null {
  switch (source.role) {
    case 'plan':
      return { verb: 'plan' };
    case 'inform':
      return { verb: 'inform' };
    case 'ask':
      return { verb: 'ask' };
    case 'result':
      return { verb: 'deliver' };
    case null:
      break;
  }
  const { meta } = source;
  switch (source.metaKind) {
    case 'shell':
      return withTarget('run', fieldOf('shell', meta, 'command'));
    case 'file': {
      const path = fieldOf('file', meta, 'path');
      return fieldOf('file', meta, 'edit_summary') && path ? { verb: 'edit', target: path } : null;
    }
    case 'browser':
      return withTarget('open_page', fieldOf('browser', meta, 'url'));
    case 'search': {
      const verb = fieldOf('search', meta, 'images') ? 'search_images' : 'search_web';
      return withTarget(verb, fieldOf('search', meta, 'payload')?.queries?.[0]);
    }
    case 'slides': {
      const count = fieldOf('slides', meta, 'slide_count');
      return { verb: 'make_slides', ...(count !== undefined ? { target: `${count} slides` } : {}) };
    }
    case 'expose':
      return withTarget('expose_port', fieldOf('expose', meta, 'port')?.toString());
    case 'schedule':
      return withTarget('schedule', fieldOf('schedule', meta, 'name'));
    case 'webdev_init_project':
      return withTarget('create_project', fieldOf('webdev_init_project', meta, 'project_name'));
    case 'sub_agent':
      return withTarget('delegate', fieldOf('sub_agent', meta, 'description'));
    case 'generated_media': {
      const kind = fieldOf('generated_media', meta, 'kind');
      const prompt = fieldOf('generated_media', meta, 'prompt');
      if (kind === 'speech') return withTarget('generate_speech', prompt);
      return kind ? withTarget('generate_image', prompt) : null;
    }
    case 'generate':
      return { verb: 'enter_mode', target: 'generation mode' };
    case 'plan':
      return { verb: 'plan' };
    default:
      return null;
  }
}

/**
 * One field of a meta, read through its kind's schema (only that field is parsed: a row
 * reads one or two of them), or undefined when missing or malformed.
 */
function fieldOf<K extends MetaKind, F extends keyof ToolMetaOf<K> & string>(
  kind: K,
  meta: Readonly<Record<string, unknown>>,
  field: F,
): ToolMetaOf<K>[F] | undefined {
  const schema = (TOOL_META[kind].shape as Record<string, z.ZodType>)[field];
  const parsed = schema?.safeParse(meta[field]);
  return parsed?.success ? (parsed.data as ToolMetaOf<K>[F]) : undefined;
}

/** A verb with a target when the meta has one; null without it (the running text says more). */
function withTarget(verb: ActionVerb, target: string | undefined): ActionSummary | null {
  return target ? { verb, target } : null;
}
