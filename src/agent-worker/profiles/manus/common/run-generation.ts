import type { ToolContext, ToolFailure, ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { MediaError, type MediaResult } from '@/agent-worker/toolkit/ports/media-port.ts';
import type { MediaKind } from '@/shared/protocol/media/media-settings.ts';
import type {
  GeneratedFileMeta,
  GeneratedMediaMeta,
} from '@/shared/protocol/tool-meta/generated-media-meta.ts';
import { fileStem } from './file-names.ts';
import { generationRefusal, notConfigured } from './generation-gate.ts';
import { saveGeneratedFiles } from './save-generated.ts';

/** One generation action as the tools describe it to the shared run. */
export type Generation = {
  kind: MediaKind;
  /** The prompt (speech: the text), recorded in the meta. */
  prompt: string;
  fileName: string | undefined;
  /** The stem when neither a file name nor the prompt gives one. */
  fallbackStem: string;
  /** Image edits: the workspace image edited. */
  sourcePath?: string;
  /** Asks the media port. */
  ask(): Promise<MediaResult>;
};

/**
 * Runs a generation action: refuses when the mode is off or the kind has no endpoint,
 * asks the port, writes the files to `/home/ubuntu/generated/`, and answers with their
 * paths (and the prompts the model rewrote). A `MediaError` becomes a failure the model
 * can act on.
 */
export async function runGeneration(
  context: ToolContext,
  generation: Generation,
): Promise<ToolOutcome<GeneratedMediaMeta>> {
  const refusal = generationRefusal(context, generation.kind);
  if (refusal) return refusal;
  let result: MediaResult;
  try {
    result = await generation.ask();
  } catch (error) {
    if (!(error instanceof MediaError) || context.signal.aborted) throw error;
    return mediaFailure(generation.kind, error);
  }
  const stem = fileStem(generation.fileName, generation.prompt, generation.fallbackStem);
  const files = await saveGeneratedFiles(context.workspace, result.files, stem);
  const meta: GeneratedMediaMeta = {
    mode: 'generation',
    kind: generation.kind,
    prompt: generation.prompt,
    model: result.model,
    origin: result.origin,
    files,
    ...(generation.sourcePath ? { source_path: generation.sourcePath } : {}),
  };
  return { status: 'success', content: describeResult(meta), meta };
}

/** The start of a prompt for the running envelope's line (at most `length` characters). */
export function excerpt(text: string, length = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

const WHAT: Record<MediaKind, (count: number) => string> = {
  image: (count) => (count === 1 ? 'Generated 1 image' : `Generated ${count} images`),
  image_edit: (count) => (count === 1 ? 'Made 1 edited image' : `Made ${count} edited images`),
  speech: () => 'Generated speech',
};

function describeResult(meta: GeneratedMediaMeta): string {
  const from = meta.source_path ? ` from ${meta.source_path}` : '';
  const lines = [`${WHAT[meta.kind](meta.files.length)}${from} with ${meta.model} (${meta.origin}):`];
  for (const file of meta.files) lines.push(`- ${file.path} (${describeFile(file)})`);
  for (const file of meta.files) {
    if (file.revised_prompt) lines.push(`Revised prompt for ${file.path}: ${file.revised_prompt}`);
  }
  lines.push('Attach these files to the result, or reference them by path.');
  return lines.join('\n');
}

function describeFile(file: GeneratedFileMeta): string {
  const pixels = file.width && file.height ? `${file.width}×${file.height} ` : '';
  return `${pixels}${file.mime}, ${formatBytes(file.bytes)}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ADVICE: Record<Exclude<MediaError['kind'], 'not_configured'>, string> = {
  refused:
    'If the prompt was refused, rephrase it; if the key, model or size was refused, tell the user to check the setting.',
  unreachable: 'The endpoint may be down or slow; try again later, or tell the user.',
  bad_reply: 'Check the endpoint and model in the setting with the user.',
};

function mediaFailure(kind: MediaKind, error: MediaError): ToolFailure {
  if (error.kind === 'not_configured') return { ...notConfigured(kind), message: error.message };
  return { status: 'error', kind: 'execution', message: `${error.message} ${ADVICE[error.kind]}` };
}
