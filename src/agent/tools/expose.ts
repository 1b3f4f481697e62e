import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './expose.md?raw';

/** Seed 000's `expose` parameters, in its order. */
export const ExposeParameters = z.object({
  brief: briefParameter(),
  port: z.number().int().describe('Local port number in the sandbox to expose for public access'),
});

export const exposeTool = defineTool({
  name: 'expose',
  description,
  metaKind: 'expose',
  parameters: ExposeParameters,
  describe: (params) => `Exposing port ${params.port}`,
});
