import { runLoop } from './loop.ts';
import { prepareRun, type RunPreparationDependencies } from './run-preparation.ts';

/**
 * One run of a conversation: prepared from its log and settings (nothing when another tab
 * finished it meanwhile), then the step loop. A crash is rethrown with every secret of the
 * run's settings redacted, since its report is written to the conversation.
 */
export async function runConversation(
  dependencies: RunPreparationDependencies,
  run: { conversationId: string; signal: AbortSignal; takeQueuedMessages: () => string[] },
): Promise<void> {
  const prepared = await prepareRun(dependencies, run);
  if (!prepared) return;
  try {
    await runLoop(prepared.loop);
  } catch (error) {
    throw prepared.loop.services.redactError(error);
  }
}
