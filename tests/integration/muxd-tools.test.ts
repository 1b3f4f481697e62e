import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bashTool } from '../../src/agent-worker/profiles/muxd/tools/bash/bash.ts';
import { fileEditTool } from '../../src/agent-worker/profiles/muxd/tools/file-edit/file-edit.ts';
import { fileReadTool } from '../../src/agent-worker/profiles/muxd/tools/file-read/file-read.ts';
import { fileWriteTool } from '../../src/agent-worker/profiles/muxd/tools/file-write/file-write.ts';
import { grepTool } from '../../src/agent-worker/profiles/muxd/tools/grep/grep.ts';
import { listFilesTool } from '../../src/agent-worker/profiles/muxd/tools/list-files/list-files.ts';
import { openMuxdSandbox } from './muxd-harness.ts';

/** muxd's file, shell and search tools over a real virtual sandbox: limits and error texts (seed 004). */
let box: Awaited<ReturnType<typeof openMuxdSandbox>>;
beforeEach(async () => {
  box = await openMuxdSandbox();
});
afterEach(() => box.close());

describe('file_read, file_write, file_edit', () => {
  it('writes (parents created, relative to /home/ubuntu) and reads back with line numbers, offset and limit', async () => {
    expect(
      await box.text(fileWriteTool, { path: 'src/deep/a.go', content: 'package main\n\nfunc a() {}\n' }),
    ).toBe('Wrote 26 bytes (4 lines) to src/deep/a.go');
    expect(await box.sandbox.readText('/home/ubuntu/src/deep/a.go')).toBe('package main\n\nfunc a() {}\n');
    expect(await box.text(fileReadTool, { path: '/home/ubuntu/src/deep/a.go' })).toBe(
      '   1 | package main\n   2 | \n   3 | func a() {}\n   4 | \n',
    );
    expect(await box.text(fileReadTool, { path: 'src/deep/a.go', offset: 3, limit: 1 })).toBe(
      '   3 | func a() {}\n',
    );
  });

  it('cuts a long file at 50 KB', async () => {
    await box.sandbox.writeFile('/home/ubuntu/big.txt', `${'y'.repeat(100)}\n`.repeat(1000));
    const read = await box.text(fileReadTool, { path: 'big.txt' });
    expect(read.endsWith('\n... (truncated at 50KB)')).toBe(true);
    expect(new TextEncoder().encode(read).byteLength).toBe(50 * 1024 + '\n... (truncated at 50KB)'.length);
  });

  it('says what is missing in Go’s words', async () => {
    expect(await box.error(fileReadTool, { path: 'nope.txt' })).toBe(
      'reading nope.txt: open nope.txt: no such file or directory',
    );
    expect(await box.error(fileReadTool, { path: '' })).toBe('path is required');
    expect(await box.error(fileEditTool, { path: 'nope.txt', old_string: 'a', new_string: 'b' })).toBe(
      'reading nope.txt: open nope.txt: no such file or directory',
    );
  });

  it('edits one exact match; several need replace_all; none is an error; nothing changes on an error', async () => {
    await box.sandbox.writeFile('/home/ubuntu/m.go', 'fmt.Println("hello")\nx := 1\nx := 1\n');
    expect(
      await box.text(fileEditTool, {
        path: 'm.go',
        old_string: 'fmt.Println("hello")',
        new_string: 'fmt.Println("hello, world")',
      }),
    ).toBe('Edited m.go: replaced 1 occurrence(s) of 20 bytes with 27 bytes');
    expect(await box.error(fileEditTool, { path: 'm.go', old_string: 'x := 1', new_string: 'x := 2' })).toBe(
      'old_string found 2 times in m.go (must match exactly once, or set replace_all)',
    );
    expect(await box.error(fileEditTool, { path: 'm.go', old_string: 'y := 1', new_string: 'x' })).toBe(
      'old_string not found in m.go',
    );
    expect(await box.error(fileEditTool, { path: 'm.go', old_string: '', new_string: 'x' })).toBe(
      'old_string is required',
    );
    expect(await box.sandbox.readText('/home/ubuntu/m.go')).toBe(
      'fmt.Println("hello, world")\nx := 1\nx := 1\n',
    );
    expect(
      await box.text(fileEditTool, {
        path: 'm.go',
        old_string: 'x := 1',
        new_string: 'x := 2',
        replace_all: true,
      }),
    ).toBe('Edited m.go: replaced 2 occurrence(s) of 6 bytes with 6 bytes');
    expect(await box.sandbox.readText('/home/ubuntu/m.go')).toBe(
      'fmt.Println("hello, world")\nx := 2\nx := 2\n',
    );
  });
});

describe('bash', () => {
  it('returns stdout and stderr, appends the exit code, runs in /home/ubuntu afresh each time', async () => {
    expect(await box.text(bashTool, { command: 'echo out; echo err >&2' })).toBe('out\nerr\n');
    expect(await box.text(bashTool, { command: 'echo nope; exit 3' })).toBe('nope\n\n(exit code: 3)');
    await box.text(bashTool, { command: 'mkdir -p sub && cd sub' });
    expect(await box.text(bashTool, { command: 'pwd' })).toBe('/home/ubuntu\n');
    expect(await box.error(bashTool, { command: '' })).toBe('command is required');
  });

  it('stops a command at its timeout and says so', async () => {
    const started = Date.now();
    const outcome = await box.text(bashTool, { command: 'echo started; sleep 5; echo never', timeout: 1 });
    // just-bash drops what an aborted command printed and says it was aborted.
    expect(outcome).toBe('bash: execution aborted\n\n(command timed out after 1s)');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('cuts output at 50 KB', async () => {
    const outcome = await box.text(bashTool, { command: 'seq 1 20000' });
    expect(outcome.endsWith('\n... (truncated at 50KB)')).toBe(true);
    expect(outcome.startsWith('1\n2\n3\n')).toBe(true);
  });
});

describe('grep', () => {
  it('gives file:line:content, skips hidden, binary and >1 MB files, filters by include', async () => {
    const { sandbox } = box;
    await sandbox.writeFile('/home/ubuntu/p/a.go', 'func TestA() {}\nfunc b() {}\n');
    await sandbox.writeFile('/home/ubuntu/p/b.js', 'function TestB() {}\n');
    await sandbox.writeFile('/home/ubuntu/p/.hidden.go', 'func TestHidden() {}\n');
    await sandbox.writeFile('/home/ubuntu/p/.git/x.go', 'func TestGit() {}\n');
    await sandbox.writeFile('/home/ubuntu/p/bin.go', new Uint8Array([0x66, 0, 0x54, 0x65, 0x73, 0x74]));
    await sandbox.writeFile('/home/ubuntu/p/huge.go', `func TestHuge() {}\n${'/'.repeat(1024 * 1024)}`);
    expect(await box.text(grepTool, { pattern: 'Test', path: 'p' })).toBe(
      'p/a.go:1:func TestA() {}\np/b.js:1:function TestB() {}',
    );
    expect(await box.text(grepTool, { pattern: 'Test', path: '/home/ubuntu/p', include: '*.go' })).toBe(
      '/home/ubuntu/p/a.go:1:func TestA() {}',
    );
    expect(await box.text(grepTool, { pattern: 'Test', path: 'p/a.go' })).toBe('p/a.go:1:func TestA() {}');
    expect(await box.text(grepTool, { pattern: 'nothing here', path: 'p' })).toBe('No matches found.');
    expect(await box.error(grepTool, { pattern: '(' })).toMatch(/^invalid regex: /);
  });

  it('stops at 200 matches', async () => {
    await box.sandbox.writeFile('/home/ubuntu/many.txt', 'hit\n'.repeat(300));
    const lines = (await box.text(grepTool, { pattern: 'hit' })).split('\n');
    expect(lines).toHaveLength(201);
    expect(lines[199]).toBe('many.txt:200:hit');
    expect(lines[200]).toBe('... (truncated at 200 matches)');
    const outcome = await box.run(grepTool, { pattern: 'hit' });
    expect(outcome.status === 'success' && outcome.meta).toMatchObject({ is_truncated: true });
    if (outcome.status === 'success')
      expect((outcome.meta.results as { matches: unknown[] }[])[0]!.matches).toHaveLength(200);
  });

  it('shows context lines (at most 10) with `:` for matches, a space for context, `--` between groups', async () => {
    const text = Array.from({ length: 40 }, (_, index) =>
      index === 4 || index === 30 ? `MATCH ${index + 1}` : `l${index + 1}`,
    );
    await box.sandbox.writeFile('/home/ubuntu/c.txt', `${text.join('\n')}\n`);
    expect(await box.text(grepTool, { pattern: 'MATCH', path: 'c.txt', context_lines: 1 })).toBe(
      'c.txt:4 l4\nc.txt:5:MATCH 5\nc.txt:6 l6\n--\nc.txt:30 l30\nc.txt:31:MATCH 31\nc.txt:32 l32',
    );
    const capped = (
      await box.text(grepTool, { pattern: 'MATCH 31', path: 'c.txt', context_lines: 50 })
    ).split('\n');
    expect(capped[0]).toBe('c.txt:21 l21');
    expect(capped.at(-1)).toBe('c.txt:40 l40');
    expect(capped).toHaveLength(20);
  });
});

describe('list_files', () => {
  it('lists one level with `/` for directories, skipping hidden names and the skip list', async () => {
    const { sandbox } = box;
    for (const path of [
      'src/main.go',
      'src/util/u.go',
      'README.md',
      '.env',
      'node_modules/x/i.js',
      '__pycache__/c.pyc',
      '.git/HEAD',
    ])
      await sandbox.writeFile(`/home/ubuntu/proj/${path}`, 'x');
    expect(await box.text(listFilesTool, { path: 'proj' })).toBe('README.md\nsrc/');
    expect(await box.text(listFilesTool, { path: 'proj', recursive: true })).toBe(
      'README.md\nsrc/\nsrc/main.go\nsrc/util/\nsrc/util/u.go',
    );
    expect(await box.text(listFilesTool, { path: 'proj', recursive: true, include: '*.go' })).toBe(
      'src/\nsrc/main.go\nsrc/util/\nsrc/util/u.go',
    );
    expect(await box.text(listFilesTool, { path: 'proj/src/*.go' })).toBe('proj/src/main.go');
    expect(await box.text(listFilesTool, { path: 'proj/**/*.go' })).toBe(
      'proj/src/main.go\nproj/src/util/u.go',
    );
    expect(await box.text(listFilesTool, { path: '/home/ubuntu/proj/*' })).toBe(
      '/home/ubuntu/proj/README.md\n/home/ubuntu/proj/__pycache__/\n/home/ubuntu/proj/node_modules/\n/home/ubuntu/proj/src/',
    );
    expect(await box.error(listFilesTool, { path: 'missing' })).toBe(
      'stat missing: no such file or directory',
    );
    expect(await box.error(listFilesTool, { path: 'proj/README.md' })).toBe(
      'proj/README.md is not a directory',
    );
    expect(await box.text(listFilesTool, { path: 'proj/*.nothing' })).toBe('No entries found.');
  });

  it('stops at 500 entries', async () => {
    await box.sandbox.writeFile('/home/ubuntu/seed.txt', '');
    await box.text(bashTool, {
      command: 'mkdir -p lots && cd lots && for i in $(seq 1 520); do : > f$i.txt; done',
    });
    const lines = (await box.text(listFilesTool, { path: 'lots' })).split('\n');
    expect(lines).toHaveLength(501);
    expect(lines.at(-1)).toBe('... (truncated at 500 entries)');
  });
});
