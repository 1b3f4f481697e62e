import { describe, expect, it } from 'vitest';
import { orderByFocus, stemWord, termsOf } from './focus-sections.ts';

const PAGE = [
  '# Tide tables',
  '',
  'An introduction to the tables.',
  '',
  '## History',
  '',
  'Tables were first printed in 1833.',
  '',
  '## Reading the tables',
  '',
  'Each row gives a high water time.',
  '',
  '## Configuration options',
  '',
  'Set the port and the time zone.',
  '',
  '## Ports',
  '',
  'Configure a port by its code; the configured port is shown in every table.',
].join('\n');

const headingsOf = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#'));

describe('orderByFocus', () => {
  it('puts the sections about the focus first, a heading match before a text match, the title block kept first', () => {
    expect(headingsOf(orderByFocus(PAGE, 'How do I change the configuration?'))).toEqual([
      '# Tide tables',
      '## Configuration options',
      '## Ports',
      '## History',
      '## Reading the tables',
    ]);
  });

  it('keeps every line of the page', () => {
    const ordered = orderByFocus(PAGE, 'configuration');
    expect(ordered.split('\n').sort()).toEqual(PAGE.split('\n').sort());
  });

  it('keeps the page order for ties and for sections about nothing in the focus', () => {
    const page = '# T\n\nintro\n\n## A\n\nport\n\n## B\n\nnothing\n\n## C\n\nport\n';
    expect(headingsOf(orderByFocus(page, 'port'))).toEqual(['# T', '## A', '## C', '## B']);
  });

  it('returns the page unchanged when nothing matches or the focus has only stop words', () => {
    expect(orderByFocus(PAGE, 'volcanoes')).toBe(PAGE);
    expect(orderByFocus(PAGE, 'what is the')).toBe(PAGE);
  });

  it('keeps text before the first heading first, and does not split inside fenced code', () => {
    const page =
      'Lead text.\n\n## Other\n\nx\n\n## Code\n\n```sh\n# port is not a heading\nrun --port 80\n```\n';
    const ordered = orderByFocus(page, 'port');
    expect(ordered.startsWith('Lead text.\n\n## Code\n\n```sh\n# port is not a heading')).toBe(true);
    expect(ordered.endsWith('## Other\n\nx')).toBe(true);
  });

  it('reads setext headings as headings', () => {
    const page = 'Title\n=====\n\nintro\n\nFirst\n-----\n\nabout boats\n\nSecond\n------\n\nabout bridges\n';
    expect(orderByFocus(page, 'bridges').indexOf('Second')).toBeLessThan(
      orderByFocus(page, 'bridges').indexOf('First'),
    );
  });
});

describe('terms', () => {
  it('stems lightly and drops stop words', () => {
    expect(['configuration', 'configure', 'configured', 'configuring'].map(stemWord)).toEqual([
      'configur',
      'configur',
      'configur',
      'configur',
    ]);
    expect(stemWord('Bridges')).toBe(stemWord('bridge'));
    expect(stemWord('ferries')).toBe('ferry');
    expect(termsOf('What are the ferry times?')).toEqual(['ferry', 'tim']);
    expect(stemWord('time')).toBe(stemWord('times'));
  });
});
