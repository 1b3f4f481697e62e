import { describe, expect, it } from 'vitest';
import { isSpace } from './markdown-links.ts';

describe('isSpace', () => {
  it('agrees with /\\s/ on every character of the Basic Multilingual Plane', () => {
    const disagreements: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isSpace(code) !== /\s/.test(String.fromCharCode(code))) disagreements.push(code);
    }
    expect(disagreements).toEqual([]);
  });
});
