import { type LoopContext, runLoop } from '../engine/loop.ts';
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
    const prepare = () =>
      prepareRun(dependencies, { ...run, signal: limited.signal }).catch(async (error: unknown) => {
        throw await redactedWithSettings(dependencies, error);
      });
    const first = await prepare();
    if (!first) return;
    const { runTimeLimitMinutes } = first.loop.settings;
    stopClock = startRunTimeLimit(runTimeLimitMinutes, limited, dependencies.minuteMs);
    // The server's window turned out smaller than planned: prepared again for it, once.
    let isPreparingAgain = false;
    const prepareAgain = () => {
      isPreparingAgain = true;
    };
    await runRedacted({ ...first.loop, prepareAgain });
    const second = isPreparingAgain ? await prepare() : null;
    if (second) await runRedacted(second.loop);
  } finally {
    stopClock();
    run.signal.removeEventListener('abort', forwardStop);
  }
}

/** The step loop; a crash rethrown with every secret of the run redacted. */
async function runRedacted(loop: LoopContext): Promise<void> {
  try {
    await runLoop(loop);
  } catch (error) {
    throw loop.services.redactError(error);
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
