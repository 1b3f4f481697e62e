import type { TokenUsage, ToolCall } from '../../shared/protocol/events.ts';
import type { CallShape } from './call-shapes.ts';
import type { JsonSchema } from './model-schema.ts';

/** A part of a user message with images (OpenAI's shapes): text, or an image as a `data:` URL. */
export type UserContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

/** The chat messages the context builder produces (OpenAI's shapes, provider-neutral). */
export type ChatMessage =
  | { role: 'system'; content: string }
  /** Parts only when the message shows images (what a `view` showed a model that sees them). */
  | { role: 'user'; content: string | UserContentPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** One tool as offered to the model. */
export type ToolSpec = {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
};

/** The call a step is forced to: a tool and one of its actions (`message.info`). */
export type ForcedCall = { tool: string; actionType: string };

/**
 * One model request: the whole context, the constant tool list, the same tools as call
 * shapes (one per action, for generation under a grammar) and the call forced by
 * masking, if any.
 */
export type ModelRequest = {
  messages: ChatMessage[];
  tools: ToolSpec[];
  calls: readonly CallShape[];
  forced: ForcedCall | null;
  signal: AbortSignal;
};

/** Progress while a response streams in. */
export type ModelProgress =
  | { type: 'request_sent' }
  | { type: 'text_delta'; delta: string }
  | { type: 'tool_call_started'; index: number; name: string }
  /** The reply so far is dropped and the request sent again another way (what streamed is void). */
  | { type: 'attempt_discarded' };

/** Why a request failed; `engine` is an in-browser engine's own failure (no model, out of memory, window full). */
export type ModelFailureKind = 'cancelled' | 'network' | 'http' | 'invalid_response' | 'engine';

/**
 * What a provider found out about its server and now does differently, for the thread: in
 * plain words (`text`: what happened, what the person can do), and the finding as it is
 * recorded on the saved provider (`details`).
 */
export type ServerAdaptation = { text: string; details: string };

/** The end of one model request. Providers never throw once called: failures arrive here. */
export type ModelResult =
  | {
      type: 'response';
      text: string;
      toolCalls: ToolCall[];
      usage: TokenUsage | null;
      model: string;
      /** What the provider found out about its server on this request and now does differently (for a notice). */
      adaptation?: ServerAdaptation;
      /** `ignored`: the step was forced, but the server does not force (the runtime then accepts an opening call). */
      forcing?: 'ignored';
      /** Tokens of a reply dropped on the way (the request was sent again another way): they were spent too. */
      extraUsage?: TokenUsage;
    }
  | {
      type: 'failure';
      kind: ModelFailureKind;
      message: string;
      status?: number;
      /**
       * Something passing (a refused or dropped connection, a reply cut or stalled mid-way,
       * 408/409/429/5xx): the same request may well succeed if sent again a little later.
       */
      transient?: boolean;
      /** How long the server asked to wait before the next request (`Retry-After`), in ms. */
      retryAfterMs?: number;
      /** The window the server said it has, when it refused a request as too long for it. */
      windowTokens?: number;
      /** As on a response: what was found out about the server before this failure. */
      adaptation?: ServerAdaptation;
    };

/** A language model behind one interface: a request in, one result out, progress on the way. */
export interface ModelProvider {
  respond(request: ModelRequest, onProgress?: (progress: ModelProgress) => void): Promise<ModelResult>;
}
