import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './search.md?raw';

/** Seed 000's `search` parameters, in its order. */
export const SearchParameters = z.object({
  brief: briefParameter(),
  queries: z.array(z.string()).describe('Up to 3 query variants that express the same search intent'),
  time: z
    .enum(['all', 'past_day', 'past_week', 'past_month', 'past_year'])
    .optional()
    .describe('Optional time filter to limit results to a recent time range'),
  type: z
    .enum(['info', 'image', 'api', 'news', 'tool', 'data', 'research'])
    .describe('The category of search to perform. Determines the source and format of expected results.'),
});

export const searchTool = defineTool({
  name: 'search',
  description,
  metaKind: 'search',
  parameters: SearchParameters,
  actionKey: 'type',
  describe: (params) => `Searching (${params.type}): ${params.queries[0] ?? ''}`,
});
