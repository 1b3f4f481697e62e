import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './generate.md?raw';

/** Seed 000's `generate` parameters. */
export const GenerateParameters = z.object({ brief: briefParameter() });

export const generateTool = defineTool({
  name: 'generate',
  description,
  metaKind: 'generate',
  parameters: GenerateParameters,
  describe: (params) => params.brief ?? 'Entering generation mode',
});
