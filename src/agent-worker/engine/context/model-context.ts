import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { ChatMessage } from '../../llm/chat-messages.ts';
import { ContextMessages, type ContextTexts, compactedThroughSeq } from './context-builder.ts';
import { estimateTokens, type ReportedPrompt } from './context-compaction.ts';
import { fullObservation, needsSavedObservation, observationPath } from './observation.ts';

/**
 * The messages the model is sent, kept in step with the event log: extended as events
 * are appended (never rebuilt, so each request extends the previous one), and rebuilt
 * only when a compaction is recorded. Renders the log exactly as `buildMessages` does.
 * Tracks its own size for the window estimate.
 */
export class ModelContext {
  private messages: ContextMessages;
  private lastReported: ReportedPrompt | null = null;

  constructor(
    private readonly texts: ContextTexts,
    /** Characters of the constant part of every request (the tool list). */
    private readonly fixedChars: number,
    events: readonly StoredEvent[],
  ) {
    this.messages = this.rebuild(events);
  }

  /** The messages for the next request (a copy). */
  snapshot(): ChatMessage[] {
    return [...this.messages.messages];
  }

  /** Characters of the next request (messages and tool list). */
  size(): number {
    return this.fixedChars + this.messages.chars;
  }

  /** Takes in newly appended events; `all` is the whole log, used when a compaction was among them. */
  extend(appended: readonly StoredEvent[], all: readonly StoredEvent[]): void {
    if (appended.some((event) => event.body.type === 'compaction')) {
      this.messages = this.rebuild(all);
      return;
    }
    for (const event of appended) this.messages.append(event);
  }

  /** Remembers what the API counted for a request of `requestChars` characters. */
  recordPromptTokens(requestChars: number, promptTokens: number): void {
    this.lastReported = { contextChars: requestChars, promptTokens };
  }

  /** The next request's size in tokens (estimated). */
  estimatedTokens(): number {
    return estimateTokens(this.size(), this.lastReported);
  }

  private rebuild(events: readonly StoredEvent[]): ContextMessages {
    // The API's last count described the longer context; estimate afresh.
    this.lastReported = null;
    return ContextMessages.fromLog(this.texts, events);
  }
}

/** Envelopes among `bodies` whose observation the context shows as an excerpt. */
export function oversizedEnvelopes(bodies: readonly EventBody[]): Envelope[] {
  return bodies.flatMap((body) =>
    body.type === 'envelope' &&
    body.toolCallId !== null &&
    needsSavedObservation(body.envelope, body.role ?? null)
      ? [body.envelope]
      : [],
  );
}

/** Writes each envelope's whole observation to the file its excerpt names. */
export async function saveObservations(sandbox: SandboxPort, envelopes: readonly Envelope[]): Promise<void> {
  for (const envelope of envelopes) {
    await sandbox.writeFile(observationPath(envelope.uuid), fullObservation(envelope));
  }
}

/**
 * Writes the file of every observation the context shows as an excerpt whose file is
 * missing (envelopes recorded before excerpts existed, or imported from a bundle), so
 * every `full_observation` path the model reads can be opened. Nothing to do, and the
 * sandbox is not opened, when no observation is excerpted.
 */
export async function restoreMissingObservations(
  events: readonly StoredEvent[],
  openSandbox: () => Promise<SandboxPort>,
): Promise<void> {
  const compactedThrough = compactedThroughSeq(events);
  const excerpted = events.flatMap((event) =>
    event.body.type === 'envelope' &&
    event.body.toolCallId !== null &&
    needsSavedObservation(event.body.envelope, event.body.role ?? null, event.seq <= compactedThrough)
      ? [event.body.envelope]
      : [],
  );
  if (excerpted.length === 0) return;
  const sandbox = await openSandbox();
  for (const envelope of excerpted) {
    if (!(await sandbox.stat(observationPath(envelope.uuid)))) await saveObservations(sandbox, [envelope]);
  }
}
