import { z } from 'zod';
import description from './browser.md?raw';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';

/** Seed 000's `browser` parameters, in its order. */
export const BrowserParameters = z.object({
  brief: briefParameter(),
  focus: z
    .string()
    .optional()
    .describe(
      '(Required if intent is `informational`) Specific topic, section, or question to focus on when visiting the page. Helps guide reading and extraction efforts toward the most relevant content.',
    ),
  intent: z
    .enum(['navigational', 'informational', 'transactional'])
    .optional()
    .describe('The purpose of visiting this URL. Helps to determine how to handle the page.'),
  url: z
    .string()
    .describe('The URL to navigate to. Must include protocol prefix (e.g., https:// or file://).'),
});

export const browserTool = defineTool({
  name: 'browser',
  description,
  metaKind: 'browser',
  parameters: BrowserParameters,
  describe: (params) => `Opening ${params.url}`,
});
