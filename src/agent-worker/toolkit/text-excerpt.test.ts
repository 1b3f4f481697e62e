import { describe, expect, it } from 'vitest';
import { excerpt } from './text-excerpt.ts';

describe('excerpt', () => {
  it('keeps short text whole and cuts long text to its ends, saying how much', () => {
    expect(excerpt('short', 10)).toBe('short');
    const text = `${'a'.repeat(10)}${'m'.repeat(100)}${'z'.repeat(10)}`;
    expect(excerpt(text, 10)).toBe(`${'a'.repeat(10)}\n… [100 characters cut] …\n${'z'.repeat(10)}`);
    expect(excerpt(text, 10, (cut) => `${cut} gone`)).toContain('[100 gone]');
  });

  it('never splits a surrogate pair, at either cut', () => {
    const text = `${'a'.repeat(9)}😀${'m'.repeat(100)}😀${'z'.repeat(9)}`;
    const kept = excerpt(text, 10);
    expect(kept).toBe(`${'a'.repeat(9)}\n… [104 characters cut] …\n${'z'.repeat(9)}`);
    expect(kept.isWellFormed()).toBe(true);
    const split = `${'a'.repeat(9)}😀😀${'m'.repeat(100)}${'z'.repeat(10)}`;
    expect(excerpt(split, 10).isWellFormed()).toBe(true);
  });
});
