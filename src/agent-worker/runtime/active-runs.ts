import type { RunLocks } from './run-locks.ts';
import type { RunHandle } from './run-preparation.ts';

/** One run in progress: its stop, the person's Cancel of its retries, the messages sent meanwhile, its end. */
type ActiveRun = {
  controller: AbortController;
  /** The person's Cancel of a failed model request's retries (renewed after each Cancel). */
  retries: AbortController;
  queue: string[];
  done: Promise<void>;
};

/** What running a conversation means to the registry: the run itself, and what to do when one ends. */
export type RunHooks = {
  locks: RunLocks;
  /** The run: the conversation's loop, under its lock. */
  body: (handle: RunHandle) => Promise<void>;
  /** A run that threw: reported into the conversation. */
  onCrash: (conversationId: string, error: unknown) => Promise<void>;
  /** Messages sent while the run was ending, which it did not take (never dropped). */
  onLeftover: (conversationId: string, messages: string[], wasStopped: boolean) => void;
};

/**
 * The runs in progress in this worker, at most one per conversation: starting one (under
 * the conversation's Web Lock unless the caller holds it), holding the messages sent to
 * it meanwhile, its stop, the Cancel of its retries, and its end.
 */
export class ActiveRuns {
  private readonly runs = new Map<string, ActiveRun>();

  constructor(private readonly hooks: RunHooks) {}

  has(conversationId: string): boolean {
    return this.runs.has(conversationId);
  }

  /** Holds a message for the running loop (it takes it between steps); false when no run is active. */
  queue(conversationId: string, text: string): boolean {
    const run = this.runs.get(conversationId);
    run?.queue.push(text);
    return run !== undefined;
  }

  /** Starts a run; resolves when it ended. `holdsLock` when the caller already holds the conversation's lock. */
  launch(conversationId: string, holdsLock = false): Promise<void> {
    const controller = new AbortController();
    const queue: string[] = [];
    const run: ActiveRun = { controller, retries: new AbortController(), queue, done: Promise.resolve() };
    this.runs.set(conversationId, run);
    const body = () =>
      this.hooks.body({
        conversationId,
        signal: controller.signal,
        giveUpRetries: () => run.retries.signal,
        takeQueuedMessages: () => queue.splice(0),
      });
    run.done = (holdsLock ? body() : this.hooks.locks.hold(conversationId, body))
      .catch((error: unknown) => this.hooks.onCrash(conversationId, error))
      .finally(() => {
        if (this.runs.get(conversationId) === run) this.runs.delete(conversationId);
        const leftover = queue.splice(0);
        if (leftover.length > 0) this.hooks.onLeftover(conversationId, leftover, controller.signal.aborted);
      });
    return run.done;
  }

  /** Stops the conversation's run and waits for its end; false when none was active. */
  async stop(conversationId: string): Promise<boolean> {
    const run = this.runs.get(conversationId);
    if (!run) return false;
    run.controller.abort();
    await run.done;
    return true;
  }

  /**
   * Gives up the retries of the request waiting now (the run then pauses and asks); a later
   * request, if this one was already on its way, retries anew.
   */
  cancelRetries(conversationId: string): void {
    const run = this.runs.get(conversationId);
    if (!run) return;
    run.retries.abort();
    run.retries = new AbortController();
  }

  /** Resolves when the conversation has no run in progress. */
  async idle(conversationId: string): Promise<void> {
    await this.runs.get(conversationId)?.done;
  }
}
