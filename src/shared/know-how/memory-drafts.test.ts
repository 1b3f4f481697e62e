import { describe, expect, it } from 'vitest';
import { MAX_MEMORY_LENGTH } from '../protocol/know-how.ts';
import { draftFacts, memoryKey, newProposals } from './memory-drafts.ts';

describe('draftFacts', () => {
  it('takes one fact per `- ` line, trimmed, leaving out other lines, empty and repeated facts', () => {
    const text = [
      '# Memories',
      '- Prefers metric units  ',
      '',
      '-    ',
      'Some prose the agent wrote',
      '  * Works in   Berlin',
      '- prefers METRIC units',
      '-no space is not a bullet',
    ].join('\r\n');
    expect(draftFacts(text)).toEqual(['Prefers metric units', 'Works in Berlin']);
  });

  it('cuts a fact to the longest a memory may be', () => {
    const [fact] = draftFacts(`- ${'a'.repeat(MAX_MEMORY_LENGTH + 20)}`);
    expect(fact).toHaveLength(MAX_MEMORY_LENGTH);
  });
});

describe('newProposals', () => {
  it('proposes the facts a change added, not those the file had before', () => {
    expect(newProposals('- Likes tea\n', '- Likes tea\n- Prefers metric units\n', [])).toEqual([
      'Prefers metric units',
    ]);
    expect(newProposals(null, '- Likes tea\n', [])).toEqual(['Likes tea']);
  });

  it('never proposes a fact already proposed or saved, whatever its spacing or case', () => {
    expect(newProposals(null, '- Likes tea\n- Writes in British English', ['likes  TEA'])).toEqual([
      'Writes in British English',
    ]);
  });

  it('proposes nothing when lines were only removed or reordered', () => {
    expect(newProposals('- A fact\n- Another fact\n', '- Another fact\n- A fact\n', [])).toEqual([]);
    expect(newProposals('- A fact\n', '', [])).toEqual([]);
  });
});

describe('memoryKey', () => {
  it('compares texts without their spacing or case', () => {
    expect(memoryKey('  Prefers   Metric units ')).toBe(memoryKey('prefers metric UNITS'));
  });
});
