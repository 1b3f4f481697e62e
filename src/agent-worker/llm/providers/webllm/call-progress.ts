import type { ModelProgress } from '../../chat-messages.ts';
import { leadingCallName } from '../constrained/call-format.ts';
import type { ToolCallingMode } from './completion-request.ts';

/**
 * Turns streamed text into the provider's progress events, as the remote provider
 * reports them: text deltas when the model writes text (`plain`), and
 * `tool_call_started` once the tool's name is known — from the first key of a
 * constrained call, from the forced tool on a forced native step, and for a free
 * native step (whose name comes last) only when the output is complete.
 */
export function createCallProgress(
  mode: ToolCallingMode,
  forcedTool: string | null,
  onProgress: ((progress: ModelProgress) => void) | undefined,
) {
  let hasStarted = false;
  const start = (name: string) => {
    if (hasStarted) return;
    hasStarted = true;
    onProgress?.({ type: 'tool_call_started', index: 0, name });
  };
  return {
    /** Reports one streamed delta; `textSoFar` includes it. */
    delta(delta: string, textSoFar: string): void {
      if (mode === 'plain') onProgress?.({ type: 'text_delta', delta });
      else if (mode === 'native_forced' && forcedTool !== null) start(forcedTool);
      else if (mode === 'constrained') {
        const name = leadingCallName(textSoFar);
        if (name !== null) start(name);
      }
    },
    /** Reports the first call of a finished output, if it was not reported while streaming. */
    finished(firstCallName: string | undefined): void {
      if (firstCallName !== undefined && firstCallName !== '') start(firstCallName);
    },
  };
}
