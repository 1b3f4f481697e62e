import { describe, expect, it } from 'vitest';
import { formatProgress } from './format.ts';

describe('formatProgress', () => {
  it('is the status line, with its counts when both are known', () => {
    expect(formatProgress({ text: 'Searching files', done: 1200, total: 5001 })).toBe(
      'Searching files (1,200 of 5,001)',
    );
    expect(formatProgress({ text: 'Downloading', done: 3 })).toBe('Downloading');
    expect(formatProgress({ text: 'Connecting' })).toBe('Connecting');
  });
});
