import { describe, expect, it } from 'vitest';
import { replayStatus } from './replay-status.ts';

describe('replayStatus', () => {
  it('says the replay plays, with the step on screen', () => {
    expect(replayStatus({ isPlaying: true, step: 12, stepCount: 40 })).toEqual({
      phase: 'playing',
      phaseLabel: 'Replaying',
      label: 'Replaying · step 12 of 40',
    });
  });

  it('says it is paused part-way, with the step', () => {
    expect(replayStatus({ isPlaying: false, step: 3, stepCount: 40 })).toEqual({
      phase: 'paused',
      phaseLabel: 'Paused',
      label: 'Paused · step 3 of 40',
    });
  });

  it('says it has finished once it rests on the last step, but not while that step plays in', () => {
    expect(replayStatus({ isPlaying: false, step: 40, stepCount: 40 }).label).toBe('Replay finished');
    expect(replayStatus({ isPlaying: true, step: 40, stepCount: 40 }).label).toBe(
      'Replaying · step 40 of 40',
    );
  });

  it('never speaks of the conversation’s own status', () => {
    const labels = [true, false].flatMap((isPlaying) =>
      [1, 5, 9].map((step) => replayStatus({ isPlaying, step, stepCount: 9 }).label),
    );
    expect(labels.filter((label) => /\b(Done|Live|Working|Idle)\b/.test(label))).toEqual([]);
  });
});
