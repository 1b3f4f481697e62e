/** Time for the web services: real in the app, driven by tests. */
export type WebClock = {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
};

export const SYSTEM_CLOCK: WebClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason ?? new Error('Stopped.'));
        return;
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(signal.reason ?? new Error('Stopped.'));
      };
      signal.addEventListener('abort', stop, { once: true });
    }),
};
