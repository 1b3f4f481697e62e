import { runLoop } from '../engine/loop.ts';
import { startRunTimeLimit } from '../engine/run-time-limit.ts';
import { settingsVault } from '../toolkit/ports/run-ports.ts';
import { prepareRun, type RunHandle, type RunPreparationDependencies } from './run-preparation.ts';

/**
 * One run of a conversation: prepared from its log and settings (nothing when another tab
 * finished it meanwhile), then the step loop. The run's signal is the person's stop or
 * the run's time limit (Settings → Runs), whichever comes first. A crash is rethrown with
 * every secret of the run's settings redacted, since its report is written to the conversation.
 */
export async function runConversation(
  dependencies: RunPreparationDependencies,
  run: RunHandle,
): Promise<void> {
  const limited = new AbortController();
  const forwardStop = () => limited.abort(run.signal.reason);
  if (run.signal.aborted) forwardStop();
  else run.signal.addEventListener('abort', forwardStop, { once: true });
  let stopClock: () => void = () => undefined;
  try {
    const prepared = await prepareRun(dependencies, { ...run, signal: limited.signal }).catch(
      async (error: unknown) => {
        throw await redactedWithSettings(dependencies, error);
      },
    );
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

/**
 * A failure before the run's ports exist, with every secret of the settings redacted (its
 * report is written to the conversation); when the settings cannot be read, a plain
 * sentence instead, since the failure cannot be checked for secrets.
 */
async function redactedWithSettings(
  dependencies: RunPreparationDependencies,
  error: unknown,
): Promise<unknown> {
  try {
    return settingsVault(await dependencies.settings.getAgentSettings()).redactError(error);
  } catch {
    return new Error('The run could not start, and its settings could not be read.');
  }
}
