import type { Bash } from 'just-bash';
import {
  DEFAULT_TIMEOUT_SECONDS,
  type ExecOptions,
  type ExecResult,
  SandboxError,
} from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

type Finished = { exitCode: number; stdout: string; stderr: string; cwd: string };

type Session = {
  name: string;
  cwd: string;
  transcript: string;
  running: { command: string; controller: AbortController; done: Promise<Finished> } | null;
  /** The save of a command that outlived its timeout, started when it ended. */
  pendingSave: Promise<void> | null;
  last: ExecResult | null;
};

/**
 * Named shell sessions over one just-bash instance. Each session keeps its working
 * directory between commands; a command still running at its timeout keeps running and
 * `wait` collects it. just-bash returns output when a command ends, not while it runs.
 */
export class ShellSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly bash: Bash,
    private readonly afterCommand: () => Promise<void>,
  ) {}

  async exec(name: string, command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const session = this.session(name);
    if (session.running) {
      throw new SandboxError(
        'unsupported',
        `Session ${name} is still running \`${session.running.command}\`. Use \`wait\` to collect it or \`kill\` to stop it, or use another session.`,
      );
    }
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cwd = options.cwd ?? session.cwd;
    const done = this.bash
      .exec(command, { cwd, signal: controller.signal })
      .then(
        (result): Finished => ({
          exitCode: result.exitCode,
          stdout: result.stdout,
          stderr: result.stderr,
          cwd: result.env.PWD ?? cwd,
        }),
        // A filesystem error just-bash lets through (a write into a read-only mount by a
        // redirection) fails the command, as bash would, rather than the call.
        (error: unknown): Finished => ({
          exitCode: 1,
          stdout: '',
          stderr: `bash: ${error instanceof Error ? error.message : String(error)}\n`,
          cwd,
        }),
      )
      .finally(() => options.signal?.removeEventListener('abort', onAbort));
    session.running = { command, controller, done };
    session.transcript += `$ ${command}\n`;
    return this.collect(
      session,
      options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      options.onOutput,
      options.signal,
    );
  }

  async wait(name: string, timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult> {
    const session = this.session(name);
    if (!session.running) return session.last ?? idle(name);
    return this.collect(session, timeoutSeconds, undefined, signal);
  }

  /** Stops the session's command; just-bash stops at its next statement. */
  async kill(name: string): Promise<ExecResult> {
    const session = this.session(name);
    if (!session.running) return session.last ?? idle(name);
    session.running.controller.abort();
    return this.collect(session, 5);
  }

  /** The session's transcript (every command and its output so far). */
  view(name: string): ExecResult {
    const session = this.session(name);
    return {
      session: name,
      exitCode: session.last?.exitCode ?? null,
      stdout: session.transcript,
      stderr: '',
      isRunning: session.running !== null,
    };
  }

  private async collect(
    session: Session,
    timeoutSeconds: number,
    onOutput?: ExecOptions['onOutput'],
    signal?: AbortSignal,
  ): Promise<ExecResult> {
    const running = session.running;
    if (!running) return session.last ?? idle(session.name);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, timeoutSeconds) * 1000);
    });
    // A stop answers at once; the command itself stops at its next statement.
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => reject(new SandboxError('cancelled', 'Stopped by the user.'));
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    const finished = await Promise.race([running.done, timedOut, stopped]).finally(() => {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    });
    if (finished === null) {
      // The command outlives its timeout: save its files as soon as it ends, even if nobody waits.
      if (!session.pendingSave) {
        const save = running.done.then(this.afterCommand, this.afterCommand);
        save.catch(() => undefined);
        session.pendingSave = save;
      }
      return { session: session.name, exitCode: null, stdout: '', stderr: '', isRunning: true };
    }
    session.running = null;
    session.cwd = finished.cwd;
    session.transcript += finished.stdout + finished.stderr;
    if (finished.stdout) onOutput?.({ stream: 'stdout', text: finished.stdout });
    if (finished.stderr) onOutput?.({ stream: 'stderr', text: finished.stderr });
    const result: ExecResult = {
      session: session.name,
      exitCode: running.controller.signal.aborted ? 130 : finished.exitCode,
      stdout: finished.stdout,
      stderr: finished.stderr,
      isRunning: false,
    };
    session.last = result;
    const save = session.pendingSave ?? this.afterCommand();
    session.pendingSave = null;
    await save;
    return result;
  }

  private session(name: string): Session {
    let session = this.sessions.get(name);
    if (!session) {
      session = { name, cwd: WORKSPACE_ROOT, transcript: '', running: null, pendingSave: null, last: null };
      this.sessions.set(name, session);
    }
    return session;
  }
}

function idle(name: string): ExecResult {
  return { session: name, exitCode: null, stdout: '', stderr: '', isRunning: false };
}
