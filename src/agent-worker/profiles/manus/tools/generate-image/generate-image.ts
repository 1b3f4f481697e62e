import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { imageParameters, requiredText } from '../../common/generation-parameters.ts';
import { runGeneration } from '../../common/run-generation.ts';
import description from './generate-image.md?raw';

/** `generate_image`'s parameters (alphabetical, as seed 000 lists its tools' parameters). */
export const GenerateImageParameters = z.object({
  count: imageParameters.count,
  file_name: imageParameters.file_name,
  prompt: requiredText().describe('What the image shows'),
  size: imageParameters.size,
});

/** `generate_image`: images from a text prompt, written to `/home/ubuntu/generated/` (generation mode). */
export const generateImageTool = defineTool({
  name: 'generate_image',
  description,
  metaKind: 'generated_media',
  parameters: GenerateImageParameters,
  label: withTarget('generate_image', 'prompt'),
  effect: 'changes_workspace',
  execute: (params, context) =>
    runGeneration(context, {
      kind: 'image',
      prompt: params.prompt,
      fileName: params.file_name,
      fallbackStem: 'image',
      ask: () =>
        context.media.generateImage({
          prompt: params.prompt,
          count: params.count ?? 1,
          ...(params.size ? { size: params.size } : {}),
          signal: context.signal,
        }),
    }),
});
