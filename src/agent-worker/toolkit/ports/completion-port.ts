import type { TokenUsage } from '@/shared/protocol/events.ts';
/**
 * The completion port: one request to the conversation's own model, outside the run's
 * context (no history, no tools of the run), for a tool that needs the model's words —
 * structured output from a JSON Schema, or an extraction from a page. The provider's key
 * never appears in what it returns; failures come back as `{ error }`, never thrown.
 */

/** A JSON Schema (an object), as the model is shown it. */
export type CompletionSchema = Record<string, unknown>;

export type CompletionRequest = {
  system: string;
  user: string;
  /** When given, the reply is one JSON value matching it (the text is that JSON). */
  schema?: CompletionSchema;
};

export type CompletionResult =
  /** `usage`: the tokens the request spent, as the API reported them (absent: not reported). */
  | { text: string; model: string; usage?: TokenUsage }
  /** Why there is no reply, in words a person can act on. */
  | { error: string };

export interface CompletionPort {
  complete(request: CompletionRequest, signal: AbortSignal): Promise<CompletionResult>;
}
