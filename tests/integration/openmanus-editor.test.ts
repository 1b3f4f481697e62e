import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  historyPathOf,
  MAX_VERSIONS_PER_FILE,
} from '../../src/agent-worker/profiles/openmanus/tools/str-replace-editor/editor-history.ts';
import { TRUNCATED_MESSAGE } from '../../src/agent-worker/profiles/openmanus/tools/str-replace-editor/editor-output.ts';
import { strReplaceEditorTool } from '../../src/agent-worker/profiles/openmanus/tools/str-replace-editor/str-replace-editor.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { FileMeta } from '../../src/shared/protocol/tool-meta/file-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * OpenManus' `str_replace_editor` through the real tool over a real virtual sandbox (the
 * workspace persisted to IndexedDB): OpenManus' outputs and error texts, the 16,000
 * character cut, and an undo history that outlives a reload.
 */

let workspace: WorkspaceRepository;
let sandbox: VirtualSandbox;
const open = () => VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 50_000_000 });

beforeEach(async () => {
  workspace = new WorkspaceRepository(
    new SandpiperDatabase(`openmanus-editor-${randomUUID()}`, { indexedDB, IDBKeyRange }),
  );
  sandbox = await open();
});

async function editor(args: Record<string, unknown>): Promise<ToolOutcome> {
  const prepared = strReplaceEditorTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
}
const output = async (args: Record<string, unknown>) => {
  const outcome = await editor(args);
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  FileMeta.parse(outcome.meta);
  return outcome.content;
};
const error = async (args: Record<string, unknown>) => {
  const outcome = await editor(args);
  if (outcome.status !== 'error') throw new Error(`Expected an error, got: ${outcome.content}`);
  return outcome.message;
};

const FILE = '/home/ubuntu/app.py';

describe('str_replace_editor', () => {
  it('creates a file once, and views it as `cat -n` does, whole or in a range', async () => {
    expect(await output({ command: 'create', path: FILE, file_text: 'a = 1\nb = 2\nc = 3' })).toBe(
      `File created successfully at: ${FILE}`,
    );
    expect(await error({ command: 'create', path: FILE, file_text: 'x' })).toBe(
      `File already exists at: ${FILE}. Cannot overwrite files using command \`create\`.`,
    );
    expect(await output({ command: 'view', path: FILE })).toBe(
      `Here's the result of running \`cat -n\` on ${FILE}:\n     1\ta = 1\n     2\tb = 2\n     3\tc = 3\n`,
    );
    expect(await output({ command: 'view', path: FILE, view_range: [2, -1] })).toBe(
      `Here's the result of running \`cat -n\` on ${FILE}:\n     2\tb = 2\n     3\tc = 3\n`,
    );
    expect(await sandbox.readText(FILE)).toBe('a = 1\nb = 2\nc = 3');
  });

  it('refuses bad paths and view ranges with OpenManus’ texts', async () => {
    await sandbox.writeFile(FILE, 'one\ntwo\nthree');
    expect(await error({ command: 'view', path: 'app.py' })).toBe('The path app.py is not an absolute path');
    expect(await error({ command: 'view', path: '/home/ubuntu/none.py' })).toBe(
      'The path /home/ubuntu/none.py does not exist. Please provide a valid path.',
    );
    expect(await error({ command: 'str_replace', path: '/home/ubuntu', old_str: 'a' })).toBe(
      'The path /home/ubuntu is a directory and only the `view` command can be used on directories',
    );
    expect(await error({ command: 'view', path: FILE, view_range: [1] })).toBe(
      'Invalid `view_range`. It should be a list of two integers.',
    );
    expect(await error({ command: 'view', path: FILE, view_range: [0, 2] })).toBe(
      'Invalid `view_range`: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 3]',
    );
    expect(await error({ command: 'view', path: FILE, view_range: [1, 9] })).toBe(
      'Invalid `view_range`: [1, 9]. Its second element `9` should be smaller than the number of lines in the file: `3`',
    );
    expect(await error({ command: 'view', path: FILE, view_range: [3, 2] })).toBe(
      'Invalid `view_range`: [3, 2]. Its second element `2` should be larger or equal than its first `3`',
    );
    expect(await error({ command: 'view', path: '/home/ubuntu', view_range: [1, 2] })).toBe(
      'The `view_range` parameter is not allowed when `path` points to a directory.',
    );
    expect(await error({ command: 'create', path: '/home/ubuntu/new.txt' })).toBe(
      'Parameter `file_text` is required for command: create',
    );
    expect(await error({ command: 'str_replace', path: FILE })).toBe(
      'Parameter `old_str` is required for command: str_replace',
    );
    expect(await error({ command: 'insert', path: FILE, new_str: 'x' })).toBe(
      'Parameter `insert_line` is required for command: insert',
    );
    expect(await error({ command: 'insert', path: FILE, insert_line: 1 })).toBe(
      'Parameter `new_str` is required for command: insert',
    );
  });

  it('lists a directory two levels deep without hidden entries', async () => {
    await sandbox.writeFile('/home/ubuntu/src/lib/deep/x.ts', 'x');
    await sandbox.writeFile('/home/ubuntu/src/main.ts', 'm');
    await sandbox.writeFile('/home/ubuntu/src/.secret', 's');
    const listing = await output({ command: 'view', path: '/home/ubuntu/src' });
    expect(listing.split('\n')[0]).toBe(
      "Here's the files and directories up to 2 levels deep in /home/ubuntu/src, excluding hidden items:",
    );
    expect(listing).toContain('/home/ubuntu/src/main.ts\n');
    expect(listing).toContain('/home/ubuntu/src/lib/deep\n');
    expect(listing).not.toContain('x.ts');
    expect(listing).not.toContain('.secret');
  });

  it('replaces only a unique match, showing a numbered snippet', async () => {
    const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
    await sandbox.writeFile(FILE, `${lines.join('\n')}\nline 1\n`);
    expect(await error({ command: 'str_replace', path: FILE, old_str: 'absent' })).toBe(
      `No replacement was performed, old_str \`absent\` did not appear verbatim in ${FILE}.`,
    );
    expect(await error({ command: 'str_replace', path: FILE, old_str: 'line 1' })).toBe(
      'No replacement was performed. Multiple occurrences of old_str `line 1` in lines [1, 10, 11, 12, 13]. Please ensure it is unique',
    );
    const edited = await output({
      command: 'str_replace',
      path: FILE,
      old_str: 'line 7',
      new_str: 'seven\nand more',
    });
    expect(edited).toBe(
      `The file ${FILE} has been edited. Here's the result of running \`cat -n\` on a snippet of ${FILE}:\n` +
        '     3\tline 3\n     4\tline 4\n     5\tline 5\n     6\tline 6\n     7\tseven\n     8\tand more\n' +
        '     9\tline 8\n    10\tline 9\n    11\tline 10\n    12\tline 11\n' +
        'Review the changes and make sure they are as expected. Edit the file again if necessary.',
    );
    expect(await sandbox.readText(FILE)).toContain('line 6\nseven\nand more\nline 8');
  });

  it('inserts after a line, within the file’s range', async () => {
    await sandbox.writeFile(FILE, 'a\nb');
    expect(await error({ command: 'insert', path: FILE, insert_line: 3, new_str: 'x' })).toBe(
      'Invalid `insert_line` parameter: 3. It should be within the range of lines of the file: [0, 2]',
    );
    expect(await output({ command: 'insert', path: FILE, insert_line: 1, new_str: 'between' })).toBe(
      `The file ${FILE} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n` +
        '     1\ta\n     2\tbetween\n     3\tb\n' +
        'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
    );
  });

  it('undoes edits one by one, across a reload, until the history is empty', async () => {
    await output({ command: 'create', path: FILE, file_text: 'v1' });
    await output({ command: 'str_replace', path: FILE, old_str: 'v1', new_str: 'v2' });
    await output({ command: 'insert', path: FILE, insert_line: 1, new_str: 'v3' });
    expect(await sandbox.readText(FILE)).toBe('v2\nv3');

    await sandbox.close();
    sandbox = await open();
    expect(await output({ command: 'undo_edit', path: FILE })).toBe(
      `Last edit to ${FILE} undone successfully. Here's the result of running \`cat -n\` on ${FILE}:\n     1\tv2\n`,
    );
    await output({ command: 'undo_edit', path: FILE });
    expect(await sandbox.readText(FILE)).toBe('v1');
    // As in OpenManus, `create` records the created text: undoing it leaves the file as made.
    await output({ command: 'undo_edit', path: FILE });
    expect(await sandbox.readText(FILE)).toBe('v1');
    expect(await error({ command: 'undo_edit', path: FILE })).toBe(`No edit history found for ${FILE}.`);
    expect(await sandbox.stat(historyPathOf(FILE))).not.toBeNull();
  });

  it(`keeps the last ${MAX_VERSIONS_PER_FILE} versions of a file`, async () => {
    await sandbox.writeFile(FILE, 'n0');
    for (let index = 1; index <= MAX_VERSIONS_PER_FILE + 2; index += 1) {
      await output({ command: 'str_replace', path: FILE, old_str: `n${index - 1}`, new_str: `n${index}` });
    }
    const versions = JSON.parse(await sandbox.readText(historyPathOf(FILE))) as string[];
    expect(versions).toHaveLength(MAX_VERSIONS_PER_FILE);
    expect(versions[0]).toBe('n2');
  });

  it('cuts a long file at 16,000 characters with OpenManus’ note, and expands tabs', async () => {
    await sandbox.writeFile(FILE, `${'x'.repeat(20_000)}\n`);
    const long = await output({ command: 'view', path: FILE });
    expect(long).toContain(`${'x'.repeat(16_000)}${TRUNCATED_MESSAGE}\n`);
    expect(long).not.toContain('x'.repeat(16_001));
    await sandbox.writeFile('/home/ubuntu/tabs.txt', 'a\tb');
    expect(await output({ command: 'view', path: '/home/ubuntu/tabs.txt' })).toContain('     1\ta       b\n');
  });

  it('fails to read a file that is not UTF-8 text', async () => {
    await sandbox.writeFile('/home/ubuntu/blob.bin', new Uint8Array([0xff, 0xfe, 0x00, 0x89]));
    expect(await error({ command: 'view', path: '/home/ubuntu/blob.bin' })).toBe(
      "Failed to read /home/ubuntu/blob.bin: 'utf-8' codec can't decode it",
    );
  });
});
