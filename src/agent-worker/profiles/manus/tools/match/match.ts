import { z } from 'zod';
import { defineTool, invalidArguments, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { MatchMeta } from '@/shared/protocol/tool-meta/match-meta.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './match.md?raw';
import { globFiles, grepFiles, MAX_MATCHES } from './match-search.ts';

/** How often a long `grep` says how far it got (a quick one says nothing). */
const PROGRESS_INTERVAL_MS = 250;

/** `report`, called at most once per `intervalMs`, and never before the first interval has passed. */
function throttled<A extends unknown[]>(
  intervalMs: number,
  report: (...args: A) => void,
): (...args: A) => void {
  let next = performance.now() + intervalMs;
  return (...args) => {
    const now = performance.now();
    if (now < next) return;
    next = now + intervalMs;
    report(...args);
  };
}

/** Seed 000's `match` parameters, in its order. */
export const MatchParameters = z.object({
  action: z.enum(['glob', 'grep']).describe('The action to perform'),
  brief: briefParameter(),
  leading: z
    .number()
    .int()
    .optional()
    .describe(
      'Number of lines to include before each match as context. Optional and only used for `grep` action. Defaults to 0.',
    ),
  regex: z
    .string()
    .optional()
    .describe('The regex pattern to match file content. Required for `grep` action.'),
  scope: z.string().describe('The glob pattern that defines the absolute file path and name scope'),
  trailing: z
    .number()
    .int()
    .optional()
    .describe(
      'Number of lines to include after each match as context. Optional and only used for `grep` action. Defaults to 0.',
    ),
});

export const matchTool = defineTool({
  name: 'match',
  description,
  metaKind: 'match',
  parameters: MatchParameters,
  actionKey: 'action',
  requiredFor: { grep: ['regex'] },
  normalize: normalizeMatch,
  actions: {
    glob: { label: withTarget('find_files', 'scope'), effect: 'reads' },
    grep: { label: withTarget('search_files', 'regex'), effect: 'reads' },
  },
  execute: async (params, context): Promise<ToolOutcome<MatchMeta>> => {
    const scope = params.scope.trim();
    if (!scope.startsWith('/')) {
      return invalidArguments(
        `\`scope\` must be an absolute glob such as /home/ubuntu/**/*.py; got "${params.scope}".`,
      );
    }
    if ((params.leading ?? 0) < 0 || (params.trailing ?? 0) < 0)
      return invalidArguments('`leading` and `trailing` must be 0 or more.');
    const sandbox = await context.sandbox();
    if (params.action === 'glob') {
      const files = await globFiles(sandbox, scope);
      return {
        status: 'success',
        content:
          files.length === 0
            ? `No files match ${scope}.`
            : `${files.length} file${files.length === 1 ? '' : 's'} match ${scope}.`,
        meta: { results: files.map((file) => ({ path: file.path, matches: [] })) },
      };
    }
    if (!params.regex) return invalidArguments('`grep` needs a `regex`.');
    let pattern: RegExp;
    try {
      pattern = new RegExp(params.regex);
    } catch (error) {
      return invalidArguments(
        `\`regex\` is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const files = await globFiles(sandbox, scope);
    const report = await grepFiles(
      sandbox,
      files,
      pattern,
      { leading: params.leading ?? 0, trailing: params.trailing ?? 0 },
      MAX_MATCHES,
      throttled(PROGRESS_INTERVAL_MS, (done, total) =>
        context.progress.status({ text: 'Searching files', done, total }),
      ),
    );
    const skipped = report.skipped.binary + report.skipped.too_large;
    const parts = [
      `${report.matchCount} match${report.matchCount === 1 ? '' : 'es'} in ${report.results.length} of ${files.length} files`,
      ...(report.isTruncated
        ? [`only the first ${MAX_MATCHES} are listed; narrow the scope or the regex`]
        : []),
      ...(skipped > 0
        ? [`skipped ${report.skipped.binary} binary and ${report.skipped.too_large} files over 1 MB`]
        : []),
    ];
    return {
      status: 'success',
      content: `${parts.join('; ')}.`,
      meta: { results: report.results, skipped: report.skipped, is_truncated: report.isTruncated },
    };
  },
});

/** Seed 001 passes a base directory in `scope` and the pattern in `glob`; they are joined. */
function normalizeMatch(raw: Record<string, unknown>): Record<string, unknown> {
  const { glob, ...rest } = raw;
  if (typeof glob !== 'string' || glob.trim() === '') return raw;
  const scope = typeof rest.scope === 'string' ? rest.scope.trim() : '';
  if (glob.startsWith('/')) return { ...rest, scope: glob };
  return { ...rest, scope: `${scope.replace(/\/+$/, '') || '/home/ubuntu'}/${glob.replace(/^\.?\/+/, '')}` };
}
