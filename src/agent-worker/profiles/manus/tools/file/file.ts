import { z } from 'zod';
import {
  defineTool,
  invalidArguments,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import {
  documentFormat,
  normalizedPath,
  unsupportedDocument,
} from '@/agent-worker/toolkit/documents/documents.ts';
import { applyEdits, decodeText, sliceLines } from '@/agent-worker/toolkit/file-bytes.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';
import { WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './file.md?raw';
import { readDocument, viewDocument } from './file-documents.ts';
import { isImage, viewImage } from './file-view-image.ts';

/** Seed 000's `file` parameters, in its order. */
export const FileParameters = z.object({
  action: z.enum(['view', 'read', 'write', 'append', 'edit']).describe('The action to perform'),
  brief: briefParameter(),
  edits: z
    .array(z.object({ all: z.boolean().optional(), find: z.string(), replace: z.string() }))
    .optional()
    .describe('A list of edits to be sequentially applied to the file. Required for `edit` action.'),
  path: z.string().describe('The absolute path to the target file'),
  range: z
    .array(z.number().int())
    .optional()
    .describe(
      'An array of two integers specifying the start and end of the range. Numbers are 1-indexed, and -1 for the end means read to the end of the file. Optional and only used for `view` and `read` actions.',
    ),
  text: z
    .string()
    .optional()
    .describe('The content to be written or appended. Required for `write` and `append` actions.'),
});

export const fileTool = defineTool({
  name: 'file',
  description,
  metaKind: 'file',
  parameters: FileParameters,
  actionKey: 'action',
  requiredFor: { write: ['text'], append: ['text'], edit: ['edits'] },
  actions: {
    view: { label: withTarget('read', 'path'), effect: 'reads' },
    read: { label: withTarget('read', 'path'), effect: 'reads' },
    // Written and appended text from 1 KB (below, the digest saves little); an edit's
    // `replace` from 2 KB, a rewritten block rather than a targeted change the model still
    // reasons about. `find` is never digested: after the edit the file no longer holds it.
    write: {
      label: withTarget('write', 'path'),
      effect: 'changes_workspace',
      restorable: [{ field: 'text', pathField: 'path', verb: 'written to', minChars: 1024 }],
    },
    append: {
      label: withTarget('append', 'path'),
      effect: 'changes_workspace',
      restorable: [{ field: 'text', pathField: 'path', verb: 'appended to', minChars: 1024 }],
    },
    edit: {
      label: withTarget('edit', 'path'),
      effect: 'changes_workspace',
      restorable: [{ field: 'edits[].replace', pathField: 'path', verb: 'put into', minChars: 2048 }],
    },
  },
  execute: (params, context) => runFileAction(params, context),
});

type FileParameters = z.infer<typeof FileParameters>;

const DERIVED_TEXT_CHARACTERS = 2_000;

async function runFileAction(params: FileParameters, context: ToolContext): Promise<ToolOutcome<FileMeta>> {
  const sandbox = await context.sandbox();
  const trimmed = params.path.trim();
  // Normalised (`/home/ubuntu/../ubuntu/x.pdf`), so what is derived from it (`extracted_path`) is too; a relative path is left for the sandbox to refuse.
  const path = trimmed.startsWith('/') ? normalizedPath(trimmed) : trimmed;
  const mime = mimeForPath(path);
  const meta = { path, mime };
  switch (params.action) {
    case 'write':
    case 'append': {
      if (params.text === undefined) return invalidArguments(`\`${params.action}\` needs \`text\`.`);
      if (params.action === 'write') await sandbox.writeFile(path, params.text);
      else await sandbox.appendFile(path, params.text);
      const bytes = new TextEncoder().encode(params.text).byteLength;
      const verb = params.action === 'write' ? 'Wrote' : 'Appended';
      // Only the workspace is kept: a scratch file elsewhere is gone after a reload, and the model is told.
      const scratch =
        workspacePathOf(path) !== null
          ? ''
          : ` Note: only files under ${WORKSPACE_ROOT} are kept; this one is scratch, gone after a reload.`;
      return { status: 'success', content: `${verb} ${bytes} bytes to ${path}.${scratch}`, meta };
    }
    case 'read': {
      const unsupported = unsupportedDocument(path);
      if (unsupported) return invalidArguments(`${path}: ${unsupported}`);
      const bytes = await sandbox.readFile(path);
      const format = documentFormat(path);
      // A CSV is text: `read` gives its lines as they are (to edit them); `view` gives it as a table.
      if (format && format !== 'csv')
        return readDocument({ sandbox, path, mime, bytes, format, signal: context.signal }, params.range);
      const text = decodeText(bytes);
      if (text === null) {
        if (isImage(bytes, mime))
          return invalidArguments(
            `${path} is an image (${mime}), a binary file; \`read\` is for text. Use \`view\` to look at it.`,
          );
        return invalidArguments(
          `${path} is a binary file (${mime}); \`read\` is for text. Use \`view\` for images and documents.`,
        );
      }
      const sliced = sliceLines(text, params.range);
      if ('error' in sliced) return invalidArguments(sliced.error);
      return { status: 'success', content: sliced.text, meta };
    }
    case 'view': {
      const unsupported = unsupportedDocument(path);
      if (unsupported) return invalidArguments(`${path}: ${unsupported}`);
      const bytes = await sandbox.readFile(path);
      const format = documentFormat(path);
      if (format)
        return viewDocument(
          { sandbox, path, mime, bytes, format, signal: context.signal, vision: context.vision },
          params.range,
        );
      const text = decodeText(bytes);
      if (text !== null) {
        const sliced = sliceLines(text, params.range);
        if ('error' in sliced) return invalidArguments(sliced.error);
        const derived = sliced.text.slice(0, DERIVED_TEXT_CHARACTERS);
        return {
          status: 'success',
          content: `${path}: text, ${bytes.byteLength} bytes.`,
          meta: { ...meta, derived_text: derived },
        };
      }
      if (isImage(bytes, mime)) return viewImage({ path, mime, bytes, vision: context.vision });
      return {
        status: 'success',
        content: `${path}: ${mime}, ${bytes.byteLength} bytes. Its contents cannot be shown as text here.`,
        meta,
      };
    }
    case 'edit': {
      if (!params.edits || params.edits.length === 0)
        return invalidArguments('`edit` needs `edits`: a list of {find, replace, all}.');
      const text = decodeText(await sandbox.readFile(path));
      if (text === null) return invalidArguments(`${path} is a binary file; \`edit\` works on text.`);
      const edited = applyEdits(text, params.edits);
      if ('error' in edited) return invalidArguments(edited.error);
      await sandbox.writeFile(path, edited.text);
      const total = edited.summary.reduce((sum, entry) => sum + entry.count, 0);
      return {
        status: 'success',
        content: `Made ${total} replacement${total === 1 ? '' : 's'} in ${path}.`,
        meta: { ...meta, edit_summary: edited.summary },
      };
    }
  }
}
