import OpenAI from 'openai';
import type { ModelResult } from '../../chat-messages.ts';

type Failure = Extract<ModelResult, { type: 'failure' }>;

/** What a 400 from a chat template that cannot take our history says about it, if it is one. */
export type TemplateRefusal = 'alternation' | 'system_role' | 'tool_calls' | 'template';

const ALTERNATION = /roles must alternate|must alternate user\/assistant/i;
const SYSTEM_ROLE = /system role (is )?not supported/i;
/** A template that refuses our tool calls' shape (Mistral's nine-character ids, "only single tool-calls"…). */
const TOOL_CALL_SHAPE = /tool[ _-]?call ?ids?|tool[ _-]?calls? (at once|are not supported)|tool role/i;
/** Any other exception a chat template raised on our messages (llama.cpp quotes the template's own words). */
const TEMPLATE_EXCEPTION = /Jinja Exception|raise_exception|chat template/i;
const WINDOW_EXCEEDED =
  /exceed_context_size|exceeds the available context|context (length|size|window) (is )?exceeded|maximum context length/i;

/** HTTP statuses worth sending the same request again for: timeout, conflict, too early, rate limit, server errors. */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429]);

/** Whether a failure is a chat template refusing our message layout (a strict-alternation template, say). */
export function templateRefusalOf(failure: Failure): TemplateRefusal | null {
  if (failure.kind !== 'http' || failure.status !== 400) return null;
  if (SYSTEM_ROLE.test(failure.message)) return 'system_role';
  if (ALTERNATION.test(failure.message)) return 'alternation';
  if (TOOL_CALL_SHAPE.test(failure.message)) return 'tool_calls';
  if (TEMPLATE_EXCEPTION.test(failure.message)) return 'template';
  return null;
}

/**
 * The advice for a window too small, naming the setting of each kind of server; with the
 * window the model has now, it asks for more than that (never for what it already has).
 */
export function windowAdvice(currentWindow: number | null = null): string {
  const ask =
    currentWindow === null
      ? 'a larger -c (16384 or more)'
      : `a -c larger than its ${currentWindow.toLocaleString('en-US')}`;
  return `Give the model a larger window: start llama-server with ${ask}, set num_ctx in Ollama (or OLLAMA_CONTEXT_LENGTH), raise the context length in LM Studio, or vLLM's --max-model-len; or pick a model with a larger window in Settings.`;
}

/** The wait a reply asks for before the next request (`retry-after-ms`, `retry-after` in seconds or as a date). */
export function retryAfterMsOf(headers: Headers | undefined, now = Date.now()): number | undefined {
  const inMs = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(inMs) && inMs > 0) return inMs;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A reply that broke off after its headers: the connection dropped, or it ended without finishing. */
export function cutReplyFailure(baseUrl: string, error: unknown): Failure {
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return {
    type: 'failure',
    kind: 'network',
    transient: true,
    message: `The connection to the model at ${baseUrl} broke in the middle of its reply${reason}; what had arrived was dropped.`,
  };
}

/** Turns anything the SDK throws into a failure with a message a person can act on. */
export function describeFailure(error: unknown, signal: AbortSignal, baseUrl: string): Failure {
  if (signal.aborted || error instanceof OpenAI.APIUserAbortError) {
    return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return {
      type: 'failure',
      kind: 'network',
      transient: true,
      message: `The model at ${baseUrl} did not answer in time.`,
    };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? (error.cause.message ?? '') : '';
    return {
      type: 'failure',
      kind: 'network',
      transient: true,
      message: `Could not reach ${baseUrl}${cause ? ` (${cause})` : ''}. Check that the server is running and the address is right; a server that does not allow this site (CORS) is refused by the browser the same way.`,
    };
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    return httpFailure(error, baseUrl);
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    type: 'failure',
    kind: 'invalid_response',
    message: `The model's response could not be read: ${message}`,
  };
}

function httpFailure(error: InstanceType<typeof OpenAI.APIError>, baseUrl: string): Failure {
  const status = error.status as number;
  const detail = error.message.replace(/^\d{3}\s*/, '');
  if (status === 400 && (WINDOW_EXCEEDED.test(detail) || WINDOW_EXCEEDED.test(String(error.type)))) {
    const body = error.error as { n_ctx?: unknown } | undefined;
    const window = typeof body?.n_ctx === 'number' && body.n_ctx > 0 ? body.n_ctx : null;
    const size = window === null ? '' : ` (${window.toLocaleString('en-US')} tokens)`;
    const message = `The request does not fit the model's context window${size}. ${windowAdvice(window)}`;
    return {
      type: 'failure',
      kind: 'http',
      status: 400,
      message,
      ...(window ? { windowTokens: window } : {}),
    };
  }
  const transient = TRANSIENT_STATUSES.has(status) || status >= 500;
  const hint =
    status === 401 || status === 403
      ? ` Check the API key of this provider in Settings → Providers (${baseUrl}).`
      : status === 404
        ? ` Check the Base URL (${baseUrl}) and the model name in Settings → Providers.`
        : status === 429
          ? ' The provider is limiting how fast requests may come.'
          : status >= 500
            ? ' The provider had a server error.'
            : '';
  const retryAfterMs = transient ? retryAfterMsOf(error.headers) : undefined;
  return {
    type: 'failure',
    kind: 'http',
    status,
    message: `The model provider answered ${status}: ${detail}.${hint}`,
    ...(transient ? { transient: true } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}
