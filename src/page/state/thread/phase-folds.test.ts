import { describe, expect, it } from 'vitest';
import { createPhaseFoldsStore } from './phase-folds.ts';

describe('createPhaseFoldsStore', () => {
  it('remembers each conversation’s choices apart, the latest choice winning', () => {
    const folds = createPhaseFoldsStore();
    expect(folds.of('a')).toEqual({});
    folds.choose('a', 'phase-x', true);
    folds.choose('a', 'phase-y', false);
    folds.choose('b', 'phase-x', false);
    folds.choose('a', 'phase-x', false);
    expect(folds.of('a')).toEqual({ 'phase-x': false, 'phase-y': false });
    expect(folds.of('b')).toEqual({ 'phase-x': false });
  });
});
