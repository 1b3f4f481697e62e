import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';
import { muxdError, osReason, resolvePath } from '../../common/muxd-common.ts';
import { planModeRefusal } from '../../common/plan-mode-state.ts';

/** Seed 004's `file_edit` parameters. */
export const FileEditParameters = z.object({
  path: z.string().describe('File path to edit'),
  old_string: z.string().describe('Exact text to find'),
  new_string: z.string().describe('Text to replace it with'),
  replace_all: z
    .boolean()
    .optional()
    .describe('Replace all occurrences instead of requiring exactly one (default: false)'),
});

/**
 * `old` replaced in `text`: exactly one occurrence, or all of them with `replaceAll`.
 * Zero matches, or several without `replaceAll`, is an error in muxd's words.
 */
export function replaceExact(
  text: string,
  old: string,
  replacement: string,
  replaceAll: boolean,
  path: string,
): { text: string; count: number } | { error: string } {
  const count = text.split(old).length - 1;
  if (count === 0) return { error: `old_string not found in ${path}` };
  if (replaceAll) return { text: text.split(old).join(replacement), count };
  if (count > 1) {
    return {
      error: `old_string found ${count} times in ${path} (must match exactly once, or set replace_all)`,
    };
  }
  const at = text.indexOf(old);
  return { text: text.slice(0, at) + replacement + text.slice(at + old.length), count };
}

export const fileEditTool = defineTool({
  name: 'file_edit',
  description: 'Edit a file by replacing an exact string match.',
  metaKind: 'file',
  parameters: FileEditParameters,
  label: withTarget('edit', 'path'),
  effect: 'changes_workspace',
  restorable: [{ field: 'new_string', pathField: 'path', verb: 'put into', minChars: 2048 }],
  execute: async (params, context): Promise<ToolOutcome<FileMeta>> => {
    const refusal = await planModeRefusal(context, 'file_edit');
    if (refusal) return refusal;
    if (params.path === '') return muxdError('path is required', 'validation');
    if (params.old_string === '') return muxdError('old_string is required', 'validation');
    const path = resolvePath(params.path);
    const sandbox = await context.sandbox();
    let text: string;
    try {
      text = new TextDecoder().decode(await sandbox.readFile(path));
    } catch (error) {
      return muxdError(`reading ${params.path}: ${osReason(error, params.path)}`);
    }
    const edited = replaceExact(
      text,
      params.old_string,
      params.new_string,
      params.replace_all ?? false,
      params.path,
    );
    if ('error' in edited) return muxdError(edited.error);
    await sandbox.writeFile(path, edited.text);
    const encoder = new TextEncoder();
    return {
      status: 'success',
      content: `Edited ${params.path}: replaced ${edited.count} occurrence(s) of ${encoder.encode(params.old_string).byteLength} bytes with ${encoder.encode(params.new_string).byteLength} bytes`,
      meta: {
        path,
        mime: mimeForPath(path),
        edit_summary: [{ find: params.old_string, count: edited.count }],
      },
    };
  },
});
