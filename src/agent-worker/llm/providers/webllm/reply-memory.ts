/** Replies kept at most; older ones are forgotten first (they only matter while their KV cache lives). */
const DEFAULT_CAPACITY = 512;

/**
 * The exact text the engine generated for each tool call it produced, by call id.
 *
 * web-llm reuses its KV cache only when the history it is sent repeats its previous
 * reply byte for byte. The event log keeps a call as name + arguments, which the
 * model may have written with other spacing; writing the history back from this
 * memory keeps the prompt identical to what the engine holds.
 */
export class ReplyMemory {
  private readonly replies = new Map<string, string>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  remember(callId: string, text: string): void {
    this.replies.delete(callId);
    this.replies.set(callId, text);
    while (this.replies.size > this.capacity) {
      const oldest = this.replies.keys().next().value;
      if (oldest === undefined) break;
      this.replies.delete(oldest);
    }
  }

  /** The generated text of the reply that made `callId`, if this engine produced it. */
  recall(callId: string): string | undefined {
    return this.replies.get(callId);
  }

  clear(): void {
    this.replies.clear();
  }
}
