import {
  DEFAULT_TIMEOUT_SECONDS,
  type ExecOptions,
  type ExecResult,
  SandboxError,
  type SandboxEvent,
} from '@/shared/protocol/ports/sandbox-port.ts';
import { parseCdOnly } from './cd-command.ts';
import type { NodeRuntimeConnection } from './node-runtime-connection.ts';
import { pythonUnavailableMessage } from './python-unavailable.ts';
import { RunningProcess } from './running-process.ts';
import { plainTerminalText } from './terminal-text.ts';
import type { WorkspacePaths } from './workspace-paths.ts';

type Session = {
  name: string;
  /** Working directory, relative to the workspace root. */
  cwd: string;
  /** Everything the session's terminal showed, with a `$ command` line before each command. */
  transcript: string;
  running: RunningProcess | null;
  last: ExecResult | null;
};

/** How long `send` waits for the process to answer: until it is quiet this long after output… */
const SEND_QUIET_MS = 300;
/** …or at most this long. */
const SEND_LIMIT_MS = 3_000;
/** How long `kill` waits for the process to go. */
const KILL_WAIT_MS = 5_000;
/** The exit code reported for a process this sandbox killed (as the virtual sandbox does). */
const KILLED_EXIT_CODE = 130;

export type ContainerSessionsOptions = {
  connection: NodeRuntimeConnection;
  paths: WorkspacePaths;
  /** Saves the workspace; runs after every action. */
  afterAction: () => Promise<void>;
  emit: (event: SandboxEvent) => void;
};

/**
 * Named shell sessions in WebContainer. Each `exec` spawns `jsh -c <command>` in the
 * session's directory: its exit code, `kill` and terminal input all belong to exactly
 * that command, with no prompt to parse. A command that only changes directory (`cd
 * dir`) sets the session's directory; other shell state does not outlive a command.
 * Output streams to `onOutput` as it arrives; a command still running at its timeout
 * keeps running, `wait` collects the rest, `send` types into it.
 */
export class ContainerSessions {
  private readonly sessions = new Map<string, Session>();
  /** Processes that outlived a call and so save the workspace when they end, even if nobody waits. */
  private readonly savingOnExit = new WeakSet<RunningProcess>();

  constructor(private readonly options: ContainerSessionsOptions) {}

  async exec(name: string, command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const session = this.session(name);
    if (session.running) {
      throw new SandboxError(
        'unsupported',
        `Session ${name} is still running \`${session.running.command}\`. Use \`wait\` to collect it, \`send\` to answer it or \`kill\` to stop it, or use another session.`,
      );
    }
    if (options.signal?.aborted) throw new SandboxError('cancelled', 'Stopped by the user.');
    const { paths } = this.options;
    const cwd = options.cwd === undefined ? session.cwd : paths.toRelative(options.cwd);
    session.transcript += `$ ${command}\n`;
    const cd = parseCdOnly(command);
    if (cd) return this.changeDirectory(session, cwd, cd.target, options);
    const noPython = pythonUnavailableMessage(command);
    if (noPython) return this.answerAtOnce(session, noPython, options);
    const process = await RunningProcess.start({
      connection: this.options.connection,
      command,
      request: {
        command: 'jsh',
        args: ['-c', paths.translateCommand(command)],
        cwd: paths.toContainer(cwd),
        // HOME is the workspace, as /home/ubuntu is the agent's home; npx must not stop to ask.
        env: { HOME: paths.absoluteRoot, npm_config_yes: 'true' },
      },
      translator: paths.outputTranslator(),
      onText: (text) => {
        session.transcript += text;
      },
    });
    session.running = process;
    if (options.signal) {
      const signal = options.signal;
      const onAbort = () => void this.stop(process);
      signal.addEventListener('abort', onAbort, { once: true });
      void process.exited.finally(() => signal.removeEventListener('abort', onAbort));
    }
    void process.exited.then((exitCode) =>
      this.options.emit({ type: 'process_exited', session: name, exitCode }),
    );
    return this.collect(session, secondsToMs(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS), {
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  async wait(name: string, timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult> {
    const session = this.session(name);
    if (!session.running) return session.last ?? idle(name);
    return this.collect(session, secondsToMs(timeoutSeconds), signal ? { signal } : {});
  }

  /** Types `input` into the running process (a trailing newline presses Enter) and returns its answer. */
  async send(name: string, input: string): Promise<ExecResult> {
    const session = this.session(name);
    const process = session.running;
    if (!process) {
      throw new SandboxError(
        'not_found',
        `Session ${name} has no running process to send input to. Start one with \`exec\`.`,
      );
    }
    // A terminal sends a carriage return for Enter.
    await this.options.connection.write(process.id, input.replace(/\r?\n/g, '\r'));
    return this.collect(session, SEND_LIMIT_MS, { quietMs: SEND_QUIET_MS });
  }

  async kill(name: string): Promise<ExecResult> {
    const session = this.session(name);
    const process = session.running;
    if (!process) return session.last ?? idle(name);
    await this.stop(process);
    return this.collect(session, KILL_WAIT_MS, {});
  }

  /** The session's transcript so far, as plain text. */
  view(name: string): ExecResult {
    const session = this.session(name);
    return {
      session: name,
      exitCode: session.last?.exitCode ?? null,
      stdout: plainTerminalText(session.transcript),
      stderr: '',
      isRunning: session.running !== null,
    };
  }

  /** Kills every running process (the conversation is going away). */
  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].flatMap((session) => (session.running ? [this.stop(session.running)] : [])),
    );
  }

  /**
   * Waits for the running process to exit, the time limit, quiet after output (for
   * `send`), or an abort (which kills it); returns the output not yet returned, and
   * saves the workspace in every case but the abort.
   */
  private async collect(
    session: Session,
    limitMs: number,
    options: { onOutput?: ExecOptions['onOutput']; signal?: AbortSignal; quietMs?: number },
  ): Promise<ExecResult> {
    const process = session.running;
    if (!process) return session.last ?? idle(session.name);
    const detach = options.onOutput ? process.stream(options.onOutput) : () => undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => {
        void this.stop(process);
        reject(new SandboxError('cancelled', 'Stopped by the user.'));
      };
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
    });
    stopped.catch(() => undefined);
    let exitCode: number | null;
    try {
      exitCode = await Promise.race([process.exitOrPause(limitMs, options.quietMs), stopped]);
    } catch (error) {
      // Stopped: once the process is gone the session is free again.
      void process.exited
        .then((code) => {
          if (session.running !== process) return;
          session.running = null;
          session.last = finished(session.name, process, code, plainTerminalText(process.takeUnread()));
        })
        .catch(() => undefined);
      this.saveOnExit(process);
      throw error;
    } finally {
      detach();
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    }
    const text = plainTerminalText(process.takeUnread());
    if (exitCode === null) {
      this.saveOnExit(process);
      await this.options.afterAction();
      return { session: session.name, exitCode: null, stdout: text, stderr: '', isRunning: true };
    }
    session.running = null;
    const result = finished(session.name, process, exitCode, text);
    session.last = result;
    await this.options.afterAction();
    return result;
  }

  /** Ends a command that cannot run here with `stderr` and exit code 127 (command not found). */
  private answerAtOnce(session: Session, stderr: string, options: ExecOptions): ExecResult {
    session.transcript += stderr;
    options.onOutput?.({ stream: 'stderr', text: stderr });
    const result: ExecResult = { session: session.name, exitCode: 127, stdout: '', stderr, isRunning: false };
    session.last = result;
    return result;
  }

  /** Runs a `cd`-only command: checks the directory and makes it the session's. */
  private async changeDirectory(
    session: Session,
    cwd: string,
    target: string,
    options: ExecOptions,
  ): Promise<ExecResult> {
    const { paths, connection } = this.options;
    let failure: string | null = null;
    let next = '';
    try {
      next = resolveTarget(paths, cwd, target);
      const entry = await connection.entry(paths.toContainer(next));
      if (!entry) failure = `cd: ${target}: No such file or directory\n`;
      else if (entry.kind !== 'directory') failure = `cd: ${target}: Not a directory\n`;
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      failure = `cd: ${target}: ${error.message}\n`;
    }
    if (failure === null) session.cwd = next;
    session.transcript += failure ?? '';
    if (failure) options.onOutput?.({ stream: 'stderr', text: failure });
    const result: ExecResult = {
      session: session.name,
      exitCode: failure ? 1 : 0,
      stdout: '',
      stderr: failure ?? '',
      isRunning: false,
    };
    session.last = result;
    return result;
  }

  private saveOnExit(process: RunningProcess): void {
    if (this.savingOnExit.has(process)) return;
    this.savingOnExit.add(process);
    void process.exited.then(this.options.afterAction, this.options.afterAction).catch(() => undefined);
  }

  private async stop(process: RunningProcess): Promise<void> {
    process.wasKilled = true;
    await this.options.connection.kill(process.id).catch(() => undefined);
  }

  private session(name: string): Session {
    let session = this.sessions.get(name);
    if (!session) {
      session = { name, cwd: '', transcript: '', running: null, last: null };
      this.sessions.set(name, session);
    }
    return session;
  }
}

/** The workspace-relative directory `cd target` leads to from `cwd`. */
function resolveTarget(paths: WorkspacePaths, cwd: string, target: string): string {
  if (target === '~') return '';
  if (target.startsWith('~/')) return paths.toRelative(paths.toAgent(target.slice(2)));
  if (target.startsWith('/')) return paths.toRelative(target);
  return paths.toRelative(`${paths.toAgent(cwd)}/${target}`);
}

function finished(session: string, process: RunningProcess, exitCode: number, stdout: string): ExecResult {
  const code = process.wasKilled ? KILLED_EXIT_CODE : exitCode;
  return { session, exitCode: code, stdout, stderr: '', isRunning: false };
}

function secondsToMs(seconds: number): number {
  return Math.max(0, seconds) * 1000;
}

function idle(name: string): ExecResult {
  return { session: name, exitCode: null, stdout: '', stderr: '', isRunning: false };
}
