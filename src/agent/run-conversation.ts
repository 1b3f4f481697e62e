import { runLoop } from './loop.ts';
import { prepareRun, type RunPreparationDependencies } from './run-preparation.ts';
import { startRunTimeLimit } from './run-time-limit.ts';

/**
 * One run of a conversation: prepared from its log and settings (nothing when another tab
 * finished it meanwhile), then the step loop. The run's signal is the person's stop or
 * the run's time limit (Settings → Runs), whichever comes first. A crash is rethrown with
 * every secret of the run's settings redacted, since its report is written to the conversation.
 */
export async function runConversation(
  dependencies: RunPreparationDependencies,
  run: { conversationId: string; signal: AbortSignal; takeQueuedMessages: () => string[] },
): Promise<void> {
  const limited = new AbortController();
  const forwardStop = () => limited.abort(run.signal.reason);
  if (run.signal.aborted) forwardStop();
  else run.signal.addEventListener('abort', forwardStop, { once: true });
  let stopClock: () => void = () => undefined;
  try {
    const prepared = await prepareRun(dependencies, { ...run, signal: limited.signal });
    if (!prepared) return;
    const { runTimeLimitMinutes } = prepared.loop.settings;
    stopClock = startRunTimeLimit(runTimeLimitMinutes, limited, dependencies.minuteMs);
    try {
      await runLoop(prepared.loop);
    } catch (error) {
      throw prepared.loop.services.redactError(error);
    }
  } finally {
    stopClock();
    run.signal.removeEventListener('abort', forwardStop);
  }
}
