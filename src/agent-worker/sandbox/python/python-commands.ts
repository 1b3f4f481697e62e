import { type Command, defineCommand } from 'just-bash';
import type { PythonRequest } from '@/shared/protocol/python-messages.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { normalizePath } from '../sandbox-paths.ts';
import type { PythonProcess } from './python-process.ts';
import type { WorkspaceMirror } from './workspace-mirror.ts';

type CommandContext = Parameters<Command['execute']>[1];
type CommandResult = { stdout: string; stderr: string; exitCode: number };

const PYTHON_VERSION = 'Python 3.14.2 (Pyodide)';

const NO_PROMPT =
  "python3: this shell has no interactive prompt. Run `python3 -c 'code'`, `python3 script.py`, or pipe a script in (`python3 - < script.py`).\n";

const HELP = `usage: python3 [-c cmd | -m mod | file | -] [arg] ...
Python ${PYTHON_VERSION.slice(7)} over the conversation's workspace (/home/ubuntu). The standard library works
offline; other packages need \`pip install\` with a network connection.
`;

/** Options that take a value (ignored here, but their value must be skipped). */
const OPTIONS_WITH_VALUE = new Set(['-W', '-X', '--check-hash-based-pycs']);

/**
 * `python3`, `python`, `pip` and `pip3` for just-bash: each run goes to the Python
 * worker with the workspace changes it has not seen, and what the run changed comes back
 * into the shell's filesystem before the command returns.
 */
export function pythonCommands(process: PythonProcess, mirror: WorkspaceMirror): Command[] {
  const python = (args: string[], context: CommandContext) => runPythonCommand(args, context);
  const pip = (args: string[], context: CommandContext) =>
    run({ mode: 'pip', argv: args }, context, new Uint8Array());

  async function runPythonCommand(args: string[], context: CommandContext): Promise<CommandResult> {
    const stdin = stdinBytes(context);
    for (let index = 0; index < args.length; index += 1) {
      const arg = args[index] ?? '';
      const rest = args.slice(index + 1);
      if (arg === '-c') {
        if (rest.length === 0) return failure('Argument expected for the -c option\n', 2);
        return run({ mode: 'code', source: rest[0] ?? '', argv: ['-c', ...rest.slice(1)] }, context, stdin);
      }
      if (arg === '-m') {
        const [module, ...moduleArgs] = rest;
        if (!module) return failure('Argument expected for the -m option\n', 2);
        if (module === 'pip') return pip(moduleArgs, context);
        return run({ mode: 'module', module, argv: [module, ...moduleArgs] }, context, stdin);
      }
      if (arg === '-') {
        return run(
          { mode: 'code', source: new TextDecoder().decode(stdin), argv: ['-', ...rest] },
          context,
          new Uint8Array(),
        );
      }
      if (arg === '-V' || arg === '--version')
        return { stdout: `${PYTHON_VERSION}\n`, stderr: '', exitCode: 0 };
      if (arg === '-h' || arg === '--help') return { stdout: HELP, stderr: '', exitCode: 0 };
      if (arg === '-i') return failure(NO_PROMPT, 2);
      if (OPTIONS_WITH_VALUE.has(arg)) {
        index += 1;
        continue;
      }
      if (arg.startsWith('-')) continue;
      return runScript(arg, rest, context, stdin);
    }
    if (stdin.length === 0) return failure(NO_PROMPT, 2);
    return run(
      { mode: 'code', source: new TextDecoder().decode(stdin), argv: [''] },
      context,
      new Uint8Array(),
    );
  }

  async function runScript(path: string, rest: string[], context: CommandContext, stdin: Uint8Array) {
    const absolute = normalizePath(path.startsWith('/') ? path : `${context.cwd}/${path}`);
    const isFile = await context.fs.stat(absolute).then(
      (stat) => stat.isFile,
      () => false,
    );
    if (!isFile) {
      return failure(`python3: can't open file '${absolute}': [Errno 2] No such file or directory\n`, 2);
    }
    if (absolute.startsWith(`${WORKSPACE_ROOT}/`)) {
      return run({ mode: 'file', path, argv: [path, ...rest] }, context, stdin);
    }
    // Outside the workspace Python has no copy of the file: its text is run instead.
    const source = new TextDecoder().decode(await context.fs.readFileBuffer(absolute));
    return run({ mode: 'code', source, argv: [path, ...rest] }, context, stdin);
  }

  async function run(
    request: PythonRequest,
    context: CommandContext,
    stdin: Uint8Array,
  ): Promise<CommandResult> {
    let stdout = '';
    let stderr = '';
    try {
      const result = await process.run(request, {
        cwd: context.cwd,
        stdin,
        files: (isFresh) => mirror.outgoing(isFresh),
        onOutput: (stream, text) => {
          if (stream === 'stdout') stdout += text;
          else stderr += text;
        },
        ...(context.signal ? { signal: context.signal } : {}),
      });
      await mirror.incoming(result.files);
      return { stdout, stderr, exitCode: result.exitCode };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { stdout, stderr: `${stderr}python3: ${message}\n`, exitCode: 1 };
    }
  }

  return [
    defineCommand('python3', python),
    defineCommand('python', python),
    defineCommand('pip', pip),
    defineCommand('pip3', pip),
  ];
}

/** The command's stdin as bytes (just-bash keeps it as a latin1 string; its helpers are not in every bundle). */
function stdinBytes(context: CommandContext): Uint8Array {
  const text = context.stdin as unknown as string;
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

function failure(stderr: string, exitCode: number): CommandResult {
  return { stdout: '', stderr, exitCode };
}
