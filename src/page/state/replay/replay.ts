import type { StoredEvent } from '@/shared/protocol/events.ts';

/** Playback speeds offered by the replay controls. */
export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Longest pause between two steps at 1×, whatever the real gap was (a night between messages). */
const MAX_STEP_MS = 1_500;
/** Shortest pause at 1×, so quick steps stay readable. */
const MIN_STEP_MS = 250;

/**
 * Where each replay step ends, as a count of events shown: a step reveals events up to
 * the next one a person would notice — a message, a finished action, a question, a
 * notice, a plan change. A `running` envelope is shown with its completion's step
 * only when the completion follows directly; otherwise (a question waiting) on its own.
 */
export function replayStops(events: readonly StoredEvent[]): number[] {
  const stops: number[] = [];
  events.forEach((event, index) => {
    const next = events[index + 1];
    const isRunning = event.body.type === 'envelope' && event.body.envelope.status === 'running';
    const completesNext =
      isRunning &&
      next?.body.type === 'envelope' &&
      event.body.type === 'envelope' &&
      next.body.envelope.uuid === event.body.envelope.uuid;
    const isSilent = event.body.type === 'assistant_turn' || event.body.type === 'compaction';
    if (!completesNext && !isSilent) stops.push(index + 1);
  });
  if (events.length > 0 && stops.at(-1) !== events.length) stops.push(events.length);
  return stops;
}

/** The next stop after `shown` events (or `shown` itself at the end). */
export function nextStop(stops: readonly number[], shown: number): number {
  return stops.find((stop) => stop > shown) ?? shown;
}

/** The stop before `shown` events (0 at the start). */
export function previousStop(stops: readonly number[], shown: number): number {
  return [...stops].reverse().find((stop) => stop < shown) ?? 0;
}

/**
 * How long to wait before revealing events `from`..`to` at `speed`: the real time
 * between them, clamped so long waits do not stall the replay and quick ones stay visible.
 */
export function stepDelayMs(
  events: readonly StoredEvent[],
  from: number,
  to: number,
  speed: ReplaySpeed,
): number {
  const before = events[from - 1]?.at;
  const after = events[to - 1]?.at;
  const real = before === undefined || after === undefined ? MIN_STEP_MS : after - before;
  return Math.min(MAX_STEP_MS, Math.max(MIN_STEP_MS, real)) / speed;
}
