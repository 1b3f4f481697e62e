import { describe, expect, it } from 'vitest';
import { changedFilesLabel, changeKind, fileDiff, MAX_DIFF_BYTES } from './file-changes.ts';

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
      { type: 'context', text: 'one' },
      { type: 'removed', text: 'two' },
      { type: 'added', text: '2' },
      { type: 'context', text: 'three' },
      { type: 'added', text: 'four' },
    ]);
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
});
