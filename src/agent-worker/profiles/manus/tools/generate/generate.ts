import { z } from 'zod';
import { defineTool, type ToolContext } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mediaSettingName } from '@/shared/protocol/media/media-settings.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import { GENERATED_FOLDER, GENERATION_ACTIONS } from '../../common/generation-gate.ts';
import description from './generate.md?raw';

/** Seed 000's `generate` parameters. */
export const GenerateParameters = z.object({ brief: briefParameter() });

/**
 * `generate`: enters generation mode for the conversation (the envelope's meta records
 * it; later runs read it from the log), and tells the model which generation actions it
 * may now use and which of them Settings → Media has set up.
 */
export const generateTool = defineTool({
  name: 'generate',
  description,
  metaKind: 'generate',
  parameters: GenerateParameters,
  label: fixedTarget('enter_mode', 'generation mode'),
  effect: 'reads',
  execute: (_params, context) => {
    const wasActive = context.modes.isActive('generation');
    context.modes.activate('generation');
    return {
      status: 'success',
      content: generationModeText(context, wasActive),
      meta: { mode: 'generation', active: true },
    };
  },
});

function generationModeText(context: ToolContext, wasActive: boolean): string {
  const ready = GENERATION_ACTIONS.filter(({ kind }) => context.media.isConfigured(kind));
  const lines = [
    `Generation mode is ${wasActive ? 'already' : 'now'} on for this conversation. Generation tools:`,
    ...GENERATION_ACTIONS.map(({ tool, kind, makes }) =>
      context.media.isConfigured(kind)
        ? `- \`${tool}\`: ${makes} (ready)`
        : `- \`${tool}\`: ${makes} (not set up: the user must fill in ${mediaSettingName(kind)})`,
    ),
    `Generated files are written to ${GENERATED_FOLDER}/.`,
  ];
  if (ready.length === 0) {
    lines.push(
      'No generation endpoint is set up yet, so these tools will fail until the user fills in Settings → Media. Tell the user, or do the task without generated media.',
    );
  }
  return lines.join('\n');
}
