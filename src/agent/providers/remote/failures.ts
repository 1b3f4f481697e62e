import OpenAI from 'openai';
import type { ModelResult } from '../chat-messages.ts';

type Failure = Extract<ModelResult, { type: 'failure' }>;

/** What a 400 from a chat template that cannot take our history says about it, if it is one. */
export type TemplateRefusal = 'alternation' | 'system_role';

const ALTERNATION = /roles must alternate|must alternate user\/assistant/i;
const SYSTEM_ROLE = /system role (is )?not supported/i;
const WINDOW_EXCEEDED =
  /exceed_context_size|exceeds the available context|context (length|size|window) (is )?exceeded|maximum context length/i;

/** Whether a failure is a chat template refusing our message layout (a strict-alternation template, say). */
export function templateRefusalOf(failure: Failure): TemplateRefusal | null {
  if (failure.kind !== 'http' || failure.status !== 400) return null;
  if (SYSTEM_ROLE.test(failure.message)) return 'system_role';
  if (ALTERNATION.test(failure.message)) return 'alternation';
  return null;
}

/** The advice for a window too small, naming the setting of each kind of server. */
export function windowAdvice(): string {
  return `Give the model a larger window: start llama-server with a larger -c (16384 or more), set num_ctx in Ollama (or OLLAMA_CONTEXT_LENGTH), raise the context length in LM Studio, or vLLM's --max-model-len; or pick a model with a larger window in Settings.`;
}

/** Turns anything the SDK throws into a failure with a message a person can act on. */
export function describeFailure(error: unknown, signal: AbortSignal, baseUrl: string): Failure {
  if (signal.aborted || error instanceof OpenAI.APIUserAbortError) {
    return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return { type: 'failure', kind: 'network', message: `The model at ${baseUrl} did not answer in time.` };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return {
      type: 'failure',
      kind: 'network',
      message: `Could not reach ${baseUrl}. Check the address and your connection; a server that does not allow this site (CORS) is refused by the browser the same way.`,
    };
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const detail = error.message.replace(/^\d{3}\s*/, '');
    if (error.status === 400 && (WINDOW_EXCEEDED.test(detail) || WINDOW_EXCEEDED.test(String(error.type)))) {
      const body = error.error as { n_ctx?: unknown } | undefined;
      const window = typeof body?.n_ctx === 'number' ? body.n_ctx : null;
      const size = window === null ? '' : ` (${window.toLocaleString('en-US')} tokens)`;
      const message = `The request does not fit the model's context window${size}. ${windowAdvice()}`;
      return { type: 'failure', kind: 'http', status: 400, message };
    }
    const hint =
      error.status === 401 || error.status === 403
        ? ' Check the API key in Settings.'
        : error.status === 404
          ? ' Check the base URL and the model name in Settings.'
          : error.status === 429
            ? ' The provider is rate-limiting requests; wait a moment and send again.'
            : error.status >= 500
              ? ' The provider had a server error; try again later.'
              : '';
    return {
      type: 'failure',
      kind: 'http',
      status: error.status,
      message: `The model provider answered ${error.status}: ${detail}.${hint}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    type: 'failure',
    kind: 'invalid_response',
    message: `The model's response could not be read: ${message}`,
  };
}
