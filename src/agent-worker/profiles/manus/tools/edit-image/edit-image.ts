import { z } from 'zod';
import { defineTool, invalidArguments } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { readImageFacts } from '@/agent-worker/toolkit/web/images/image-bytes.ts';
import { absoluteWorkspacePath } from '../../common/file-names.ts';
import { generationRefusal } from '../../common/generation-gate.ts';
import { fileNameParameter, imageParameters, requiredText } from '../../common/generation-parameters.ts';
import { runGeneration } from '../../common/run-generation.ts';
import description from './edit-image.md?raw';

/** `edit_image`'s parameters (alphabetical, as seed 000 lists its tools' parameters). */
export const EditImageParameters = z.object({
  count: imageParameters.count,
  file_name: fileNameParameter,
  image_path: requiredText().describe('Absolute path of the image'),
  prompt: requiredText().describe('What to change'),
  size: imageParameters.size,
});

/**
 * `edit_image`: new images made from a workspace image and a prompt, written to
 * `/home/ubuntu/generated/` (generation mode). The source must be an image under `/home/ubuntu`.
 */
export const editImageTool = defineTool({
  name: 'edit_image',
  description,
  metaKind: 'generated_media',
  parameters: EditImageParameters,
  label: withTarget('edit_image', 'image_path'),
  effect: 'changes_workspace',
  execute: async (params, context) => {
    const refusal = generationRefusal(context, 'image_edit');
    if (refusal) return refusal;
    const path = absoluteWorkspacePath(params.image_path);
    if (path === null) {
      return invalidArguments(
        `${params.image_path} is outside the workspace: only images under /home/ubuntu can be edited. Copy the image there first.`,
      );
    }
    if (!(await context.workspace.exists(path))) {
      return invalidArguments(`There is no file at ${path}. Check the path (shell \`ls\`), then call again.`);
    }
    const bytes = await context.workspace.read(path);
    const facts = readImageFacts(bytes);
    if (!facts) {
      return invalidArguments(
        `${path} is not an image (its bytes are not PNG, JPEG, WebP or another image format). Give the path of an image.`,
      );
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    return runGeneration(context, {
      kind: 'image_edit',
      prompt: params.prompt,
      fileName: params.file_name ?? `${name.replace(/\.[^.]*$/, '')}-edited`,
      fallbackStem: 'edited-image',
      sourcePath: path,
      ask: () =>
        context.media.editImage({
          prompt: params.prompt,
          count: params.count ?? 1,
          ...(params.size ? { size: params.size } : {}),
          image: { bytes, mime: facts.mime, name },
          signal: context.signal,
        }),
    });
  },
});
