import { z } from 'zod';
import { defineTool, errorText, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { FileMeta } from '@/shared/protocol/tool-meta/file-meta.ts';
import { countOccurrences, expandTabs, pythonList } from '../../common/python-text.ts';
import { editorHistory } from './editor-history.ts';
import { makeOutput, SNIPPET_LINES } from './editor-output.ts';
import description from './str-replace-editor.md?raw';

const COMMANDS = ['view', 'create', 'str_replace', 'insert', 'undo_edit'] as const;

/** OpenManus' `str_replace_editor` parameters, word for word. */
export const StrReplaceEditorParameters = z.object({
  command: z
    .enum(COMMANDS)
    .describe(
      'The commands to run. Allowed options are: `view`, `create`, `str_replace`, `insert`, `undo_edit`.',
    ),
  path: z.string().describe('Absolute path to file or directory.'),
  file_text: z
    .string()
    .optional()
    .describe('Required parameter of `create` command, with the content of the file to be created.'),
  old_str: z
    .string()
    .optional()
    .describe('Required parameter of `str_replace` command containing the string in `path` to replace.'),
  new_str: z
    .string()
    .optional()
    .describe(
      'Optional parameter of `str_replace` command containing the new string (if not given, no string will be added). Required parameter of `insert` command containing the string to insert.',
    ),
  insert_line: z
    .number()
    .int()
    .optional()
    .describe(
      'Required parameter of `insert` command. The `new_str` will be inserted AFTER the line `insert_line` of `path`.',
    ),
  view_range: z
    .array(z.number().int())
    .optional()
    .describe(
      'Optional parameter of `view` command when `path` points to a file. If none is given, the full file is shown. If provided, the file will be shown in the indicated line number range, e.g. [11, 12] will show lines 11 and 12. Indexing at 1 to start. Setting `[start_line, -1]` shows all lines from `start_line` to the end of the file.',
    ),
});
type Params = z.infer<typeof StrReplaceEditorParameters>;

/** Files are read as UTF-8 text, as OpenManus reads them; other bytes fail the read. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A failure with OpenManus' `ToolError` text. */
class EditorError extends Error {}

/**
 * OpenManus' file editor over the sandbox: `view` (`cat -n` with line numbers, or the
 * non-hidden entries two levels deep), `create`, `str_replace` of a unique match,
 * `insert` after a line and `undo_edit`, with each file's history kept in the workspace
 * so a reload keeps it. Texts, limits and error messages are OpenManus'.
 */
export const strReplaceEditorTool = defineTool({
  name: 'str_replace_editor',
  description,
  metaKind: 'file',
  parameters: StrReplaceEditorParameters,
  actionKey: 'command',
  requiredFor: { create: ['file_text'], str_replace: ['old_str'], insert: ['insert_line', 'new_str'] },
  actions: {
    view: { label: withTarget('read', 'path'), effect: 'reads' },
    create: {
      label: withTarget('write', 'path'),
      effect: 'changes_workspace',
      restorable: [{ field: 'file_text', pathField: 'path', verb: 'written to', minChars: 1024 }],
    },
    str_replace: { label: withTarget('edit', 'path'), effect: 'changes_workspace' },
    insert: { label: withTarget('edit', 'path'), effect: 'changes_workspace' },
    undo_edit: { label: withTarget('undo_edit', 'path'), effect: 'changes_workspace' },
  },
  execute: async (params, context): Promise<ToolOutcome<FileMeta>> => {
    const sandbox = await context.sandbox();
    try {
      const { content, meta } = await run(params, sandbox);
      return { status: 'success', content, meta: { path: params.path, mime: meta.mime, ...meta.extra } };
    } catch (error) {
      if (error instanceof EditorError) return { status: 'error', kind: 'execution', message: error.message };
      throw error;
    }
  },
});

type RunResult = { content: string; meta: { mime: string; extra?: Partial<FileMeta> } };

async function run(params: Params, sandbox: SandboxPort): Promise<RunResult> {
  const { command, path } = params;
  const isDirectory = await validatePath(command, path, sandbox);
  const mime = isDirectory ? 'inode/directory' : mimeForPath(path);
  const done = (content: string, extra?: Partial<FileMeta>): RunResult => ({
    content,
    meta: { mime, extra },
  });
  switch (command) {
    case 'view':
      return done(isDirectory ? await viewDirectory(params, sandbox) : await viewFile(params, sandbox));
    case 'create': {
      if (params.file_text === undefined)
        throw new EditorError('Parameter `file_text` is required for command: create');
      await writeFile(sandbox, path, params.file_text);
      await editorHistory.push(sandbox, path, params.file_text);
      return done(`File created successfully at: ${path}`);
    }
    case 'str_replace': {
      if (params.old_str === undefined)
        throw new EditorError('Parameter `old_str` is required for command: str_replace');
      return done(await replace(path, params.old_str, params.new_str, sandbox), {
        edit_summary: [{ find: params.old_str, count: 1 }],
      });
    }
    case 'insert': {
      if (params.insert_line === undefined)
        throw new EditorError('Parameter `insert_line` is required for command: insert');
      if (params.new_str === undefined)
        throw new EditorError('Parameter `new_str` is required for command: insert');
      return done(await insert(path, params.insert_line, params.new_str, sandbox));
    }
    case 'undo_edit': {
      const oldText = await editorHistory.pop(sandbox, path);
      if (oldText === undefined) throw new EditorError(`No edit history found for ${path}.`);
      await writeFile(sandbox, path, oldText);
      return done(`Last edit to ${path} undone successfully. ${makeOutput(oldText, path)}`);
    }
  }
}

/** OpenManus' `validate_path`; true when `path` is a directory. */
async function validatePath(
  command: Params['command'],
  path: string,
  sandbox: SandboxPort,
): Promise<boolean> {
  if (!path.startsWith('/')) throw new EditorError(`The path ${path} is not an absolute path`);
  const stat = await sandbox.stat(path).catch(() => null);
  if (command === 'create') {
    if (stat)
      throw new EditorError(
        `File already exists at: ${path}. Cannot overwrite files using command \`create\`.`,
      );
    return false;
  }
  if (!stat) throw new EditorError(`The path ${path} does not exist. Please provide a valid path.`);
  const isDirectory = stat.kind === 'directory';
  if (isDirectory && command !== 'view') {
    throw new EditorError(
      `The path ${path} is a directory and only the \`view\` command can be used on directories`,
    );
  }
  return isDirectory;
}

async function viewDirectory(params: Params, sandbox: SandboxPort): Promise<string> {
  if (params.view_range && params.view_range.length > 0) {
    throw new EditorError('The `view_range` parameter is not allowed when `path` points to a directory.');
  }
  // OpenManus runs `find {path} -maxdepth 2 -not -path '*/\.*'`; the path is quoted here, and a
  // glob needs no backslash before the dot.
  const quoted = `'${params.path.replaceAll("'", "'\\''")}'`;
  const result = await sandbox.exec('str_replace_editor', `find ${quoted} -maxdepth 2 -not -path '*/.*'`, {
    timeoutSeconds: 120,
  });
  if (result.stderr) throw new EditorError(result.stderr);
  return `Here's the files and directories up to 2 levels deep in ${params.path}, excluding hidden items:\n${result.stdout}\n`;
}

async function viewFile(params: Params, sandbox: SandboxPort): Promise<string> {
  let fileContent = await readFile(sandbox, params.path);
  let initLine = 1;
  const range = params.view_range;
  if (range && range.length > 0) {
    if (range.length !== 2)
      throw new EditorError('Invalid `view_range`. It should be a list of two integers.');
    const lines = fileContent.split('\n');
    const count = lines.length;
    const [first, last] = range as [number, number];
    initLine = first;
    if (first < 1 || first > count) {
      throw new EditorError(
        `Invalid \`view_range\`: ${pythonList(range)}. Its first element \`${first}\` should be within the range of lines of the file: ${pythonList([1, count])}`,
      );
    }
    if (last > count) {
      throw new EditorError(
        `Invalid \`view_range\`: ${pythonList(range)}. Its second element \`${last}\` should be smaller than the number of lines in the file: \`${count}\``,
      );
    }
    if (last !== -1 && last < first) {
      throw new EditorError(
        `Invalid \`view_range\`: ${pythonList(range)}. Its second element \`${last}\` should be larger or equal than its first \`${first}\``,
      );
    }
    fileContent = (last === -1 ? lines.slice(first - 1) : lines.slice(first - 1, last)).join('\n');
  }
  return makeOutput(fileContent, params.path, initLine);
}

async function replace(
  path: string,
  oldStrGiven: string,
  newStrGiven: string | undefined,
  sandbox: SandboxPort,
): Promise<string> {
  const fileContent = expandTabs(await readFile(sandbox, path));
  const oldStr = expandTabs(oldStrGiven);
  const newStr = newStrGiven === undefined ? '' : expandTabs(newStrGiven);
  const occurrences = countOccurrences(fileContent, oldStr);
  if (occurrences === 0) {
    throw new EditorError(
      `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`,
    );
  }
  if (occurrences > 1) {
    const lines = fileContent
      .split('\n')
      .flatMap((line, index) => (line.includes(oldStr) ? [index + 1] : []));
    throw new EditorError(
      `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines ${pythonList(lines)}. Please ensure it is unique`,
    );
  }
  const at = fileContent.indexOf(oldStr);
  const newContent = fileContent.slice(0, at) + newStr + fileContent.slice(at + oldStr.length);
  await writeFile(sandbox, path, newContent);
  await editorHistory.push(sandbox, path, fileContent);
  const replacementLine = fileContent.slice(0, at).split('\n').length - 1;
  const startLine = Math.max(0, replacementLine - SNIPPET_LINES);
  const endLine = replacementLine + SNIPPET_LINES + newStr.split('\n').length - 1;
  const snippet = newContent
    .split('\n')
    .slice(startLine, endLine + 1)
    .join('\n');
  return `The file ${path} has been edited. ${makeOutput(snippet, `a snippet of ${path}`, startLine + 1)}Review the changes and make sure they are as expected. Edit the file again if necessary.`;
}

async function insert(
  path: string,
  insertLine: number,
  newStrGiven: string,
  sandbox: SandboxPort,
): Promise<string> {
  const fileText = expandTabs(await readFile(sandbox, path));
  const newStr = expandTabs(newStrGiven);
  const lines = fileText.split('\n');
  if (insertLine < 0 || insertLine > lines.length) {
    throw new EditorError(
      `Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: ${pythonList([0, lines.length])}`,
    );
  }
  const newLines = newStr.split('\n');
  const newText = [...lines.slice(0, insertLine), ...newLines, ...lines.slice(insertLine)].join('\n');
  const snippet = [
    ...lines.slice(Math.max(0, insertLine - SNIPPET_LINES), insertLine),
    ...newLines,
    ...lines.slice(insertLine, insertLine + SNIPPET_LINES),
  ].join('\n');
  await writeFile(sandbox, path, newText);
  await editorHistory.push(sandbox, path, fileText);
  return `The file ${path} has been edited. ${makeOutput(snippet, 'a snippet of the edited file', Math.max(1, insertLine - SNIPPET_LINES + 1))}Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
}

async function readFile(sandbox: SandboxPort, path: string): Promise<string> {
  try {
    return UTF8.decode(await sandbox.readFile(path));
  } catch (error) {
    if (error instanceof TypeError)
      throw new EditorError(`Failed to read ${path}: 'utf-8' codec can't decode it`);
    throw new EditorError(`Failed to read ${path}: ${errorText(error)}`);
  }
}

async function writeFile(sandbox: SandboxPort, path: string, content: string): Promise<void> {
  try {
    await sandbox.writeFile(path, content);
  } catch (error) {
    throw new EditorError(`Failed to write to ${path}: ${errorText(error)}`);
  }
}
