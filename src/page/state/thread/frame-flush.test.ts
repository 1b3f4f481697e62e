import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameFlush } from './frame-flush.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createFrameFlush', () => {
  it('runs once for every call to schedule before it, on a timer where there are no frames', async () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const flushes = createFrameFlush(flush);
    flushes.schedule();
    flushes.schedule();
    flushes.schedule();
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(1);
    flushes.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('runs at the next frame in a shown page, or after the delay when the frame never comes', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const flush = vi.fn();
    const flushes = createFrameFlush(flush, 100);
    flushes.schedule();
    await vi.advanceTimersByTimeAsync(50);
    expect(flush).not.toHaveBeenCalled();
    frames[0]?.(0);
    expect(flush).toHaveBeenCalledTimes(1);
    // The timer of that flush was cleared with it: no second run.
    await vi.advanceTimersByTimeAsync(200);
    expect(flush).toHaveBeenCalledTimes(1);
    // Hidden after scheduling: no frame comes, the timer runs it.
    flushes.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('runs a pending flush at once on flushNow, and never one that was cancelled', async () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const flushes = createFrameFlush(flush);
    flushes.flushNow();
    expect(flush).not.toHaveBeenCalled();
    flushes.schedule();
    flushes.flushNow();
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(flush).toHaveBeenCalledTimes(1);
    flushes.schedule();
    flushes.cancel();
    await vi.advanceTimersByTimeAsync(10);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
