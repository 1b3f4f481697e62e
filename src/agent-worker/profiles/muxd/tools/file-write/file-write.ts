import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';
import { muxdError, osReason, resolvePath } from '../../common/muxd-common.ts';
import { planModeRefusal } from '../../common/plan-mode-state.ts';

/** Seed 004's `file_write` parameters. */
export const FileWriteParameters = z.object({
  path: z.string().describe('File path to write to'),
  content: z.string().describe('Content to write to the file'),
});

export const fileWriteTool = defineTool({
  name: 'file_write',
  description:
    "Write content to a file. Creates parent directories if they don't exist. Overwrites the file if it already exists.",
  metaKind: 'file',
  parameters: FileWriteParameters,
  label: withTarget('write', 'path'),
  effect: 'changes_workspace',
  restorable: [{ field: 'content', pathField: 'path', verb: 'written to', minChars: 1024 }],
  execute: async (params, context): Promise<ToolOutcome<FileMeta>> => {
    const refusal = await planModeRefusal(context, 'file_write');
    if (refusal) return refusal;
    if (params.path === '') return muxdError('path is required', 'validation');
    const path = resolvePath(params.path);
    const sandbox = await context.sandbox();
    try {
      await sandbox.writeFile(path, params.content);
    } catch (error) {
      return muxdError(`writing ${params.path}: ${osReason(error, params.path)}`);
    }
    const bytes = new TextEncoder().encode(params.content).byteLength;
    const lines = params.content.split('\n').length;
    return {
      status: 'success',
      content: `Wrote ${bytes} bytes (${lines} lines) to ${params.path}`,
      meta: { path, mime: mimeForPath(path) },
    };
  },
});
