import type { ModelProvider, ModelRequest, ToolSpec } from '../../llm/chat-messages.ts';
import { type RetryPolicy, sendWithRetries } from '../../llm/model-retries.ts';
import type { CompletionPort, CompletionSchema } from './completion-port.ts';

/** The one function a structured completion offers, and forces. */
const STRUCTURED_OUTPUT = 'structured_output';

/**
 * The completion port over the run's own provider: a system and a user message, and with
 * a schema, one forced call of a `structured_output` function whose parameters are that
 * schema (a schema whose root is not an object is wrapped as `{response: …}` and unwrapped
 * again). `hidden` are strings (the provider's key) removed from every error message.
 * A passing failure is sent again as the run's own requests are (`retries`: the run's
 * policy and its Cancel), quietly: the tool's action is the row that shows it working.
 * Without a provider every request answers that there is none.
 */
export function createModelCompletion(
  provider: ModelProvider | null,
  hidden: readonly string[] = [],
  retries: { policy: RetryPolicy; giveUp: () => AbortSignal } | null = null,
): CompletionPort {
  const scrub = (text: string) =>
    hidden.reduce(
      (result, secret) => (secret.length >= 4 ? result.split(secret).join('[redacted]') : result),
      text,
    );
  return {
    async complete(request, signal) {
      if (!provider) return { error: 'No model provider is available to this tool.' };
      const wrapped = request.schema ? objectRoot(request.schema) : null;
      const tools: ToolSpec[] = wrapped
        ? [
            {
              type: 'function',
              function: {
                name: STRUCTURED_OUTPUT,
                description: 'Give your answer as the arguments of this function, matching its schema.',
                parameters: wrapped.schema,
              },
            },
          ]
        : [];
      const modelRequest: ModelRequest = {
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        tools,
        calls: wrapped
          ? [{ tool: STRUCTURED_OUTPUT, actionType: STRUCTURED_OUTPUT, parameters: wrapped.schema }]
          : [],
        forced: wrapped ? { tool: STRUCTURED_OUTPUT, actionType: STRUCTURED_OUTPUT } : null,
        signal,
      };
      const send = () => provider.respond(modelRequest);
      const { result } = retries
        ? await sendWithRetries({
            send,
            record: async () => undefined,
            policy: retries.policy,
            signal,
            giveUp: retries.giveUp(),
            now: Date.now,
          })
        : { result: await send() };
      if (result.type === 'failure')
        return { error: scrub(`The model request failed (${result.kind}): ${result.message}`) };
      const spent = result.usage ? { usage: result.usage } : {};
      if (!wrapped) return { text: result.text, model: result.model, ...spent };
      const call = result.toolCalls.find((candidate) => candidate.name === STRUCTURED_OUTPUT);
      const raw = call?.arguments ?? result.text;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return { error: scrub(`The model did not answer with JSON: ${raw.slice(0, 500)}`) };
      }
      const unwrapped =
        wrapped.isWrapped && typeof value === 'object' && value !== null
          ? (value as { response?: unknown }).response
          : value;
      return { text: JSON.stringify(unwrapped), model: result.model, ...spent };
    },
  };
}

/** The schema as a function's parameters: an object root as it is, anything else as `{response: schema}`. */
function objectRoot(schema: CompletionSchema): { schema: CompletionSchema; isWrapped: boolean } {
  if (schema.type === 'object') return { schema, isWrapped: false };
  return {
    schema: { type: 'object', properties: { response: schema }, required: ['response'] },
    isWrapped: true,
  };
}
