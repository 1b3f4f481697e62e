import { describe, expect, it } from 'vitest';
import { matchReport, matchSegments, resultBlocks } from './match-results.ts';

describe('matchReport', () => {
  it('reads seed 001 §3.5 results and the counts, dropping malformed entries', () => {
    const report = matchReport({
      action_type: 'match.grep',
      tool: 'match',
      results: [
        {
          path: '/home/ubuntu/notes/todo.md',
          matches: [{ line: 2, match: '- buy oat milk', leading: ['# Todo'], trailing: ['- call Ada'] }],
        },
        { path: '' },
        'nonsense',
        { path: '/home/ubuntu/b.md', matches: [{ line: 1, match: 'milk' }] },
      ],
      skipped: { binary: 2, too_large: 1 },
      is_truncated: true,
    });
    expect(report).toEqual({
      results: [
        {
          path: '/home/ubuntu/notes/todo.md',
          matches: [{ line: 2, match: '- buy oat milk', leading: ['# Todo'], trailing: ['- call Ada'] }],
        },
        { path: '/home/ubuntu/b.md', matches: [{ line: 1, match: 'milk', leading: [], trailing: [] }] },
      ],
      matchCount: 2,
      skippedBinary: 2,
      skippedTooLarge: 1,
      isTruncated: true,
    });
  });

  it('is empty for a meta without results', () => {
    expect(matchReport({ action_type: 'match.grep', tool: 'match' })).toMatchObject({
      results: [],
      matchCount: 0,
      isTruncated: false,
    });
  });
});

describe('matchSegments', () => {
  it('marks every hit of the pattern in the line', () => {
    expect(matchSegments('milk and more milk', 'mi.k')).toEqual([
      { text: 'milk', isMatch: true },
      { text: ' and more ', isMatch: false },
      { text: 'milk', isMatch: true },
    ]);
  });

  it('leaves the line whole for no pattern, an invalid one, or one that only matches empty text', () => {
    for (const pattern of [null, '(', '^']) {
      expect(matchSegments('milk', pattern)).toEqual([{ text: 'milk', isMatch: false }]);
    }
  });
});

describe('resultBlocks', () => {
  const match = (line: number, leading: string[], trailing: string[]) => ({
    line,
    match: `line ${line}`,
    leading,
    trailing,
  });

  it('shows each line once when the contexts of nearby matches overlap', () => {
    const blocks = resultBlocks([
      match(3, ['line 2'], ['line 4']),
      match(5, ['line 4'], ['line 6']),
      match(6, ['line 5'], ['line 7']),
      match(20, ['line 19'], []),
    ]);
    expect(blocks.map((block) => block.map((line) => `${line.number}${line.isMatch ? '*' : ''}`))).toEqual([
      ['2', '3*', '4'],
      ['5*'],
      ['6*', '7'],
      ['19', '20*'],
    ]);
  });
});
