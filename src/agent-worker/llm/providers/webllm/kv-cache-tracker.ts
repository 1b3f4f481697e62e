import type { ChatCompletionFinishReason, ChatCompletionMessageParam } from '@mlc-ai/web-llm';

/** One message as web-llm's `Conversation` compares it: role and text. */
type ConversationEntry = { role: string; content: string };

/** What the engine's KV cache holds after a reply. */
type CachedConversation = { entries: ConversationEntry[]; tokens: number };

/** Token counts of one request, with what the KV cache already held. */
export type PromptAccounting = { promptTokens: number; cachedTokens: number };

/**
 * Mirrors web-llm's rule for reusing its KV cache (`MLCEngine.preparePrefillInput`),
 * so usage can be reported as the whole prompt with its cached part. web-llm's own
 * `prompt_tokens` counts only the tokens it prefilled, which after a reuse is just the
 * newest message; the loop's window estimate needs the whole prompt.
 *
 * The cache is reused when every message but the last equals the previous request's
 * messages plus the reply, and the previous reply was not cut short (`abort`, `length`).
 */
export class KvCacheTracker {
  private cached: CachedConversation | null = null;

  /** Accounts for a request whose engine-side messages are `messages`, prefilling `prefilledTokens`. */
  account(messages: readonly ChatCompletionMessageParam[], prefilledTokens: number): PromptAccounting {
    const history = entriesOf(messages.slice(0, -1));
    const isReused =
      this.cached !== null &&
      history.some((entry) => entry.role !== 'system') &&
      sameEntries(history, this.cached.entries);
    const cachedTokens = isReused && this.cached ? this.cached.tokens : 0;
    return { promptTokens: cachedTokens + prefilledTokens, cachedTokens };
  }

  /** Records the engine's state after a reply (or forgets it when the reply was cut short). */
  recordReply(
    messages: readonly ChatCompletionMessageParam[],
    reply: string,
    finishReason: ChatCompletionFinishReason | null,
    totalTokens: number,
  ): void {
    if (finishReason === 'abort' || finishReason === 'length' || finishReason === null) {
      this.cached = null;
      return;
    }
    this.cached = {
      entries: [...entriesOf(messages), { role: 'assistant', content: reply }],
      tokens: totalTokens,
    };
  }

  /** Forgets the engine's state (after a failure, a reload or an unload). */
  reset(): void {
    this.cached = null;
  }
}

function entriesOf(messages: readonly ChatCompletionMessageParam[]): ConversationEntry[] {
  return messages.map((message) => ({
    role: message.role,
    content: typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
  }));
}

function sameEntries(left: readonly ConversationEntry[], right: readonly ConversationEntry[]): boolean {
  return (
    left.length === right.length &&
    left.every((entry, index) => entry.role === right[index]?.role && entry.content === right[index]?.content)
  );
}
