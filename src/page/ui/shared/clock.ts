import { createRoot, createSignal, onCleanup } from 'solid-js';

let subscribers = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const [now, setNow] = createRoot(() => createSignal(Date.now()));

/**
 * The current time, ticking once a second while any component uses it (for the elapsed
 * time of running actions). Call inside a component.
 */
export function useClock(): () => number {
  subscribers += 1;
  if (timer === undefined) {
    setNow(Date.now());
    timer = setInterval(() => setNow(Date.now()), 1_000);
  }
  onCleanup(() => {
    subscribers -= 1;
    if (subscribers === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  });
  return now;
}
