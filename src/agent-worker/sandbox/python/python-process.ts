import {
  type FileChanges,
  type PythonRequest,
  type PythonWorkerEndpoint,
  type PythonWorkerStarter,
  WorkerMessage,
} from '@/shared/protocol/python-messages.ts';

/** How long an interrupted run may take to unwind before its worker is restarted. */
export const INTERRUPT_GRACE_MS = 3000;

/** How often a stop is written again while the interrupted run has not ended. */
const INTERRUPT_REPEAT_MS = 50;

/** The exit code of a run ended by the sandbox closing (128 + SIGTERM, as a shell reports it). */
const CLOSED_EXIT_CODE = 143;

const CLOSED_MESSAGE = '\npython3: stopped: the sandbox closed while Python was running.\n';

export type PythonRunOptions = {
  cwd: string;
  stdin: Uint8Array;
  /** Called with the workspace changes to send, once the worker is up (fresh workers get everything). */
  files: (isFreshWorker: boolean) => Promise<FileChanges>;
  onOutput: (stream: 'stdout' | 'stderr', text: string) => void;
  signal?: AbortSignal;
};

/** How a run ended: its exit code, the files it changed, and whether its worker had to be restarted. */
export type PythonRunResult = { exitCode: number; files: FileChanges; wasRestarted: boolean };

type Running = {
  id: number;
  onMessage: (message: WorkerMessage) => void;
  /** Ends the run at once with `reason` on stderr and `exitCode` (the worker is already gone). */
  end: (reason: string, exitCode: number) => void;
};

type PythonWorker = {
  endpoint: PythonWorkerEndpoint;
  ready: Promise<void>;
  running: Running | null;
  /** Rejects `ready` (for runs still waiting on a worker that is going away). */
  fail: (error: Error) => void;
};

/**
 * The agent worker's handle on a Python worker: started on first use, one run at a time.
 * A stop or timeout interrupts Python through a shared buffer (KeyboardInterrupt) where
 * `SharedArrayBuffer` exists (a cross-origin isolated page, Node); otherwise, or when
 * Python does not unwind in time, the worker is terminated and a fresh one started later.
 */
export class PythonProcess {
  private worker: PythonWorker | null = null;
  private isClosed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly interrupt: Int32Array | null;
  private readonly interruptGraceMs: number;

  /**
   * `canShareMemory: false` stands for a page that is not cross-origin isolated (tests);
   * `interruptGraceMs` is how long an interrupted run may unwind before a restart.
   */
  constructor(
    private readonly starter: PythonWorkerStarter,
    options: { canShareMemory?: boolean; interruptGraceMs?: number } = {},
  ) {
    const canShare = options.canShareMemory ?? typeof SharedArrayBuffer === 'function';
    this.interrupt = canShare ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.interruptGraceMs = options.interruptGraceMs ?? INTERRUPT_GRACE_MS;
  }

  /** True when a stop raises KeyboardInterrupt instead of restarting the worker. */
  get canInterrupt(): boolean {
    return this.interrupt !== null;
  }

  /** Runs one request after the ones before it. */
  run(request: PythonRequest, options: PythonRunOptions): Promise<PythonRunResult> {
    const result = this.queue.then(() => this.runNow(request, options));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Terminates the worker (the sandbox is closing): a running command ends with a message
   * and exit code 143, and commands still queued, or started later, are rejected.
   */
  close(): void {
    this.isClosed = true;
    const worker = this.worker;
    if (!worker) return;
    this.stop(worker);
    worker.fail(new Error('Python was closed with its sandbox.'));
    worker.running?.end(CLOSED_MESSAGE, CLOSED_EXIT_CODE);
  }

  private async runNow(request: PythonRequest, options: PythonRunOptions): Promise<PythonRunResult> {
    if (this.isClosed) throw new Error('Python was closed with its sandbox.');
    if (options.signal?.aborted) return { exitCode: 130, files: emptyChanges(), wasRestarted: false };
    const isFresh = this.worker === null;
    const worker = this.start();
    await worker.ready;
    const files = await options.files(isFresh);
    if (this.isClosed) throw new Error('Python was closed with its sandbox.');
    const id = this.nextId++;
    return new Promise<PythonRunResult>((resolve) => {
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      let repeatTimer: ReturnType<typeof setInterval> | undefined;
      const finish = (result: PythonRunResult) => {
        clearTimeout(graceTimer);
        clearInterval(repeatTimer);
        // A Stop the run never read must not reach the next run, or a fresh worker's start.
        if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
        options.signal?.removeEventListener('abort', onAbort);
        worker.running = null;
        resolve(result);
      };
      const end = (reason: string, exitCode: number) => {
        options.onOutput('stderr', reason);
        finish({ exitCode, files: emptyChanges(), wasRestarted: true });
      };
      const restart = (reason: string, exitCode = 130) => {
        this.stop(worker);
        end(reason, exitCode);
      };
      const onAbort = () => {
        const interrupt = this.interrupt;
        if (interrupt) {
          // Written again until the run ends: CPython reads the buffer, then zeroes it, and a
          // write that falls between the two is lost (about 3 in 100 stops of a busy loop).
          // The prelude raises one KeyboardInterrupt per run, so the repeats are harmless.
          Atomics.store(interrupt, 0, 2);
          repeatTimer = setInterval(() => Atomics.store(interrupt, 0, 2), INTERRUPT_REPEAT_MS);
          graceTimer = setTimeout(
            () =>
              restart(
                '\nPython did not stop on KeyboardInterrupt: its worker was restarted; changes to files in this run are lost.\n',
              ),
            this.interruptGraceMs,
          );
        } else {
          restart(
            '\nPython was stopped by restarting its worker (this page is not cross-origin isolated, so it cannot be interrupted): changes to files in this run are lost, and packages installed with pip must be installed again.\n',
          );
        }
      };
      worker.running = {
        id,
        end,
        onMessage: (message) => {
          if (message.type === 'output' && message.id === id) options.onOutput(message.stream, message.text);
          else if (message.type === 'done' && message.id === id)
            finish({ exitCode: message.exitCode, files: message.files, wasRestarted: false });
          else if (message.type === 'load_failed')
            restart(`\npython: the Python worker failed: ${message.message}\n`, 1);
        },
      };
      // Cleared here, before the run is posted, so a stop that comes after is never lost.
      if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
      const transfer = files.writes.map((file) => file.content.buffer as ArrayBuffer);
      worker.endpoint.postMessage(
        { type: 'run', id, request, cwd: options.cwd, stdin: options.stdin, files },
        transfer,
      );
    });
  }

  private start(): PythonWorker {
    if (this.worker) return this.worker;
    const endpoint = this.starter.start();
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // A worker closed or failed before any run waited on it must not be an unhandled rejection.
    ready.catch(() => undefined);
    const worker: PythonWorker = {
      endpoint,
      ready,
      running: null,
      fail: (error) => settle?.reject(error),
    };
    endpoint.onMessage((raw) => {
      const parsed = WorkerMessage.safeParse(raw);
      const message: WorkerMessage = parsed.success
        ? parsed.data
        : { type: 'load_failed', message: `it sent an invalid message (${parsed.error.issues[0]?.message})` };
      if (message.type === 'ready') settle?.resolve();
      else if (message.type === 'load_failed') {
        settle?.reject(
          new Error(
            `Python could not load: ${message.message} (Python's files are fetched from this app the first time Python runs, then cached for offline use).`,
          ),
        );
        this.stop(worker);
      }
      worker.running?.onMessage(message);
    });
    endpoint.onError((message) => {
      settle?.reject(new Error(`Python could not start: ${message}`));
      worker.running?.onMessage({ type: 'load_failed', message });
      this.stop(worker);
    });
    // A fresh worker starts Python with no Stop pending (its prelude is not yet there to ignore one).
    if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
    endpoint.postMessage({
      type: 'init',
      indexUrl: this.starter.indexUrl,
      packageBaseUrl: this.starter.packageBaseUrl,
      interrupt: this.interrupt,
    });
    this.worker = worker;
    return worker;
  }

  private stop(worker: PythonWorker): void {
    worker.endpoint.terminate();
    if (this.worker === worker) this.worker = null;
  }
}

function emptyChanges(): FileChanges {
  return { deletes: [], directories: [], writes: [] };
}
