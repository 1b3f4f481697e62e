/** What `afterFirstPaint` reads of the page: injectable so it can be tested without a browser. */
export type PaintSignals = {
  /** Whether the browser has reported the first contentful paint already. */
  hasPainted(): boolean;
  /** Calls `onPaint` once the first contentful paint is reported; returns a stop. Null when the browser cannot report paints. */
  watchPaint(onPaint: () => void): (() => void) | null;
  /** Whether the page is hidden (a hidden page does not paint until shown). */
  isHidden(): boolean;
  /** Calls back after the next frame has been produced (a paint for browsers without paint timing). */
  afterNextFrame(callback: () => void): void;
  setTimer(callback: () => void, milliseconds: number): () => void;
};

/** The longest wait for a paint that is never reported (a browser that drops the entry). */
export const PAINT_WAIT_LIMIT_MS = 500;

/**
 * Resolves once the page's first contentful paint has happened — the app shell of
 * index.html is on screen — so what loads next cannot delay it. A hidden page (opened in
 * a background tab) does not wait: it would not paint until shown.
 */
export function afterFirstPaint(signals: PaintSignals = browserPaintSignals()): Promise<void> {
  return new Promise((resolve) => {
    if (signals.hasPainted() || signals.isHidden()) {
      resolve();
      return;
    }
    let isDone = false;
    const stops: Array<() => void> = [];
    const finish = () => {
      if (isDone) return;
      isDone = true;
      for (const stop of stops) stop();
      resolve();
    };
    const stopWatching = signals.watchPaint(finish);
    if (stopWatching) stops.push(stopWatching);
    else signals.afterNextFrame(finish);
    stops.push(signals.setTimer(finish, PAINT_WAIT_LIMIT_MS));
  });
}

function browserPaintSignals(): PaintSignals {
  const isContentfulPaint = (entry: PerformanceEntry) => entry.name === 'first-contentful-paint';
  return {
    hasPainted: () => performance.getEntriesByType('paint').some(isContentfulPaint),
    watchPaint(onPaint) {
      if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return null;
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some(isContentfulPaint)) onPaint();
      });
      observer.observe({ type: 'paint', buffered: true });
      return () => observer.disconnect();
    },
    isHidden: () => document.visibilityState === 'hidden',
    // A frame callback runs before that frame's paint: a task queued from it runs after.
    afterNextFrame: (callback) => requestAnimationFrame(() => setTimeout(callback, 0)),
    setTimer(callback, milliseconds) {
      const timer = setTimeout(callback, milliseconds);
      return () => clearTimeout(timer);
    },
  };
}
