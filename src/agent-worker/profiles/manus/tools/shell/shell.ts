import { z } from 'zod';
import { defineTool, invalidArguments, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { compressStream, summarizeExec } from '@/agent-worker/toolkit/shell-output.ts';
import { DEFAULT_TIMEOUT_SECONDS, type ExecResult } from '@/shared/protocol/ports/sandbox-port.ts';
import type { ShellMeta } from '@/shared/protocol/tool-meta/shell-meta.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './shell.md?raw';

/** Seed 000's `shell` parameters, in its order. */
export const ShellParameters = z.object({
  action: z.enum(['view', 'exec', 'wait', 'send', 'kill']).describe('The action to perform'),
  brief: briefParameter(),
  command: z.string().optional().describe('The shell command to execute. Required for `exec` action.'),
  input: z
    .string()
    .optional()
    .describe(
      'Input text to send to the interactive session. End with a newline character (\\n) to simulate pressing Enter if needed. Required for `send` action.',
    ),
  session: z.string().describe('The unique identifier of the target shell session'),
  timeout: z
    .number()
    .int()
    .optional()
    .describe(
      'Timeout in seconds to wait for command execution. Optional and only used for `exec` and `wait` actions. Defaults to 30 seconds.',
    ),
});

export const shellTool = defineTool({
  name: 'shell',
  description,
  metaKind: 'shell',
  parameters: ShellParameters,
  actionKey: 'action',
  requiredFor: { exec: ['command'], send: ['input'] },
  actions: {
    exec: { label: withTarget('run', 'command'), effect: 'changes_workspace' },
    view: { label: 'view_terminal', effect: 'reads' },
    wait: { label: 'wait', effect: 'reads' },
    send: { label: withTarget('send_input', 'input'), effect: 'changes_workspace' },
    kill: { label: 'stop_process', effect: 'changes_workspace' },
  },
  execute: async (params, context): Promise<ToolOutcome<ShellMeta>> => {
    const session = params.session.trim() || 'main';
    const timeoutSeconds = params.timeout ?? DEFAULT_TIMEOUT_SECONDS;
    if (timeoutSeconds < 0) return invalidArguments('`timeout` must be zero or more seconds.');
    const sandbox = await context.sandbox();
    let result: ExecResult;
    switch (params.action) {
      case 'exec':
        if (!params.command?.trim()) return invalidArguments('`exec` needs a `command`.');
        result = await sandbox.exec(session, params.command, {
          timeoutSeconds,
          signal: context.signal,
          onOutput: (chunk) => context.progress.output({ channel: session, ...chunk }),
        });
        break;
      case 'wait':
        result = await sandbox.wait(session, timeoutSeconds, context.signal);
        break;
      case 'send':
        if (params.input === undefined) return invalidArguments('`send` needs an `input`.');
        result = await sandbox.send(session, params.input);
        break;
      case 'kill':
        result = await sandbox.kill(session);
        break;
      case 'view':
        result = await sandbox.view(session);
        break;
    }
    const stdout = await compressStream(result.stdout, 'stdout', context.uuid, context.workspace);
    const stderr = await compressStream(result.stderr, 'stderr', context.uuid, context.workspace);
    const saved = [stdout.savedPath, stderr.savedPath].filter((path): path is string => path !== null);
    return {
      status: 'success',
      content: summarizeExec(result, timeoutSeconds),
      meta: {
        session,
        exit_code: result.exitCode,
        stdout: stdout.text,
        stderr: stderr.text,
        is_running: result.isRunning,
        ...(params.action === 'exec' ? { command: params.command } : {}),
        ...(saved.length > 0 ? { full_output_paths: saved } : {}),
      },
    };
  },
});
