import { describe, expect, it } from 'vitest';
import {
  applyRevealMessage,
  canMove,
  type DeckPosition,
  parseRevealMessage,
  positionQueries,
  revealCommand,
  shouldAskPosition,
  slideCounterLabel,
  UNKNOWN_POSITION,
} from './deck-messages.ts';

const event = (eventName: string, state: unknown = { indexh: 2, indexv: 1, paused: false }) =>
  JSON.stringify({ namespace: 'reveal', eventName, state });
const callback = (method: string, result: unknown) =>
  JSON.stringify({ namespace: 'reveal', eventName: 'callback', state: { indexh: 0 }, method, result });

describe('revealCommand', () => {
  it('is the JSON string reveal’s postMessage API reads', () => {
    expect(JSON.parse(revealCommand('next'))).toEqual({ method: 'next', args: [] });
    expect(JSON.parse(revealCommand('slide', [3, 0]))).toEqual({ method: 'slide', args: [3, 0] });
    expect(positionQueries().map((query) => JSON.parse(query).method)).toEqual([
      'getTotalSlides',
      'getSlidePastCount',
    ]);
  });
});

describe('parseRevealMessage', () => {
  it('reads events with their indices, and callbacks with their results', () => {
    expect(parseRevealMessage(event('slidechanged'))).toEqual({
      kind: 'event',
      eventName: 'slidechanged',
      indexh: 2,
      indexv: 1,
    });
    expect(parseRevealMessage(event('ready', 'odd'))).toEqual({
      kind: 'event',
      eventName: 'ready',
      indexh: null,
      indexv: null,
    });
    expect(parseRevealMessage(callback('getTotalSlides', 12))).toEqual({
      kind: 'callback',
      method: 'getTotalSlides',
      result: 12,
    });
  });

  it('ignores anything that is not a reveal message, without throwing', () => {
    for (const data of [
      null,
      42,
      { namespace: 'reveal', eventName: 'ready' },
      '',
      '{',
      '[1,2]',
      'slide:start',
      JSON.stringify({ namespace: 'other', eventName: 'ready' }),
      JSON.stringify({ namespace: 'reveal' }),
      JSON.stringify({ namespace: 'reveal', eventName: 7 }),
      JSON.stringify({ namespace: 'reveal', eventName: 'callback', result: 3 }),
      `{"namespace":"reveal","eventName":"${'x'.repeat(200_000)}"}`,
    ]) {
      expect(parseRevealMessage(data), String(data).slice(0, 40)).toBeNull();
    }
  });

  it('does not take negative, fractional or non-numeric indices', () => {
    expect(parseRevealMessage(event('slidechanged', { indexh: -1, indexv: 1.5 }))).toMatchObject({
      indexh: null,
      indexv: null,
    });
    expect(parseRevealMessage(event('slidechanged', { indexh: '2', indexv: null }))).toMatchObject({
      indexh: null,
      indexv: null,
    });
  });
});

describe('the deck position', () => {
  function replay(messages: string[]): DeckPosition {
    let position = UNKNOWN_POSITION;
    for (const data of messages) {
      const message = parseRevealMessage(data);
      if (message) position = applyRevealMessage(position, message);
    }
    return position;
  }

  it('comes from the getTotalSlides and getSlidePastCount callbacks', () => {
    expect(slideCounterLabel(replay([event('ready')]))).toBeNull();
    const position = replay([
      event('ready'),
      callback('getTotalSlides', 12),
      callback('getSlidePastCount', 2),
    ]);
    expect(position).toEqual({ pastCount: 2, total: 12 });
    expect(slideCounterLabel(position)).toBe('Slide 3 of 12');
    expect(slideCounterLabel(replay([callback('getSlidePastCount', 0), callback('getTotalSlides', 3)]))).toBe(
      'Slide 1 of 3',
    );
  });

  it('keeps what it knew when a callback is of another method or malformed', () => {
    const known = { pastCount: 1, total: 3 };
    for (const data of [
      callback('getTotalSlides', 'many'),
      callback('getSlidePastCount', -1),
      callback('getProgress', 0.5),
      event('slidechanged'),
    ]) {
      const message = parseRevealMessage(data);
      expect(message).not.toBeNull();
      if (message) expect(applyRevealMessage(known, message)).toBe(known);
    }
  });

  it('is asked for again after the deck is ready and after each slide change only', () => {
    const ask = (data: string) => {
      const message = parseRevealMessage(data);
      return message !== null && shouldAskPosition(message);
    };
    expect(ask(event('ready'))).toBe(true);
    expect(ask(event('slidechanged'))).toBe(true);
    expect(ask(event('resize'))).toBe(false);
    expect(ask(callback('getSlidePastCount', 1))).toBe(false);
  });

  it('tells whether there is a slide before or after', () => {
    expect(canMove(UNKNOWN_POSITION, 'prev')).toBe(true);
    expect(canMove({ pastCount: 0, total: 3 }, 'prev')).toBe(false);
    expect(canMove({ pastCount: 0, total: 3 }, 'next')).toBe(true);
    expect(canMove({ pastCount: 2, total: 3 }, 'next')).toBe(false);
    expect(canMove({ pastCount: 2, total: 3 }, 'prev')).toBe(true);
  });
});
