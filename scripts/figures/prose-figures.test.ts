import { describe, expect, it } from 'vitest';
import { proseFigures } from './prose-figures.ts';

const found = (text: string) => proseFigures(text).map((figure) => figure.phrase.match(/⟨(.*)⟩/)?.[1]);

describe('figures typed into prose', () => {
  it('finds measured numbers with their units, approximations among them', () => {
    expect(
      found(
        [
          'There a strict IndexedDB commit takes about 26 ms, and ≈27 ms once more;',
          'the copy took 7.4 s for nothing, 98.5% of the prefix was shared and the precache is 4,310.7 KB.',
          'A sweep ran at 58 fps for 2 minutes.',
        ].join('\n'),
      ),
    ).toEqual(['about 26 ms', '≈27 ms', '7.4 s', '98.5%', '4,310.7 KB', '58 fps', '2 minutes']);
  });

  it('says on which line each is', () => {
    expect(proseFigures('One line.\nTwo: 5 ms.\n').map((figure) => figure.line)).toEqual([2]);
  });

  it('leaves alone figures blocks, code, comments, and numbers that are not figures', () => {
    const text = [
      '<!-- figures:startup -->',
      '| first contentful paint | 136 ms |',
      '<!-- /figures:startup -->',
      '```',
      'sleep 5 s && echo 26 ms',
      '```',
      'Run `timeout 30 s npm test` (it 404s at 01:00s on 1,568 px images; <!-- 12 ms -->).',
    ].join('\n');
    expect(found(text)).toEqual([]);
  });

  it('lets through bounds, settings and the sizes of what a test makes, and nothing measured beside them', () => {
    const text = [
      'The goal: ≤ 5 ms; first paint under 300 ms, at most 50 KB, up to 1,568 px and 3 MB.',
      'The timeout is 1.5 s here, 200 MiB by default; it waits 500 ms and checks every 10 s.',
      'A 5 MB paste, a 60 s wait and the 50 KB cap; 2 MB of command output; the model taking 50 ms per answer.',
      'It measured 25.4 ms under load, 3 ms per step and 26 ms of the 40.',
    ].join('\n');
    expect(found(text)).toEqual(['25.4 ms', '3 ms', '26 ms']);
  });
});
