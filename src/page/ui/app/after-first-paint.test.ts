import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, PAINT_WAIT_LIMIT_MS, type PaintSignals } from './after-first-paint.ts';

function fakeSignals(overrides: Partial<PaintSignals> = {}) {
  const paintWatchers: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const stopped = { watching: 0 };
  const signals: PaintSignals = {
    hasPainted: () => false,
    isHidden: () => false,
    watchPaint(onPaint) {
      paintWatchers.push(onPaint);
      return () => {
        stopped.watching += 1;
      };
    },
    afterNextFrame: (callback) => frames.push(callback),
    setTimer(callback, milliseconds) {
      const timer = setTimeout(callback, milliseconds);
      return () => clearTimeout(timer);
    },
    ...overrides,
  };
  return { signals, paintWatchers, frames, stopped };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let isSettled = false;
  void promise.then(() => {
    isSettled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return isSettled;
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, then stops watching', async () => {
    vi.useFakeTimers();
    const { signals, paintWatchers, stopped } = fakeSignals();
    const waiting = afterFirstPaint(signals);
    expect(await settled(waiting)).toBe(false);
    paintWatchers[0]?.();
    expect(await settled(waiting)).toBe(true);
    expect(stopped.watching).toBe(1);
    vi.useRealTimers();
  });

  it('does not wait when the paint has happened or the page is hidden', async () => {
    vi.useFakeTimers();
    expect(await settled(afterFirstPaint(fakeSignals({ hasPainted: () => true }).signals))).toBe(true);
    expect(await settled(afterFirstPaint(fakeSignals({ isHidden: () => true }).signals))).toBe(true);
    vi.useRealTimers();
  });

  it('falls back to the next frame where paints are not reported', async () => {
    vi.useFakeTimers();
    const { signals, frames } = fakeSignals({ watchPaint: () => null });
    const waiting = afterFirstPaint(signals);
    expect(await settled(waiting)).toBe(false);
    frames[0]?.();
    expect(await settled(waiting)).toBe(true);
    vi.useRealTimers();
  });

  it('gives up waiting for a paint that is never reported', async () => {
    vi.useFakeTimers();
    const waiting = afterFirstPaint(fakeSignals().signals);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_LIMIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    vi.useRealTimers();
  });
});
