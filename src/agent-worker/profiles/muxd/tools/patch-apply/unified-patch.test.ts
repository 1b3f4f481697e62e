import { describe, expect, it } from 'vitest';
import { applyFilePatch, fromTextFile, parseUnifiedDiff, toTextFile } from './unified-patch.ts';

const apply = (text: string, patch: string) => {
  const [file] = parseUnifiedDiff(patch);
  const applied = applyFilePatch(toTextFile(text), file!);
  return 'error' in applied ? applied : fromTextFile(applied);
};

describe('unified diffs', () => {
  it('applies hunks bottom-up at their header lines', () => {
    const patch = [
      '--- a/f.txt',
      '+++ b/f.txt',
      '@@ -1,2 +1,3 @@',
      ' one',
      '+one and a half',
      ' two',
      '@@ -4,2 +5,2 @@',
      ' four',
      '-five',
      '+FIVE',
      '',
    ].join('\n');
    expect(apply('one\ntwo\nthree\nfour\nfive\n', patch)).toBe(
      'one\none and a half\ntwo\nthree\nfour\nFIVE\n',
    );
    expect(parseUnifiedDiff(patch)[0]!.path).toBe('f.txt');
  });

  it('refuses a hunk whose context does not match, in muxd’s words', () => {
    const patch = '--- a/f\n+++ b/f\n@@ -2,2 +2,2 @@\n two\n-three\n+3\n';
    expect(apply('one\ntwo\nTHREE\n', patch)).toEqual({
      error: 'hunk at line 2: context mismatch at line 3: expected "three", got "THREE"',
    });
    expect(apply('one\n', patch)).toEqual({
      error: 'hunk at line 2: context line 2 out of range (file has 1 lines)',
    });
  });

  it('creates, and follows "\\ No newline at end of file" on either side', () => {
    expect(
      apply('', '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n'),
    ).toBe('a\nb');
    expect(
      apply('a\nb', '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n'),
    ).toBe('a\nb\n');
    const [created] = parseUnifiedDiff('--- /dev/null\n+++ b/d/new.txt\n@@ -0,0 +1 @@\n+a\n');
    expect(created).toMatchObject({ path: 'd/new.txt', isCreate: true, isDelete: false });
  });

  it('throws on a hunk whose lines do not add up to its header', () => {
    expect(() => parseUnifiedDiff('--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n')).toThrow();
  });
});
