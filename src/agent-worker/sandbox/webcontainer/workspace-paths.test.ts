import { describe, expect, it } from 'vitest';
import { isExcludedFromSync, OutputTranslator, WorkspacePaths } from './workspace-paths.ts';

const paths = new WorkspacePaths('c-1', '/home/sandpiper');

describe('WorkspacePaths', () => {
  it('maps /home/ubuntu paths to the conversation directory and back', () => {
    expect(paths.toRelative('/home/ubuntu/app/../src/./main.ts')).toBe('src/main.ts');
    expect(paths.toRelative('/home/ubuntu/')).toBe('');
    expect(paths.toContainer('src/main.ts')).toBe('conversations/c-1/src/main.ts');
    expect(paths.toContainer('')).toBe('conversations/c-1');
    expect(paths.toAgent('src/main.ts')).toBe('/home/ubuntu/src/main.ts');
    expect(() => paths.toRelative('/home/ubuntu/../etc/passwd')).toThrow(/outside it/);
    expect(() => paths.toRelative('notes.md')).toThrow(/must be absolute/);
  });

  it('rewrites /home/ubuntu in commands only as a whole path segment', () => {
    expect(
      paths.translateCommand('cd /home/ubuntu/app && ls /home/ubuntu "/home/ubuntu"; ls /home/ubuntu2'),
    ).toBe(
      'cd /home/sandpiper/conversations/c-1/app && ls /home/sandpiper/conversations/c-1 "/home/sandpiper/conversations/c-1"; ls /home/ubuntu2',
    );
  });
});

describe('OutputTranslator', () => {
  it('translates occurrences split across chunks, holding back only a possible start', () => {
    const translator = paths.outputTranslator();
    const root = paths.absoluteRoot;
    const pieces = [
      `at ${root.slice(0, 10)}`,
      `${root.slice(10, 30)}`,
      `${root.slice(30)}/src\n/home/sand`,
      'box\n',
    ];
    const out = pieces.map((piece) => translator.push(piece));
    expect(out[0]).toBe('at ');
    expect(out.join('') + translator.end()).toBe('at /home/ubuntu/src\n/home/sandbox\n');
  });

  it('handles a pattern that overlaps itself', () => {
    const translator = new OutputTranslator('abab', 'X');
    expect(translator.push('xab') + translator.push('abab') + translator.end()).toBe('xXab');
  });
});

it('leaves node_modules at any depth and home caches out of sync-back', () => {
  expect(isExcludedFromSync('node_modules/react/index.js')).toBe(true);
  expect(isExcludedFromSync('app/node_modules')).toBe(true);
  expect(isExcludedFromSync('.npm/_cacache/index')).toBe(true);
  expect(isExcludedFromSync('app/.cache/x')).toBe(false);
  expect(isExcludedFromSync('app/src/node_modules.md')).toBe(false);
});
