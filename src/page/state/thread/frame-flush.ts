/**
 * Runs `flush` once for any number of `schedule` calls before it: at the next animation
 * frame, before the page is painted, so work that changes what is shown is done once per
 * frame instead of once per message; in a hidden page, whose frames do not come, after
 * `hiddenDelayMs` instead.
 */
export function createFrameFlush(flush: () => void, hiddenDelayMs = 100) {
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const hasFrames = typeof requestAnimationFrame === 'function' && typeof cancelAnimationFrame === 'function';

  function cancel(): void {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  }

  function run(): void {
    cancel();
    flush();
  }

  return {
    /** Asks for a flush (one is pending until it runs or is cancelled). */
    schedule(): void {
      if (frame !== null || timer !== null) return;
      const isShown = typeof document === 'undefined' || document.visibilityState === 'visible';
      if (hasFrames && isShown) frame = requestAnimationFrame(run);
      // Also a timer: a page hidden after this call gets no frame until shown again.
      timer = setTimeout(run, hasFrames && isShown ? hiddenDelayMs : 0);
    },
    /** Runs the pending flush now, if there is one. */
    flushNow(): void {
      if (frame !== null || timer !== null) run();
    },
    cancel,
  };
}
