import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
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

export const slidesTool = defineTool({
  name: 'slides',
  description,
  metaKind: 'slides',
  parameters: SlidesParameters,
  describe: (params) => `Building ${params.slide_count} slides`,
});
