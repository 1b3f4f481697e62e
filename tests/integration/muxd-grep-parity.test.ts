import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grepTool } from '../../src/agent-worker/profiles/muxd/tools/grep/grep.ts';
import { listFiles, ZOD_SOURCES } from '../fixtures/source-tree.ts';
import { openMuxdSandbox } from './muxd-harness.ts';

/**
 * muxd's `grep` against GNU grep on zod's sources (mounted at /home/ubuntu/src, searched
 * as `src`): the same lines in muxd's walk order (lexical, depth first), the same 200-line
 * cut, and in context mode the same groups (GNU's `path-N-text` context lines written as
 * muxd's `path:N text`). A hidden folder, a binary file and a file over 1 MB are added to
 * both trees; muxd skips them, as GNU grep does with `--exclude-dir=.*`, `-I` and a size.
 */

const ROOT = join(ZOD_SOURCES, '..');
let box: Awaited<ReturnType<typeof openMuxdSandbox>>;
let files: string[];
const figures = { patterns: 0, lines: 0 };

beforeAll(async () => {
  files = listFiles(ZOD_SOURCES).map((path) => relative(ROOT, path));
  box = await openMuxdSandbox();
  for (const path of files)
    await box.sandbox.writeFile(`/home/ubuntu/${path}`, readFileSync(join(ROOT, path)));
  await box.sandbox.writeFile('/home/ubuntu/src/.cache/hidden.ts', 'export function hidden() {}\n');
  await box.sandbox.writeFile(
    '/home/ubuntu/src/blob.ts',
    new Uint8Array([0x65, 0, 0x78, 0x70, 0x6f, 0x72, 0x74]),
  );
  await box.sandbox.writeFile(
    '/home/ubuntu/src/huge.ts',
    `export function huge() {}\n${'x'.repeat(1024 * 1024)}\n`,
  );
}, 120_000);
afterAll(() => {
  box?.close();
  console.log('muxd grep vs GNU grep:', JSON.stringify(figures));
});

/** Orders paths as Go's WalkDir visits them: component by component. */
function walkOrder(first: string, second: string): number {
  const left = first.split('/');
  const right = second.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
  }
  return left.length - right.length;
}

function gnuGrep(args: string[]): string[] {
  try {
    return execFileSync('grep', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  } catch (error) {
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

/**
 * muxd's output from GNU's lines: as muxd counts, a `--` counts toward the 200 but the
 * cut comes only after a line of a file, and the note follows whenever 200 are reached.
 */
function asMuxd(lines: string[]): string {
  if (lines.length === 0) return 'No matches found.';
  const kept: string[] = [];
  for (const line of lines) {
    kept.push(line);
    if (line !== '--' && kept.length >= 200) return `${kept.join('\n')}\n... (truncated at 200 matches)`;
  }
  return kept.join('\n');
}

const CASES: [string, string][] = [
  ['export function', '*.ts'],
  ['z\\.object\\(', '*.ts'],
  ['^import .* from', '*.test.ts'],
  ['[A-Z][a-z]+Error', ''],
  ['TODO|FIXME', ''],
  ['superRefine', '*.ts'],
];

describe('muxd grep parity with GNU grep on a real source tree', () => {
  it.each(CASES)('/%s/ (include %s) gives GNU grep’s lines in walk order', async (pattern, include) => {
    const gnu = gnuGrep([
      '-r',
      '-n',
      '-H',
      '-I',
      '-E',
      // GNU grep takes a file no --include/--exclude matches only when the first of them is an --exclude.
      ...(include ? [`--include=${include}`] : []),
      '--exclude-dir=.*',
      '--exclude=huge.ts',
      pattern,
      'src',
    ]);
    const ordered = gnu
      .map((line) => {
        const [, path, number] = line.match(/^([^:]+):(\d+):/)!;
        return { line, path: path!, number: Number(number) };
      })
      .sort((a, b) => walkOrder(a.path, b.path) || a.number - b.number)
      .map((entry) => entry.line);
    const ours = await box.text(grepTool, { pattern, path: 'src', ...(include ? { include } : {}) });
    expect(ordered.length).toBeGreaterThan(0);
    expect(ours).toBe(asMuxd(ordered));
    figures.patterns += 1;
    figures.lines += Math.min(ordered.length, 200);
  });

  it.each([
    ['superRefine', 2],
    ['TODO|FIXME', 3],
    ['\\.refine\\(', 1],
  ] as const)('/%s/ with context_lines %i gives GNU grep -C’s groups', async (pattern, context) => {
    const matched = gnuGrep([
      '-r',
      '-l',
      '-I',
      '-E',
      '--exclude-dir=.*',
      '--exclude=huge.ts',
      pattern,
      'src',
    ]).sort(walkOrder);
    const lines = matched.flatMap((path) =>
      gnuGrep(['-n', '-H', '-E', '-C', String(context), pattern, path]).map((line) => {
        if (line === '--') return line;
        const rest = line.slice(path.length);
        const [, separator, number, text] = rest.match(/^([:-])(\d+)[:-]([\s\S]*)$/)!;
        return `${path}:${number}${separator === ':' ? ':' : ' '}${text}`;
      }),
    );
    const ours = await box.text(grepTool, { pattern, path: 'src', context_lines: context });
    expect(lines.length).toBeGreaterThan(0);
    expect(ours).toBe(asMuxd(lines));
    figures.patterns += 1;
    figures.lines += Math.min(lines.length, 200);
  });

  it('skips the hidden folder, the binary file and the file over 1 MB (only in the sandbox’s tree)', async () => {
    const ours = await box.text(grepTool, {
      pattern: 'export function (hidden|huge)|e\\x00xport',
      path: 'src',
    });
    expect(ours).toBe('No matches found.');
    // As muxd's walk does, even a hidden folder given as the path.
    expect(await box.text(grepTool, { pattern: 'export function hidden', path: 'src/.cache' })).toBe(
      'No matches found.',
    );
  });
});
