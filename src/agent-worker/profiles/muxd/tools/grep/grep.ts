import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { MatchMeta } from '@/shared/protocol/tool-meta/match-meta.ts';
import { grepTree, MAX_CONTEXT_LINES, MAX_GREP_MATCHES } from '../../common/grep-search.ts';
import { cleanPath, muxdError, resolvePath } from '../../common/muxd-common.ts';

/** Seed 004's `grep` parameters. */
export const GrepParameters = z.object({
  pattern: z.string().describe('Regular expression pattern to search for'),
  path: z.string().optional().describe('Directory or file to search (default: current directory)'),
  include: z.string().optional().describe('Glob pattern to filter files (e.g., `*.go`, `*.js`)'),
  context_lines: z
    .number()
    .int()
    .optional()
    .describe('Number of lines to show before and after each match (like `grep -C`)'),
});

export const grepTool = defineTool({
  name: 'grep',
  description: 'Search files for a regex pattern. Returns matching lines in `file:line:content` format.',
  metaKind: 'match',
  parameters: GrepParameters,
  label: withTarget('search_files', 'pattern'),
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<MatchMeta>> => {
    if (params.pattern === '') return muxdError('pattern is required', 'validation');
    let pattern: RegExp;
    try {
      pattern = new RegExp(params.pattern);
    } catch (error) {
      return muxdError(
        `invalid regex: ${error instanceof Error ? error.message : String(error)}`,
        'validation',
      );
    }
    const given = params.path || '.';
    const sandbox = await context.sandbox();
    const root = await sandbox.stat(resolvePath(given));
    const contextLines = Math.min(Math.max(params.context_lines ?? 0, 0), MAX_CONTEXT_LINES);
    const found = root
      ? await grepTree(sandbox, {
          pattern,
          shownRoot: cleanPath(given),
          root,
          include: params.include ?? '',
          contextLines,
        })
      : { lines: [], isTruncated: false, results: [] };
    const content =
      found.lines.length === 0
        ? 'No matches found.'
        : `${found.lines.join('\n')}${found.isTruncated ? `\n... (truncated at ${MAX_GREP_MATCHES} matches)` : ''}`;
    return {
      status: 'success',
      content,
      meta: { results: found.results, is_truncated: found.isTruncated },
    };
  },
});
