import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import { CHARS_PER_TOKEN } from '../../llm/token-estimate.ts';
import type { RestorableArgument } from '../../toolkit/profile.ts';
import { type CallOutcome, callOutcomes, compactedThroughSeq, renderedArguments } from './context-builder.ts';
import { needsSavedObservation, observationFor } from './observation.ts';

/** Share of the model's window at which older bulky observations are compacted at the latest. */
export const COMPACTION_TRIGGER = 0.75;
/**
 * A compaction must win back at least this share of the trigger, so they stay rare:
 * each one breaks the KV-cache prefix after the previous compaction's end.
 */
const MIN_GAIN_SHARE = 0.25;
/** The most recent observations are never compacted: they are the model's working set. */
export const KEEP_RECENT_OBSERVATIONS = 6;

/** A compaction to record: the last seq it covers and the observations to save to files first. */
export type CompactionPlan = {
  throughSeq: number;
  estimatedTokens: number;
  /** Envelopes whose whole observation must be written to its file before the compaction is recorded. */
  toSave: Envelope[];
};

/**
 * The request's size in tokens: the larger of a character estimate and what the API
 * reported for the last request (plus what was added since, by characters).
 */
export function estimateTokens(contextChars: number, lastReported: ReportedPrompt | null): number {
  const byChars = Math.ceil(contextChars / CHARS_PER_TOKEN);
  if (!lastReported) return byChars;
  const added = Math.max(0, contextChars - lastReported.contextChars);
  return Math.max(byChars, lastReported.promptTokens + Math.ceil(added / CHARS_PER_TOKEN));
}

/** The prompt tokens the API reported for a request of `contextChars` characters. */
export type ReportedPrompt = { promptTokens: number; contextChars: number };

/** When to compact: the settings' token mark, or 75% of the model's window if that comes first. */
export type CompactionLimits = { contextWindowTokens: number; compactAtTokens: number };

/** The estimate at which a compaction is considered. */
export function compactionTrigger(limits: CompactionLimits): number {
  return Math.min(limits.compactAtTokens, limits.contextWindowTokens * COMPACTION_TRIGGER);
}

/**
 * Decides whether the context must be compacted before the next request: only when
 * the estimate passes the trigger, and only if compacting what lies outside the recent
 * working set wins back a good share of it. Everything up to the event before the
 * oldest kept observation is covered at once (observations and bulky call arguments).
 */
export function planCompaction(
  events: readonly StoredEvent[],
  estimatedTokens: number,
  limits: CompactionLimits,
  /** The profile's digested arguments (a digest is already short: compacting it wins nothing). */
  restorableArguments: readonly RestorableArgument[] = NO_RESTORABLE_ARGUMENTS,
): CompactionPlan | null {
  const trigger = compactionTrigger(limits);
  if (estimatedTokens < trigger) return null;
  const alreadyThrough = compactedThroughSeq(events);
  const observations = events.filter(
    (event) =>
      event.body.type === 'envelope' &&
      event.body.toolCallId !== null &&
      event.body.envelope.status !== 'running' &&
      event.body.envelope.status !== 'asking',
  );
  const firstKept = observations.at(-KEEP_RECENT_OBSERVATIONS);
  if (!firstKept || observations.length <= KEEP_RECENT_OBSERVATIONS) return null;
  const throughSeq = firstKept.seq - 1;
  const covered = events.filter((event) => event.seq > alreadyThrough && event.seq <= throughSeq);
  const outcomes = callOutcomes(events);
  const gainedChars = covered.reduce(
    (total, event) => total + charsWonBack(event, outcomes.get(event) ?? null, restorableArguments),
    0,
  );
  if (gainedChars / CHARS_PER_TOKEN < trigger * MIN_GAIN_SHARE) return null;
  const toSave = covered.flatMap((event) =>
    event.body.type === 'envelope' &&
    event.body.toolCallId !== null &&
    needsSavedObservation(event.body.envelope, event.body.role ?? null, true) &&
    // Oversized ones were saved when they finished.
    !needsSavedObservation(event.body.envelope, event.body.role ?? null, false)
      ? [event.body.envelope]
      : [],
  );
  return { throughSeq, estimatedTokens, toSave };
}

const NO_RESTORABLE_ARGUMENTS: readonly RestorableArgument[] = [];

/**
 * What each event would win back, computed once per profile rules: past the trigger
 * this is asked every step. (A turn's outcome never changes once its call completed.)
 */
const wonBack = new WeakMap<readonly RestorableArgument[], WeakMap<StoredEvent, number>>();

/** Characters a compaction would remove from the context for one event. */
function charsWonBack(
  event: StoredEvent,
  outcome: CallOutcome | null,
  restorableArguments: readonly RestorableArgument[],
): number {
  let cache = wonBack.get(restorableArguments);
  if (!cache) {
    cache = new WeakMap();
    wonBack.set(restorableArguments, cache);
  }
  let chars = cache.get(event);
  if (chars === undefined) {
    chars = measureWonBack(event, outcome, restorableArguments);
    // A turn still waiting for its completion may be digested later: measure it again then.
    if (event.body.type !== 'assistant_turn' || outcome) cache.set(event, chars);
  }
  return chars;
}

function measureWonBack(
  event: StoredEvent,
  outcome: CallOutcome | null,
  restorableArguments: readonly RestorableArgument[],
): number {
  const { body } = event;
  if (body.type === 'envelope' && body.toolCallId !== null && body.envelope.status !== 'running') {
    const role = body.role ?? null;
    return observationFor(body.envelope, role).length - observationFor(body.envelope, role, true).length;
  }
  if (body.type === 'assistant_turn') {
    return body.toolCalls.reduce((total, call, index) => {
      const callOutcome = index === 0 ? outcome : null;
      const shown = renderedArguments(call, restorableArguments, callOutcome, false);
      return total + shown.length - renderedArguments(call, restorableArguments, callOutcome, true).length;
    }, 0);
  }
  return 0;
}
