/**
 * The secrets port: a tool reads a named key (a search provider's, an image API's) from
 * settings, where keys live and nowhere else. Every value handed out is remembered, and
 * the runtime redacts it from anything it writes or announces (envelopes, events,
 * progress, crash reports), so a key never reaches the log, a broadcast or a bundle.
 */
export interface SecretsPort {
  /** The key saved under `name`, or null when none is (the tool then says which setting to fill). */
  get(name: string): Promise<string | null>;
}

/** What a redacted key reads as. */
export function redactedSecret(name: string): string {
  return `[secret ${name} redacted]`;
}
