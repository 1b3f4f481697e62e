/** Where a replay stands: playing, paused part-way, or at its last step with nothing playing. */
export type ReplayPhase = 'playing' | 'paused' | 'finished';

/** What the header and the replay controls say about a replay, instead of the conversation's status. */
export type ReplayStatus = {
  phase: ReplayPhase;
  /** The phase alone: "Replaying", "Paused", "Replay finished". */
  phaseLabel: string;
  /** The phase with the position: "Replaying · step 12 of 40", "Paused · step 3 of 40", "Replay finished". */
  label: string;
};

const PHASE_LABEL: Record<ReplayPhase, string> = {
  playing: 'Replaying',
  paused: 'Paused',
  finished: 'Replay finished',
};

/**
 * The status of a replay showing step `step` (1-based) of `stepCount`: finished once it
 * rests on the last step, else playing or paused, with the position.
 */
export function replayStatus(position: {
  isPlaying: boolean;
  step: number;
  stepCount: number;
}): ReplayStatus {
  const { isPlaying, step, stepCount } = position;
  const phase: ReplayPhase = !isPlaying && step >= stepCount ? 'finished' : isPlaying ? 'playing' : 'paused';
  const phaseLabel = PHASE_LABEL[phase];
  const label = phase === 'finished' ? phaseLabel : `${phaseLabel} · step ${step} of ${stepCount}`;
  return { phase, phaseLabel, label };
}
