import type { ModelResult } from '../../chat-messages.ts';

/**
 * The most a single reply may stream, in characters of text and tool-call arguments:
 * four times the largest output any current model is allowed (128k tokens ≈ 512k
 * characters), so only a server that never ends its reply reaches it.
 */
export const MAX_REPLY_CHARS = 2_000_000;

type Failure = Extract<ModelResult, { type: 'failure' }>;

/**
 * Watches one streamed reply after its headers arrived, where the SDK's own timeout no
 * longer applies: a server that goes silent mid-reply for `idleMs`, or one that streams
 * past `maxChars` without ending, has its request aborted through `signal`, and
 * `failure` then says which, in words a person can act on. Keep-alive chunks that carry
 * nothing do not count as progress.
 */
export class StreamGuard {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chars = 0;
  private tripped: Failure | null = null;

  constructor(
    private readonly limits: { idleMs: number; maxChars?: number },
    private readonly baseUrl: string,
  ) {}

  /** Aborted when the guard trips (combine it with the person's stop signal). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the reply was cut, once the guard tripped; null otherwise. */
  get failure(): Failure | null {
    return this.tripped;
  }

  /** Starts the idle clock (when the reply's headers are in). */
  start(): void {
    this.arm();
  }

  /** Something arrived: `chars` characters of text or arguments (0 for usage alone). */
  progressed(chars: number): void {
    if (this.tripped) return;
    this.chars += chars;
    const maxChars = this.limits.maxChars ?? MAX_REPLY_CHARS;
    if (this.chars > maxChars) {
      this.trip(
        'invalid_response',
        `The model at ${this.baseUrl} streamed more than ${maxChars.toLocaleString('en-US')} characters in one reply without ending it, so the reply was stopped and dropped. The server may be stuck repeating itself: check the model, or lower its maximum output in the server's settings.`,
      );
      return;
    }
    this.arm();
  }

  /** The reply ended (or failed): the clock stops. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const seconds = Math.round(this.limits.idleMs / 1000);
      this.trip(
        'network',
        `The model at ${this.baseUrl} stopped sending in the middle of its reply (nothing for ${seconds} s), so the reply was dropped.`,
      );
    }, this.limits.idleMs);
  }

  private trip(kind: Failure['kind'], message: string): void {
    this.dispose();
    // A stall may pass (the loop sends the request again); a reply that never ends will not.
    this.tripped = { type: 'failure', kind, message, ...(kind === 'network' ? { transient: true } : {}) };
    this.controller.abort(new Error(message));
  }
}
