import type { SpawnRequest } from '@/shared/protocol/node-runtime-messages.ts';
import type { ExecChunk } from '@/shared/protocol/ports/sandbox-port.ts';
import type { NodeRuntimeConnection } from './node-runtime-connection.ts';
import type { OutputTranslator } from './workspace-paths.ts';

/** The output of one process as it arrives: kept until read, and passed on to whoever streams it. */
class ProcessOutput {
  unread = '';
  readonly streams = new Set<(chunk: ExecChunk) => void>();
  readonly watchers = new Set<() => void>();

  constructor(private readonly onText: (text: string) => void) {}

  receive(text: string): void {
    if (text === '') return;
    this.unread += text;
    this.onText(text);
    for (const stream of this.streams) stream({ stream: 'stdout', text });
    for (const watcher of this.watchers) watcher();
  }
}

export type StartOptions = {
  connection: NodeRuntimeConnection;
  /** The command as the agent wrote it (for messages). */
  command: string;
  request: SpawnRequest;
  translator: OutputTranslator;
  /** Receives all output, in order (the session's transcript). */
  onText: (text: string) => void;
};

/**
 * A process started in the container for one command. Its terminal output (one merged
 * stream, with container paths turned back into /home/ubuntu) is kept until read and
 * streamed to listeners while they listen.
 */
export class RunningProcess {
  /** Set when this sandbox asked the container to kill it. */
  wasKilled = false;

  private constructor(
    readonly id: number,
    readonly command: string,
    /** Resolves with the exit code once the process has exited and all its output arrived. */
    readonly exited: Promise<number>,
    private readonly output: ProcessOutput,
  ) {}

  static async start(options: StartOptions): Promise<RunningProcess> {
    const output = new ProcessOutput(options.onText);
    const id = await options.connection.spawn(options.request, (raw) =>
      output.receive(options.translator.push(raw)),
    );
    const exited = options.connection.exit(id).then((code) => {
      output.receive(options.translator.end());
      return code;
    });
    exited.catch(() => undefined);
    return new RunningProcess(id, options.command, exited, output);
  }

  /** Passes output to `listener` as it arrives until the returned function is called. */
  stream(listener: (chunk: ExecChunk) => void): () => void {
    this.output.streams.add(listener);
    return () => this.output.streams.delete(listener);
  }

  /** The output since the last call. */
  takeUnread(): string {
    const text = this.output.unread;
    this.output.unread = '';
    return text;
  }

  /**
   * Resolves with the exit code when the process exits, or with null after `limitMs`
   * or, given `quietMs`, once output has arrived and then stopped for that long.
   */
  exitOrPause(limitMs: number, quietMs?: number): Promise<number | null> {
    return new Promise<number | null>((resolve, reject) => {
      let quietTimer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(limitTimer);
        clearTimeout(quietTimer);
        this.output.watchers.delete(onOutput);
      };
      const onOutput = () => {
        if (quietMs === undefined) return;
        clearTimeout(quietTimer);
        quietTimer = setTimeout(() => {
          settle();
          resolve(null);
        }, quietMs);
      };
      const limitTimer = setTimeout(() => {
        settle();
        resolve(null);
      }, limitMs);
      this.output.watchers.add(onOutput);
      this.exited.then(
        (code) => {
          settle();
          resolve(code);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }
}
