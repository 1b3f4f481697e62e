import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ProviderProfile, ServerCapabilities, ToolCallMode } from '../../protocol/providers.ts';
import type { AgentSettings } from '../../protocol/settings.ts';
import type { ModelProgress, ModelProvider, ModelRequest, ModelResult } from './chat-messages.ts';
import { parseGeneratedCalls } from './constrained/generated-calls.ts';
import { withFinding } from './remote/capabilities.ts';
import { describeFailure, templateRefusalOf } from './remote/failures.ts';
import { constrainedBody, nativeBody } from './remote/request-bodies.ts';
import { readStream, type StreamedReply } from './remote/stream-reader.ts';

type ProviderOptions = Pick<ProviderProfile, 'baseUrl' | 'apiKey' | 'model'> &
  Pick<AgentSettings, 'maxRetries' | 'requestTimeoutMs'> & {
    /** Injected for tests; defaults to the global fetch. */
    fetch?: typeof fetch;
    /** The person's choice; `auto` adapts to what replies show. Defaults to native. */
    mode?: ToolCallMode;
    /** What is known about the server (how to call it now); absent: as `mode` says, with a system message. */
    capabilities?: ServerCapabilities | null;
    /** Told (and awaited) whenever a reply teaches something about the server, to keep it. */
    onLearned?: (capabilities: ServerCapabilities) => Promise<void> | void;
    newCallId?: () => string;
    now?: () => number;
  };

type CallMode = 'native' | 'constrained';

/**
 * A provider for any OpenAI-compatible chat completions API, through the `openai` SDK
 * (streaming, its retries with backoff for network errors, 408/409/429 and 5xx), in one
 * of two ways: native tool calls, or calls generated under a JSON-schema grammar
 * (constrained; see `request-bodies.ts`). In `auto`, a server found ignoring a forced
 * step's `tool_choice`, answering a required call in plain text, or refusing our message
 * layout (a strict-alternation template) is switched to constrained on the spot: the
 * same request is sent again that way, and the reply says what was detected.
 */
export function createOpenAiCompatibleProvider(options: ProviderOptions): ModelProvider {
  const mode = options.mode ?? 'native';
  const now = options.now ?? Date.now;
  const newCallId = options.newCallId ?? (() => `call_${crypto.randomUUID()}`);
  let notifyRequestSent: (() => void) | undefined;
  const client = new OpenAI({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: options.apiKey || 'no-key',
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries,
    timeout: options.requestTimeoutMs,
    // Wrapped to tell the loop the moment a request leaves (its step-overhead measure).
    fetch: (url, init) => {
      notifyRequestSent?.();
      return (options.fetch ?? globalThis.fetch)(url, init);
    },
  });
  let state: ServerCapabilities = options.capabilities ?? {
    baseUrl: options.baseUrl,
    model: options.model,
    toolCalls: mode === 'constrained' ? 'constrained' : 'native',
    forcing: mode === 'constrained' ? 'by_grammar' : 'by_name',
    windowTokens: null,
    vision: null,
    systemRole: true,
    findings: [],
    learnedAt: now(),
  };

  const learn = async (
    changes: Partial<Pick<ServerCapabilities, 'toolCalls' | 'forcing' | 'systemRole'>>,
    finding: string,
  ) => {
    state = withFinding(state, changes, finding, now());
    await options.onLearned?.(state);
  };

  const attempt = async (
    request: ModelRequest,
    callMode: CallMode,
    onProgress?: (progress: ModelProgress) => void,
  ): Promise<ModelResult> => {
    let body: ChatCompletionCreateParamsStreaming;
    try {
      // A request without tools is plain text in either mode.
      body =
        callMode === 'native' || request.tools.length === 0
          ? nativeBody(request, options.model)
          : constrainedBody(request, options.model, { systemRole: state.systemRole });
    } catch (error) {
      return describeFailure(error, request.signal, options.baseUrl);
    }
    notifyRequestSent = () => onProgress?.({ type: 'request_sent' });
    try {
      const stream = await client.chat.completions.create(body, { signal: request.signal });
      const readMode = request.tools.length === 0 ? 'native' : callMode;
      const reply = await readStream(stream, options.model, readMode, onProgress);
      // An abort can end the stream quietly, leaving a partial tool call behind.
      if (request.signal.aborted)
        return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
      return readMode === 'native' ? nativeResponse(reply, newCallId) : constrainedResponse(reply, newCallId);
    } catch (error) {
      return describeFailure(error, request.signal, options.baseUrl);
    }
  };

  /** Sends `request` again, constrained, after `finding`; the reply carries the finding. */
  const retryConstrained = async (
    request: ModelRequest,
    finding: string,
    onProgress?: (progress: ModelProgress) => void,
  ): Promise<ModelResult> => {
    const retried = await attempt(request, 'constrained', onProgress);
    return retried.type === 'response' ? { ...retried, adaptation: finding } : retried;
  };

  return {
    async respond(request, onProgress) {
      const callMode = state.toolCalls;
      const result = await attempt(request, callMode, onProgress);
      if (callMode !== 'native') return result;
      const server = `The model server at ${options.baseUrl}`;
      if (result.type === 'failure') {
        const refusal = templateRefusalOf(result);
        if (refusal === null || mode !== 'auto') return result;
        const finding = `${server} refused the conversation's layout (${refusal === 'system_role' ? 'its chat template takes no system message' : 'its chat template demands strict user/assistant alternation'}). Tool calls are now made in constrained mode: the history as alternating text, the call under a JSON-schema grammar.`;
        await learn(
          {
            toolCalls: 'constrained',
            forcing: 'by_grammar',
            ...(refusal === 'system_role' ? { systemRole: false } : {}),
          },
          finding,
        );
        return retryConstrained(request, finding, onProgress);
      }
      const forced = request.forced;
      const [first] = result.toolCalls;
      if (forced === null || first?.name === forced.tool) return result;
      const finding = first
        ? `${server} ignored a forced step: asked for \`${forced.tool}\` by name (tool_choice), it called \`${first.name}\`. Forced steps are now held by a JSON-schema grammar (constrained mode).`
        : `${server} answered in plain text where a call of \`${forced.tool}\` was required: its chat template seems to have no tool support. Tool calls are now generated under a JSON-schema grammar (constrained mode).`;
      if (mode !== 'auto') {
        if (state.forcing !== 'none')
          await learn(
            { forcing: 'none' },
            `${server} does not force a named tool_choice; in native mode, forced steps are not forced.`,
          );
        return { ...result, forcing: 'ignored' };
      }
      await learn({ toolCalls: 'constrained', forcing: 'by_grammar' }, finding);
      const retried = await retryConstrained(request, finding, onProgress);
      if (retried.type === 'response' || retried.kind === 'cancelled') return retried;
      const fallback = `${server} refused a JSON-schema response_format too (${retried.message}). Tool calls stay native, and forced steps are not forced.`;
      await learn({ toolCalls: 'native', forcing: 'none' }, fallback);
      return { ...result, forcing: 'ignored', adaptation: fallback };
    },
  };
}

function nativeResponse(reply: StreamedReply, newCallId: () => string): ModelResult {
  return {
    type: 'response',
    text: reply.text,
    // Servers that omit ids get unique ones: ids must not repeat across the conversation.
    toolCalls: reply.calls.map((call) => ({
      id: call.id || newCallId(),
      name: call.name,
      arguments: call.arguments,
    })),
    usage: reply.usage,
    model: reply.model,
  };
}

/**
 * A constrained reply is the call as JSON. A server that ignored the grammar may have
 * written prose instead: that stays text (the runtime recovers a call written inside it,
 * or tells the model to call a tool).
 */
function constrainedResponse(reply: StreamedReply, newCallId: () => string): ModelResult {
  const text = reply.text.trim();
  const isCall = text.startsWith('{') || text.startsWith('[');
  return {
    type: 'response',
    text: isCall ? '' : reply.text,
    toolCalls: isCall ? parseGeneratedCalls(text, 'object', newCallId) : [],
    usage: reply.usage,
    model: reply.model,
  };
}
