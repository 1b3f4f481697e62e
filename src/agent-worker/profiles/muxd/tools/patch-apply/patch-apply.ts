import { z } from 'zod';
import { defineTool, errorText } from '@/agent-worker/toolkit/define-tool.ts';
import { muxdError, osReason, resolvePath } from '../../common/muxd-common.ts';
import { planModeRefusal } from '../../common/plan-mode-state.ts';
import {
  applyFilePatch,
  fromTextFile,
  parseUnifiedDiff,
  type TextFile,
  toTextFile,
} from './unified-patch.ts';

/** Seed 004's `patch_apply` parameters. */
export const PatchApplyParameters = z.object({
  patch: z.string().describe('Unified diff content to apply'),
});

/**
 * `patch_apply`: every file's hunks are checked and applied in memory first, so a patch
 * that does not fit changes nothing; then each file is written (parent folders created),
 * created or deleted, and one line per file says how many hunks it took.
 */
export const patchApplyTool = defineTool({
  name: 'patch_apply',
  description:
    'Apply a unified diff patch to one or more files. Use this for making multiple related changes across files in a single operation.',
  metaKind: null,
  parameters: PatchApplyParameters,
  label: 'apply_patch',
  effect: 'changes_workspace',
  execute: async (params, context) => {
    const refusal = await planModeRefusal(context, 'patch_apply');
    if (refusal) return refusal;
    if (params.patch === '') return muxdError('patch is required', 'validation');
    let files: ReturnType<typeof parseUnifiedDiff>;
    try {
      files = parseUnifiedDiff(params.patch);
    } catch (error) {
      return muxdError(`parsing patch: ${errorText(error)}`, 'validation');
    }
    if (files.length === 0) return muxdError('no file diffs found in patch', 'validation');
    const sandbox = await context.sandbox();
    const results = new Map<string, { file: TextFile; isDelete: boolean; hunks: number; shown: string }>();
    for (const patch of files) {
      const path = resolvePath(patch.path);
      let current = results.get(path)?.file;
      if (!current) {
        try {
          current = (await sandbox.stat(path))
            ? toTextFile(new TextDecoder().decode(await sandbox.readFile(path)))
            : toTextFile('');
        } catch (error) {
          return muxdError(
            `applying patch to ${patch.path}: reading ${patch.path}: ${osReason(error, patch.path)}`,
          );
        }
      }
      const applied = applyFilePatch(current, patch);
      if ('error' in applied) return muxdError(`applying patch to ${patch.path}: ${applied.error}`);
      const previous = results.get(path);
      results.set(path, {
        file: applied,
        isDelete: patch.isDelete,
        hunks: (previous?.hunks ?? 0) + patch.hunks.length,
        shown: patch.path,
      });
    }
    const lines: string[] = [];
    for (const [path, result] of results) {
      if (result.isDelete && result.file.lines.length === 0) {
        if (await sandbox.stat(path)) await sandbox.remove(path);
      } else {
        await sandbox.writeFile(path, fromTextFile(result.file));
      }
      lines.push(`Applied ${result.hunks} hunk(s) to ${result.shown}`);
    }
    return {
      status: 'success',
      content: lines.join('\n'),
      meta: { paths: [...results.keys()] },
    };
  },
});
