import { describe, expect, it } from 'vitest';
import {
  MAX_RESPONSE_LEN,
  makeOutput,
  maybeTruncate,
  TRUNCATED_MESSAGE,
} from '../tools/str-replace-editor/editor-output.ts';
import { countOccurrences, expandTabs, pythonList, pythonNumber } from './python-text.ts';

describe('Python’s ways with text, as OpenManus’ texts need them', () => {
  it('expands tabs to the next multiple of 8 columns, restarting at each line', () => {
    expect(expandTabs('a\tb')).toBe('a       b');
    expect(expandTabs('abcdefgh\tx')).toBe('abcdefgh        x');
    expect(expandTabs('\t\n1234\t5')).toBe('        \n1234    5');
    expect(expandTabs('no tabs')).toBe('no tabs');
  });

  it('counts non-overlapping occurrences as str.count does', () => {
    expect(countOccurrences('aaaa', 'aa')).toBe(2);
    expect(countOccurrences('abc', 'd')).toBe(0);
    expect(countOccurrences('abc', '')).toBe(4);
  });

  it('writes lists and floats as Python prints them', () => {
    expect(pythonList([1, 5])).toBe('[1, 5]');
    expect(pythonList([])).toBe('[]');
    expect(pythonNumber(120, true)).toBe('120.0');
    expect(pythonNumber(2.5, true)).toBe('2.5');
    expect(pythonNumber(5)).toBe('5');
  });
});

describe('the editor’s `cat -n` output', () => {
  it('numbers lines in a six-wide column from the given line', () => {
    expect(makeOutput('x\ny', 'f', 9)).toBe(
      "Here's the result of running `cat -n` on f:\n     9\tx\n    10\ty\n",
    );
  });

  it('cuts content past 16,000 characters (counting characters, not UTF-16 units) with OpenManus’ note', () => {
    expect(maybeTruncate('x'.repeat(MAX_RESPONSE_LEN))).toBe('x'.repeat(MAX_RESPONSE_LEN));
    expect(maybeTruncate('x'.repeat(MAX_RESPONSE_LEN + 1))).toBe(
      `${'x'.repeat(MAX_RESPONSE_LEN)}${TRUNCATED_MESSAGE}`,
    );
    const emoji = '😀'.repeat(MAX_RESPONSE_LEN);
    expect(maybeTruncate(emoji)).toBe(emoji);
    expect(TRUNCATED_MESSAGE).toBe(
      '<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>',
    );
  });
});
