import { describe, expect, it } from 'vitest';
import {
  isShownByStart,
  SHOWN_HEAD_CHARS,
  SHOWN_WHOLE_CHARS,
  shownHead,
  textBlocks,
} from './long-text-view.ts';

describe('a long text in the thread', () => {
  it('is shown whole up to a few thousand characters, else by its start', () => {
    expect(isShownByStart('a'.repeat(SHOWN_WHOLE_CHARS))).toBe(false);
    expect(isShownByStart('a'.repeat(SHOWN_WHOLE_CHARS + 1))).toBe(true);
    const text = Array.from({ length: 400 }, (_, index) => `row ${index}`).join('\n');
    expect(shownHead(text).split('\n')).toHaveLength(16);
    expect(shownHead('w '.repeat(5_000)).length).toBeLessThanOrEqual(SHOWN_HEAD_CHARS);
  });

  it('splits a text shown whole into blocks at line ends that join back into it', () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `line ${index} ${'x'.repeat(index % 70)}`).join(
      '\n',
    );
    const blocks = textBlocks(lines, 1_000);
    expect(blocks.join('')).toBe(lines);
    for (const block of blocks.slice(0, -1)) {
      expect(block.endsWith('\n')).toBe(true);
      expect(block.length).toBeLessThanOrEqual(1_000);
      expect(block.length).toBeGreaterThanOrEqual(500);
    }
  });

  it('cuts one unbroken line at the size, never inside a character', () => {
    const text = `${'z'.repeat(999)}🐦${'z'.repeat(1_500)}`;
    const blocks = textBlocks(text, 1_000);
    expect(blocks.join('')).toBe(text);
    expect(blocks[0]).toBe('z'.repeat(999));
    expect(blocks[1]?.startsWith('🐦')).toBe(true);
    expect(textBlocks('')).toEqual([]);
  });

  it('splits 5 MB into a few hundred blocks at once', () => {
    const text = 'log line of some length\n'.repeat(220_000);
    const started = performance.now();
    const blocks = textBlocks(text);
    expect(performance.now() - started).toBeLessThan(100);
    expect(blocks.length).toBeGreaterThan(300);
    expect(blocks.length).toBeLessThan(400);
  });
});
