import { describe, expect, it } from 'vitest';
import { stableStringify } from './stable-json.ts';

describe('stableStringify', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(stableStringify({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
  it('gives equal bytes for equal values whatever the key order', () => {
    expect(stableStringify({ x: 1, y: [1, 2] })).toBe(stableStringify({ y: [1, 2], x: 1 }));
  });
});
