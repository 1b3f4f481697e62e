import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';
import { capOutput, muxdError, osReason, resolvePath } from '../../common/muxd-common.ts';

/** Seed 004's `file_read` parameters. */
export const FileReadParameters = z.object({
  path: z.string().describe('Absolute or relative file path to read'),
  offset: z.number().int().optional().describe('Line number to start reading from (1-based, default: 1)'),
  limit: z.number().int().optional().describe('Maximum number of lines to read (default: all)'),
});

/**
 * Lines `offset`… of `text` (at most `limit`; 0 or less means all), each as `%4d | line`,
 * cut at 50 KB. A CRLF file reads as LF, as in muxd.
 */
export function numberedLines(text: string, offset = 1, limit = 0): string {
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  const start = Math.min(Math.max(offset > 0 ? offset - 1 : 0, 0), lines.length);
  const end = Math.min(start + (limit > 0 ? limit : lines.length), lines.length);
  let result = '';
  for (let index = start; index < end; index += 1) {
    result += `${String(index + 1).padStart(4, ' ')} | ${lines[index]}\n`;
  }
  return capOutput(result);
}

export const fileReadTool = defineTool({
  name: 'file_read',
  description: 'Read the contents of a file. Returns the file content with line numbers.',
  metaKind: 'file',
  parameters: FileReadParameters,
  label: withTarget('read', 'path'),
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<FileMeta>> => {
    if (params.path === '') return muxdError('path is required', 'validation');
    const path = resolvePath(params.path);
    const sandbox = await context.sandbox();
    let bytes: Uint8Array;
    try {
      bytes = await sandbox.readFile(path);
    } catch (error) {
      return muxdError(`reading ${params.path}: ${osReason(error, params.path)}`);
    }
    const text = new TextDecoder().decode(bytes);
    return {
      status: 'success',
      content: numberedLines(text, params.offset, params.limit),
      meta: { path, mime: mimeForPath(path) },
    };
  },
});
