import type { WebContainerProcess } from '@webcontainer/api';
import * as Comlink from 'comlink';
import type { SpawnRequest } from '@/shared/protocol/node-runtime-messages.ts';
import type { ContainerApi } from './container-api.ts';

type OutputListener = (text: string) => void | Promise<void>;

type Tracked = {
  /** Null once the process has exited. */
  process: WebContainerProcess | null;
  input: WritableStreamDefaultWriter<string> | null;
  exit: Promise<number>;
};

/** How long a process's output may keep arriving after its exit before the exit is reported. */
const OUTPUT_GRACE_MS = 1_000;

/** The pseudo-terminal size processes get (wide enough that tools do not wrap early). */
const TERMINAL_SIZE = { cols: 120, rows: 40 };

/**
 * The processes the host started, by id. Each process's terminal output is handed to
 * its listener chunk by chunk, awaiting each delivery, so the listener sees it in order
 * and entirely before `exit` resolves.
 */
export class ContainerProcesses {
  private readonly processes = new Map<number, Tracked>();
  private nextId = 1;

  constructor(private readonly container: () => ContainerApi) {}

  async spawn(request: SpawnRequest, onOutput: OutputListener): Promise<number> {
    const process = await this.container().spawn(request.command, request.args, {
      cwd: request.cwd,
      env: request.env,
      terminal: TERMINAL_SIZE,
    });
    const id = this.nextId++;
    const delivered = deliverOutput(process.output, onOutput);
    const tracked: Tracked = { process, input: process.input.getWriter(), exit: Promise.resolve(0) };
    tracked.exit = process.exit.then(async (code) => {
      await Promise.race([delivered, delay(OUTPUT_GRACE_MS)]);
      tracked.input?.releaseLock();
      tracked.process = null;
      tracked.input = null;
      releaseProxy(onOutput);
      return code;
    });
    this.processes.set(id, tracked);
    return id;
  }

  exit(id: number): Promise<number> {
    return this.require(id).exit;
  }

  async write(id: number, text: string): Promise<void> {
    const { input } = this.require(id);
    if (!input) throw new Error(`Process ${id} has exited; it takes no more input.`);
    await input.write(text);
  }

  kill(id: number): void {
    this.require(id).process?.kill();
  }

  private require(id: number): Tracked {
    const tracked = this.processes.get(id);
    if (!tracked) throw new Error(`No process ${id} was started.`);
    return tracked;
  }
}

/** Reads the stream to its end; once the listener fails (the worker is gone) the rest is drained unread. */
async function deliverOutput(output: ReadableStream<string>, onOutput: OutputListener): Promise<void> {
  const reader = output.getReader();
  let isListening = true;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (!isListening || !value) continue;
      try {
        await onOutput(value);
      } catch {
        isListening = false;
      }
    }
  } catch {
    // The stream errored: there is no more output to deliver.
  }
}

/** Frees the message port of a listener that crossed a comlink boundary (a no-op for a local one). */
function releaseProxy(listener: OutputListener): void {
  const remote = listener as Partial<Comlink.ProxyMethods>;
  remote[Comlink.releaseProxy]?.();
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
