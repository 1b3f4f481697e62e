import { z } from 'zod';
import {
  defineTool,
  modelFacing,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { compressStream } from '@/agent-worker/toolkit/shell-output.ts';
import { actionSummary } from '@/shared/protocol/action-summary.ts';
import type { ExecResult, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { ShellMeta } from '@/shared/protocol/tool-meta/shell-meta.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { pythonNumber } from '../../common/python-text.ts';
import description from './bash.md?raw';

/** OpenManus' limit on one command, in seconds (written as Python prints the float). */
export const BASH_TIMEOUT_SECONDS = 120;
/** The sandbox session the tool keeps (its terminal in the Computer panel). */
export const BASH_SESSION = 'bash';

/** OpenManus' texts. */
export const BASH_TEXTS = {
  timedOut: `timed out: bash has not returned in ${pythonNumber(BASH_TIMEOUT_SECONDS, true)} seconds and must be restarted`,
  noCommand: 'no command provided.',
  restarted: 'tool has been restarted.',
};

/**
 * The parameters the model sees: OpenManus' `command`, word for word, and `restart`,
 * which seed 002 lists ("Reset session") and OpenManus' `execute` takes.
 */
const MODEL_PARAMETERS = {
  type: 'object',
  properties: {
    command: {
      type: 'string',
      description:
        'The bash command to execute. Can be empty to view additional logs when previous exit code is `-1`. Can be `ctrl+c` to interrupt the currently running process.',
    },
    restart: { type: 'boolean', description: 'Reset session' },
  },
  required: ['command'],
};

export const BashParameters = modelFacing(
  z.object({ command: z.string().optional(), restart: z.boolean().optional() }),
  MODEL_PARAMETERS,
);

/**
 * OpenManus' `bash`: one persistent session in the sandbox (its working directory stays
 * between calls), 120 s per command. A command still running then is reported with
 * OpenManus' timeout text and keeps running: an empty `command` collects it, `ctrl+c`
 * stops it, other text goes to its stdin where the sandbox allows that, and `restart`
 * stops it and starts the session afresh in /home/ubuntu.
 */
export const bashTool = defineTool({
  name: 'bash',
  description,
  metaKind: 'shell',
  parameters: BashParameters,
  label: (args) =>
    args.restart === true
      ? actionSummary('stop_process', 'the bash session')
      : actionSummary('run', args.command),
  effect: 'changes_workspace',
  execute: async (params, context): Promise<ToolOutcome<ShellMeta>> => {
    const sandbox = await context.sandbox();
    if (params.restart) {
      await sandbox.kill(BASH_SESSION);
      await sandbox.exec(BASH_SESSION, `cd ${WORKSPACE_ROOT}`, {
        timeoutSeconds: 10,
        signal: context.signal,
      });
      return {
        status: 'success',
        content: BASH_TEXTS.restarted,
        meta: { session: BASH_SESSION, exit_code: null, stdout: '', stderr: '', is_running: false },
      };
    }
    const command = params.command;
    if (command === undefined) return { status: 'error', kind: 'validation', message: BASH_TEXTS.noCommand };
    const result = await run(sandbox, command, context);
    if (result === null) return { status: 'error', kind: 'validation', message: BASH_TEXTS.noCommand };
    const meta = await shellMeta(result, command, context);
    if (result.isRunning) return { status: 'error', kind: 'timeout', message: BASH_TEXTS.timedOut, meta };
    return { status: 'success', content: summary(result), meta };
  },
});

/** Runs, collects or interrupts as `command` says; null for an empty command with nothing running. */
async function run(sandbox: SandboxPort, command: string, context: ToolContext): Promise<ExecResult | null> {
  const isBusy = (await sandbox.view(BASH_SESSION)).isRunning;
  if (isBusy && command === 'ctrl+c') return sandbox.kill(BASH_SESSION);
  if (command.trim() === '')
    return isBusy ? sandbox.wait(BASH_SESSION, BASH_TIMEOUT_SECONDS, context.signal) : null;
  if (isBusy) return sandbox.send(BASH_SESSION, `${command}\n`);
  return sandbox.exec(BASH_SESSION, command, {
    timeoutSeconds: BASH_TIMEOUT_SECONDS,
    signal: context.signal,
    onOutput: (chunk) => context.progress.output({ channel: BASH_SESSION, ...chunk }),
  });
}

function summary(result: ExecResult): string {
  if (result.exitCode === null) return 'The command has no output to collect.';
  return `The command exited with code ${result.exitCode}; its output is in \`stdout\` and \`stderr\`.`;
}

async function shellMeta(result: ExecResult, command: string, context: ToolContext): Promise<ShellMeta> {
  const stdout = await compressStream(result.stdout, 'stdout', context.uuid, context.workspace);
  const stderr = await compressStream(result.stderr, 'stderr', context.uuid, context.workspace);
  const saved = [stdout.savedPath, stderr.savedPath].filter((path): path is string => path !== null);
  return {
    session: BASH_SESSION,
    exit_code: result.isRunning ? -1 : result.exitCode,
    stdout: stdout.text,
    stderr: stderr.text,
    is_running: result.isRunning,
    ...(command.trim() && command !== 'ctrl+c' ? { command } : {}),
    ...(saved.length > 0 ? { full_output_paths: saved } : {}),
  };
}
