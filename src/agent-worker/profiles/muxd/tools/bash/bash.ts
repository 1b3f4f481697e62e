import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { ExecChunk } from '@/shared/protocol/ports/sandbox-port.ts';
import type { ShellMeta } from '@/shared/protocol/tool-meta/shell-meta.ts';
import { capOutput, MUXD_CWD, muxdError } from '../../common/muxd-common.ts';
import { planModeRefusal } from '../../common/plan-mode-state.ts';

/** `bash`'s default and longest timeout, in seconds (seed 004). */
export const DEFAULT_BASH_TIMEOUT_SECONDS = 30;
export const MAX_BASH_TIMEOUT_SECONDS = 120;

/** The sandbox session muxd's commands run in (each starts afresh in the working directory). */
export const BASH_SESSION = 'bash';

/** Seed 004's `bash` parameters. */
export const BashParameters = z.object({
  command: z.string().describe('Shell command to execute'),
  timeout: z.number().int().optional().describe('Timeout in seconds (default: 30, max: 120)'),
});

/** The timeout a call gets: 30 s unless a positive one is given, and never over 120 s. */
export function bashTimeout(requested: number | undefined): number {
  if (requested === undefined || requested <= 0) return DEFAULT_BASH_TIMEOUT_SECONDS;
  return Math.min(requested, MAX_BASH_TIMEOUT_SECONDS);
}

/** muxd's text for a finished command: the output (cut at 50 KB) and the exit-code or timeout suffix. */
export function bashResult(output: string, exitCode: number | null, timedOutAfter: number | null): string {
  const result = capOutput(output);
  if (timedOutAfter !== null) return `${result}\n(command timed out after ${timedOutAfter}s)`;
  if (exitCode !== null && exitCode !== 0) return `${result}\n(exit code: ${exitCode})`;
  return result;
}

export const bashTool = defineTool({
  name: 'bash',
  description: 'Run a shell command and return the output.',
  metaKind: 'shell',
  parameters: BashParameters,
  label: withTarget('run', 'command'),
  effect: 'changes_workspace',
  execute: async (params, context): Promise<ToolOutcome<ShellMeta>> => {
    const refusal = await planModeRefusal(context, 'bash');
    if (refusal) return refusal;
    if (params.command === '') return muxdError('command is required', 'validation');
    const timeout = bashTimeout(params.timeout);
    const sandbox = await context.sandbox();
    // stdout and stderr in the order they came, as muxd's one output file has them.
    const chunks: ExecChunk[] = [];
    const result = await sandbox.exec(BASH_SESSION, params.command, {
      cwd: MUXD_CWD,
      timeoutSeconds: timeout,
      signal: context.signal,
      onOutput: (chunk) => {
        chunks.push(chunk);
        context.progress.output({ channel: BASH_SESSION, ...chunk });
      },
    });
    // At its timeout the command is stopped (as muxd kills it); what it printed comes with the stop.
    const finished = result.isRunning ? await sandbox.kill(BASH_SESSION) : result;
    const streamed = chunks.map((chunk) => chunk.text).join('');
    const output =
      streamed.length === finished.stdout.length + finished.stderr.length
        ? streamed
        : finished.stdout + finished.stderr;
    return {
      status: 'success',
      content: bashResult(output, result.exitCode, result.isRunning ? timeout : null),
      meta: {
        session: BASH_SESSION,
        exit_code: finished.exitCode,
        stdout: finished.stdout,
        stderr: finished.stderr,
        is_running: false,
        command: params.command,
      },
    };
  },
});
