/** The abort reason of a run stopped by its time limit (a stop by the person has another). */
export class RunTimeLimitReached extends Error {
  constructor(readonly minutes: number) {
    super(`The run reached its time limit of ${minutesText(minutes)}.`);
    this.name = 'RunTimeLimitReached';
  }
}

/**
 * Aborts `controller` with `RunTimeLimitReached` once the run has worked `minutes`
 * (null or absent: never). Returns what cancels the clock when the run ends first.
 */
export function startRunTimeLimit(
  minutes: number | null | undefined,
  controller: AbortController,
  minuteMs = 60_000,
): () => void {
  if (minutes === null || minutes === undefined) return () => undefined;
  const timer = setTimeout(() => controller.abort(new RunTimeLimitReached(minutes)), minutes * minuteMs);
  return () => clearTimeout(timer);
}

/** The limit's minutes when it is what aborted `signal`; null when the signal is live or the person stopped. */
export function timeLimitOf(signal: AbortSignal): number | null {
  return signal.aborted && signal.reason instanceof RunTimeLimitReached ? signal.reason.minutes : null;
}

/** What an action the limit stopped records. */
export function timeLimitStopMessage(minutes: number): string {
  return `Stopped at the run's time limit (${minutesText(minutes)}).`;
}

/** The runtime's question once the limit is reached. */
export function timeLimitQuestion(minutes: number): string {
  return `This run has worked for ${minutesText(minutes)}, its time limit (Settings → Runs), and the task is not finished yet. Shall I continue?`;
}

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes.toLocaleString('en-US')} minutes`;
}
