/**
 * The deck viewer's side of reveal.js's postMessage API. A deck framed in the viewer runs
 * in an opaque origin, so the viewer only talks to it by messages: commands go in as
 * `JSON.stringify({ method, args })`; with `postMessageEvents` on, reveal posts every event
 * (`{ namespace: 'reveal', eventName, state }`) and the result of each command (an event
 * named `callback`, with `method` and `result`) back to the parent.
 */

/** The reveal.js methods the viewer calls. */
export type RevealMethod = 'prev' | 'next' | 'slide' | 'getTotalSlides' | 'getSlidePastCount';

/** What a framed deck told the viewer, read defensively (anything else is null). */
export type RevealMessage =
  | { kind: 'event'; eventName: string; indexh: number | null; indexv: number | null }
  | { kind: 'callback'; method: string; result: unknown };

/** Where the deck is: slides before the current one, and how many there are (null until told). */
export type DeckPosition = { pastCount: number | null; total: number | null };

export const UNKNOWN_POSITION: DeckPosition = { pastCount: null, total: null };

/** Events after which the viewer asks again where the deck is. */
const POSITION_EVENTS = new Set(['ready', 'slidechanged']);

/** The message that calls `method` in the framed deck (post it with target origin `'*'`: the frame's origin is opaque). */
export function revealCommand(method: RevealMethod, args: readonly unknown[] = []): string {
  return JSON.stringify({ method, args });
}

/** The commands that ask where the deck is (their callbacks update a `DeckPosition`). */
export function positionQueries(): string[] {
  return [revealCommand('getTotalSlides'), revealCommand('getSlidePastCount')];
}

/**
 * Parses one `message` event's data from the framed deck: a JSON string of a reveal.js
 * event or callback. Returns null for anything else (other namespaces, malformed JSON,
 * objects, missing names); never throws.
 */
export function parseRevealMessage(data: unknown): RevealMessage | null {
  if (typeof data !== 'string' || data.length > 100_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.namespace !== 'reveal' || typeof parsed.eventName !== 'string') return null;
  if (parsed.eventName === 'callback') {
    return typeof parsed.method === 'string'
      ? { kind: 'callback', method: parsed.method, result: parsed.result }
      : null;
  }
  const state = isRecord(parsed.state) ? parsed.state : {};
  return {
    kind: 'event',
    eventName: parsed.eventName,
    indexh: index(state.indexh),
    indexv: index(state.indexv),
  };
}

/** True when, after `message`, the viewer should send `positionQueries()` (the slide may have changed). */
export function shouldAskPosition(message: RevealMessage): boolean {
  return message.kind === 'event' && POSITION_EVENTS.has(message.eventName);
}

/** The position after a callback of `getTotalSlides` or `getSlidePastCount`; any other message leaves it. */
export function applyRevealMessage(position: DeckPosition, message: RevealMessage): DeckPosition {
  if (message.kind !== 'callback') return position;
  const count = index(message.result);
  if (count === null) return position;
  if (message.method === 'getTotalSlides') return { ...position, total: count };
  if (message.method === 'getSlidePastCount') return { ...position, pastCount: count };
  return position;
}

/** "Slide 3 of 12", or null while the deck has not said where it is. */
export function slideCounterLabel(position: DeckPosition): string | null {
  const { pastCount, total } = position;
  if (pastCount === null || total === null || total === 0) return null;
  return `Slide ${Math.min(pastCount + 1, total)} of ${total}`;
}

/** Whether there is a slide before (`prev`) or after (`next`) this one; true while unknown. */
export function canMove(position: DeckPosition, direction: 'prev' | 'next'): boolean {
  const { pastCount, total } = position;
  if (pastCount === null || total === null) return true;
  return direction === 'prev' ? pastCount > 0 : pastCount + 1 < total;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function index(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
