import { z } from 'zod';
import {
  defineTool,
  modelFacing,
  type Tool,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { compressStream } from '@/agent-worker/toolkit/shell-output.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { ShellMeta } from '@/shared/protocol/tool-meta/shell-meta.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** OpenManus' default limit on one run, in seconds. */
export const DEFAULT_PYTHON_TIMEOUT_SECONDS = 5;
/** How long the first run of a sandbox may take to start Python (Pyodide loads once) before the limit counts. */
const PYTHON_START_SECONDS = 120;
/** Where each run's code and the runner that executes it are written. */
export const PYTHON_EXECUTE_FOLDER = `${WORKSPACE_ROOT}/.sandpiper/python_execute`;
/** The sandbox session the runs use (its terminal in the Computer panel). */
export const PYTHON_EXECUTE_SESSION = 'python_execute';

/** Opens the runner's report of an exception raised by the code: what follows is `str(e)`. */
const ERROR_MARKER = '\u0000python_execute error\u0000';

/**
 * Runs the code as OpenManus does (`exec(code, globals)`): print output reaches stdout,
 * return values go nowhere, and an exception ends the run with only `str(e)` reported.
 */
const RUNNER = [
  'import sys',
  `_marker = ${JSON.stringify(ERROR_MARKER)}`,
  'with open(sys.argv[1], encoding="utf-8") as _file:',
  '    _source = _file.read()',
  '_globals = {"__builtins__": __builtins__, "__name__": "__main__"}',
  'try:',
  '    exec(compile(_source, "<string>", "exec"), _globals, _globals)',
  'except Exception as _error:',
  '    sys.stdout.flush()',
  '    sys.stderr.write(_marker + str(_error))',
  '    sys.exit(1)',
  '',
].join('\n');

/** The parameters OpenManus shows the model, word for word. */
const MODEL_PARAMETERS = {
  type: 'object',
  properties: { code: { type: 'string', description: 'The Python code to execute.' } },
  required: ['code'],
};

/**
 * `python_execute`'s parameters: `code`, and (as OpenManus' `execute(code, timeout)`
 * takes it, though the model is not told) an optional `timeout` in seconds.
 */
export const PythonExecuteParameters = modelFacing(
  z.object({ code: z.string(), timeout: z.number().positive().optional() }),
  MODEL_PARAMETERS,
);

/** Sandboxes whose Python has started (a run first waits for Pyodide to load, outside the limit). */
const warmSandboxes = new WeakSet<SandboxPort>();

/**
 * OpenManus' `python_execute` on the sandbox's Python (`python3`, Pyodide in the virtual
 * sandbox): the code runs in a fresh interpreter, print output is captured, return
 * values are not, and a run past the limit (`timeoutSeconds`, 5 s by default, or the
 * call's own `timeout`) is stopped with OpenManus' message.
 */
export function createPythonExecuteTool(options: { timeoutSeconds?: number } = {}): Tool {
  const defaultTimeout = options.timeoutSeconds ?? DEFAULT_PYTHON_TIMEOUT_SECONDS;
  return defineTool({
    name: 'python_execute',
    description:
      'Executes Python code string. Note: Only print outputs are visible, function return values are not captured. Use print statements to see results.',
    metaKind: 'shell',
    parameters: PythonExecuteParameters,
    label: fixedTarget('run_code', 'Python'),
    effect: 'changes_workspace',
    execute: async (params, context): Promise<ToolOutcome<ShellMeta>> => {
      const timeout = params.timeout ?? defaultTimeout;
      const sandbox = await context.sandbox();
      if (!warmSandboxes.has(sandbox)) {
        await sandbox.exec(PYTHON_EXECUTE_SESSION, 'python3 -c pass', {
          timeoutSeconds: PYTHON_START_SECONDS,
          signal: context.signal,
        });
        warmSandboxes.add(sandbox);
      }
      const runner = `${PYTHON_EXECUTE_FOLDER}/runner.py`;
      const codePath = `${PYTHON_EXECUTE_FOLDER}/${context.uuid}.py`;
      await sandbox.writeFile(runner, RUNNER);
      await sandbox.writeFile(codePath, params.code);
      try {
        const result = await sandbox.exec(PYTHON_EXECUTE_SESSION, `python3 ${runner} ${codePath}`, {
          timeoutSeconds: timeout,
          signal: context.signal,
          onOutput: (chunk) => context.progress.output({ channel: PYTHON_EXECUTE_SESSION, ...chunk }),
        });
        if (result.isRunning) {
          // A stop may restart the Python worker: the next run waits for it outside the limit again.
          warmSandboxes.delete(sandbox);
          const stopped = await sandbox.kill(PYTHON_EXECUTE_SESSION);
          return {
            status: 'error',
            kind: 'timeout',
            message: `Execution timeout after ${timeout} seconds`,
            meta: await shellMeta(stopped.stdout, stopped.stderr, stopped.exitCode, context),
          };
        }
        const meta = (stderr: string, exitCode: number | null) =>
          shellMeta(result.stdout, stderr, exitCode, context);
        const marker = result.stderr.indexOf(ERROR_MARKER);
        if (marker >= 0) {
          const observation = result.stderr.slice(marker + ERROR_MARKER.length);
          return {
            status: 'error',
            kind: 'execution',
            message: observation,
            meta: await meta(result.stderr.slice(0, marker), result.exitCode),
          };
        }
        if (result.exitCode !== 0) {
          return {
            status: 'error',
            kind: 'execution',
            message: result.stderr.trim() || `Python exited with code ${result.exitCode}.`,
            meta: await meta(result.stderr, result.exitCode),
          };
        }
        return {
          status: 'success',
          content:
            result.stdout === ''
              ? 'The code ran and printed nothing (only print output is captured).'
              : 'The code ran; its print output is in `stdout`.',
          meta: await meta(result.stderr, result.exitCode),
        };
      } finally {
        await sandbox.remove(codePath).catch(() => undefined);
      }
    },
  });
}

/**
 * Shell meta of a run (the Computer panel shows it in a terminal): its output, the longer
 * stream kept restorably (head and tail here, whole in a workspace file) past 16 KB.
 */
async function shellMeta(
  stdoutText: string,
  stderrText: string,
  exitCode: number | null,
  context: ToolContext,
): Promise<ShellMeta> {
  const stdout = await compressStream(stdoutText, 'stdout', context.uuid, context.workspace);
  const stderr = await compressStream(stderrText, 'stderr', context.uuid, context.workspace);
  const saved = [stdout.savedPath, stderr.savedPath].filter((path): path is string => path !== null);
  return {
    session: PYTHON_EXECUTE_SESSION,
    exit_code: exitCode,
    stdout: stdout.text,
    stderr: stderr.text,
    is_running: false,
    ...(saved.length > 0 ? { full_output_paths: saved } : {}),
  };
}

/** `python_execute` with OpenManus' 5 s limit. */
export const pythonExecuteTool = createPythonExecuteTool();
