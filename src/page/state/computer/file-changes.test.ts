import { describe, expect, it } from 'vitest';
import { changedFilesLabel, changeKind, compareVersions, fileDiff, MAX_DIFF_BYTES } from './file-changes.ts';

const text = (value: string) => new TextEncoder().encode(value);
const file = { kind: 'file' as const, hash: 'a'.repeat(64), size: 1 };

describe('a step’s file changes', () => {
  it('are named by what happened to each path', () => {
    expect(changeKind({ path: 'a', before: null, after: file })).toBe('added');
    expect(changeKind({ path: 'a', before: file, after: null })).toBe('deleted');
    expect(changeKind({ path: 'a', before: file, after: file })).toBe('modified');
    expect(changeKind({ path: 'd', before: null, after: { kind: 'directory' } })).toBe('folder added');
    expect(changeKind({ path: 'd', before: { kind: 'directory' }, after: null })).toBe('folder deleted');
    expect(changeKind({ path: 'd', before: { kind: 'directory' }, after: file })).toBe('replaced');
    expect([changedFilesLabel(1), changedFilesLabel(3)]).toEqual(['1 file changed', '3 files changed']);
  });

  it('diff text line by line, with counts', () => {
    const diff = fileDiff(text('one\ntwo\nthree\n'), text('one\n2\nthree\nfour\n'));
    expect(diff).toMatchObject({ kind: 'text', added: 2, removed: 1 });
    if (diff.kind !== 'text') throw new Error('not text');
    expect(diff.hunks[0]?.header).toBe('@@ -1,3 +1,4 @@');
    expect(diff.hunks[0]?.lines).toEqual([
      { type: 'context', text: 'one', oldLine: 1, newLine: 1 },
      { type: 'removed', text: 'two', oldLine: 2, newLine: null },
      { type: 'added', text: '2', oldLine: null, newLine: 2 },
      { type: 'context', text: 'three', oldLine: 3, newLine: 3 },
      { type: 'added', text: 'four', oldLine: null, newLine: 4 },
    ]);
    expect([diff.before, diff.after]).toEqual(['one\ntwo\nthree\n', 'one\n2\nthree\nfour\n']);
    // Numbered from where each hunk starts, far into a file too.
    const long = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`);
    const far = fileDiff(
      text(long.join('\n')),
      text(long.map((line, index) => (index === 29 ? 'thirty' : line)).join('\n')),
    );
    if (far.kind !== 'text') throw new Error('not text');
    expect(far.hunks[0]?.lines.filter((line) => line.type !== 'context')).toEqual([
      { type: 'removed', text: 'line 30', oldLine: 30, newLine: null },
      { type: 'added', text: 'thirty', oldLine: null, newLine: 30 },
    ]);
    expect(far.hunks[0]?.lines[0]).toEqual({ type: 'context', text: 'line 27', oldLine: 27, newLine: 27 });
    expect(fileDiff(null, text('new\n'))).toMatchObject({ kind: 'text', added: 1, removed: 0 });
    expect(fileDiff(text('gone\n'), null)).toMatchObject({ kind: 'text', added: 0, removed: 1 });
  });

  it('show sizes for bytes that are not text, and for files too large to diff here', () => {
    expect(fileDiff(new Uint8Array([137, 80, 78, 71, 0]), new Uint8Array([1, 0]))).toEqual({
      kind: 'binary',
      beforeBytes: 5,
      afterBytes: 2,
    });
    expect(fileDiff(null, new Uint8Array([0xff, 0xfe]))).toMatchObject({ kind: 'binary', beforeBytes: null });
    expect(fileDiff(null, new Uint8Array(MAX_DIFF_BYTES + 1))).toMatchObject({ kind: 'too-large' });
  });

  it('give up on two versions that differ too much to compare in time, saying so', () => {
    const lines = (seed: string) =>
      text(Array.from({ length: 20_000 }, (_, index) => `${seed} ${index * 7919} ${index}`).join('\n'));
    const started = performance.now();
    expect(fileDiff(lines('old'), lines('new'))).toMatchObject({ kind: 'too-different' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('say what each version is by its bytes, and show images as pictures', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    // Named .txt, but the bytes are a PNG and then a JPEG.
    expect(compareVersions({ before: png, after: jpeg })).toMatchObject({
      diff: { kind: 'binary', beforeBytes: 12, afterBytes: 6 },
      before: { kind: 'image', mime: 'image/png' },
      after: { kind: 'image', mime: 'image/jpeg' },
      isImage: true,
    });
    // An SVG is text: its lines are compared too.
    const svg = compareVersions({ before: null, after: text('<svg xmlns="http://www.w3.org/2000/svg"/>\n') });
    expect(svg).toMatchObject({ diff: { kind: 'text', added: 1 }, before: null, isImage: true });
    expect(compareVersions({ before: text('a\n'), after: null })).toMatchObject({
      diff: { kind: 'text', removed: 1 },
      before: { typeName: 'text' },
      after: null,
      isImage: false,
    });
    expect(compareVersions({ before: new Uint8Array([0x1f, 0x8b, 8, 0]), after: null })).toMatchObject({
      diff: { kind: 'binary' },
      before: { kind: 'other', typeName: 'gzip archive' },
      isImage: false,
    });
  });
});
