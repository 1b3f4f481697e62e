import { z } from 'zod';
import {
  defineTool,
  invalidArguments,
  type Tool,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { actionSummary } from '@/shared/protocol/action-summary.ts';
import type { SlidesMeta } from '@/shared/protocol/tool-meta/slides-meta.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import type { BuiltDeck } from './build-deck.ts';
import { type RevealAssetReader, readBundledRevealAsset } from './reveal-assets.ts';
import description from './slides.md?raw';

/** Seed 000's `slides` parameters, in its order. */
export const SlidesParameters = z.object({
  brief: briefParameter(),
  slide_content_file_path: z
    .string()
    .describe(
      'Path to markdown file in sandbox containing the detailed slide content outline (e.g., /home/ubuntu/project_name/slide_content.md)',
    ),
  slide_count: z.number().describe('Total number of slides in the presentation'),
});
type SlidesParameters = z.infer<typeof SlidesParameters>;

/**
 * The `slides` tool, reading reveal.js's files with `readAsset` (the bundled lazy chunks
 * by default; tests in Node read the package's files).
 */
export function createSlidesTool(readAsset: RevealAssetReader = readBundledRevealAsset): Tool {
  return defineTool({
    name: 'slides',
    description,
    metaKind: 'slides',
    parameters: SlidesParameters,
    label: (args) =>
      actionSummary(
        'make_slides',
        typeof args.slide_count === 'number' ? `${args.slide_count} slides` : undefined,
      ),
    effect: 'changes_workspace',
    execute: (params, context) => runSlides(params, context, readAsset),
  });
}

export const slidesTool = createSlidesTool();

async function runSlides(
  params: SlidesParameters,
  context: ToolContext,
  readAsset: RevealAssetReader,
): Promise<ToolOutcome<SlidesMeta>> {
  context.progress.status({ text: `Reading the outline ${params.slide_content_file_path}` });
  // The markdown renderer (marked) loads with the first deck, not with the worker.
  const { buildDeck } = await import('./build-deck.ts');
  const deck = await buildDeck(params.slide_content_file_path, context.workspace, readAsset);
  if (deck.status === 'problem') return invalidArguments(deck.message);
  return {
    status: 'success',
    content: observation(deck, params.slide_count),
    meta: {
      deck_path: deck.deckPath,
      slide_count: deck.slideCount,
      requested_slide_count: params.slide_count,
      outline_path: deck.outlinePath,
      asset_paths: deck.assetPaths,
      ...(deck.warnings.length > 0 ? { warnings: deck.warnings } : {}),
    },
  };
}

/** What the model reads: where the deck is, what it holds, and anything that differs from the call. */
export function observation(deck: BuiltDeck, requestedCount: number): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const lines = [
    `Built a reveal.js deck of ${plural(deck.slideCount, 'slide')} at ${deck.deckPath} from ${deck.outlinePath}.`,
  ];
  if (deck.stackCount !== deck.slideCount) {
    lines.push(`${deck.stackCount} horizontal positions; the rest are vertical slides (\`--\`).`);
  }
  lines.push(
    deck.notesCount > 0
      ? `${plural(deck.notesCount, 'slide')} with speaker notes.`
      : 'No speaker notes (start a line with `Note:` to add them).',
  );
  if (deck.slideCount !== requestedCount) {
    lines.push(
      `Slide count mismatch: \`slide_count\` was ${requestedCount}, but the outline has ${plural(deck.slideCount, 'slide')} (separated by \`---\` lines); the deck follows the outline. If slides are missing or merged, fix the outline and call \`slides\` again.`,
    );
  }
  for (const warning of deck.warnings) lines.push(`Warning: ${warning}`);
  lines.push(`The deck folder is self-contained (reveal.js copied in, relative links only).`);
  return lines.join('\n');
}
