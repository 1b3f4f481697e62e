/**
 * Runs commands one at a time per conversation: each waits for every earlier command
 * on the same conversation, whether that one succeeded or failed. Check-then-act
 * sequences (is a question open? then answer it) stay atomic within a worker.
 */
export class CommandQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every earlier command on `conversationId` has finished. */
  exclusive<T>(conversationId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(conversationId) ?? Promise.resolve();
    const result = previous.then(task, task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(conversationId, settled);
    void settled.then(() => {
      if (this.tails.get(conversationId) === settled) this.tails.delete(conversationId);
    });
    return result;
  }
}
