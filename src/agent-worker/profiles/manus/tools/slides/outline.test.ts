import { describe, expect, it } from 'vitest';
import { countSlides, splitOutline } from './outline.ts';

describe('splitOutline', () => {
  it('splits on `---` lines, stacks `--` slides vertically and drops empty slides', () => {
    const stacks = splitOutline('---\n# One\n\n---\n# Two\n--\n## Two, below\n---\n\n---\n');
    expect(stacks).toEqual([
      [{ markdown: '# One', notes: null }],
      [
        { markdown: '# Two', notes: null },
        { markdown: '## Two, below', notes: null },
      ],
    ]);
    expect(countSlides(stacks)).toBe(3);
  });

  it('takes everything after a `Note:`/`Notes:` line as speaker notes', () => {
    const stacks = splitOutline('# A\nText\nNote: say hello\nand wave\n---\n# B\nnotes:\n- point');
    expect(stacks).toEqual([
      [{ markdown: '# A\nText', notes: 'say hello\nand wave' }],
      [{ markdown: '# B', notes: '- point' }],
    ]);
  });

  it('keeps separators and note markers inside fenced code as content', () => {
    const outline = '# Code\n```yaml\n---\nnote: a yaml key\n```\n~~~\n--\n~~~\n---\n# Next';
    const stacks = splitOutline(outline);
    expect(countSlides(stacks)).toBe(2);
    expect(stacks[0]?.[0]).toEqual({
      markdown: '# Code\n```yaml\n---\nnote: a yaml key\n```\n~~~\n--\n~~~',
      notes: null,
    });
  });

  it('handles CRLF outlines and returns nothing for a blank one', () => {
    expect(countSlides(splitOutline('# A\r\n---\r\n# B\r\n'))).toBe(2);
    expect(splitOutline('  \n---\n\n')).toEqual([]);
  });
});
