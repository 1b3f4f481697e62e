import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ToolCall } from '@/shared/protocol/events.ts';
import type { ProviderSetup, ServerCapabilities, ToolCallMode } from '@/shared/protocol/providers.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';
import type {
  ForcedCall,
  ModelProgress,
  ModelProvider,
  ModelRequest,
  ModelResult,
  ServerAdaptation,
} from '../chat-messages.ts';
import { parseGeneratedCalls } from './constrained/generated-calls.ts';
import { ADAPTATION_WORDS } from './remote/adaptation-words.ts';
import { underMode, withFinding } from './remote/capabilities.ts';
import { cutReplyFailure, describeFailure, templateRefusalOf } from './remote/failures.ts';
import { constrainedBody, nativeBody } from './remote/request-bodies.ts';
import { StreamGuard } from './remote/stream-guard.ts';
import { readStream, type StreamedReply } from './remote/stream-reader.ts';

type ProviderOptions = Pick<ProviderSetup, 'baseUrl' | 'apiKey' | 'model'> &
  Pick<AgentSettings, 'requestTimeoutMs'> & {
    /** Injected for tests; defaults to the global fetch. */
    fetch?: typeof fetch;
    /** A reply that stops mid-stream this long is dropped (defaults to `requestTimeoutMs`). */
    streamIdleMs?: number;
    /** A reply longer than this many characters is dropped (defaults to `MAX_REPLY_CHARS`). */
    maxReplyChars?: number;
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
 * (streaming; its own retries are off: a passing failure comes back marked `transient`,
 * and the loop sends the request again where the person sees it, see `model-retries.ts`),
 * in one of two ways: native tool calls, or calls generated under a JSON-schema grammar
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
    maxRetries: 0,
    timeout: options.requestTimeoutMs,
    // Wrapped to tell the loop the moment a request leaves (its step-overhead measure).
    fetch: (url, init) => {
      notifyRequestSent?.();
      return (options.fetch ?? globalThis.fetch)(url, init);
    },
  });
  let state: ServerCapabilities = options.capabilities
    ? underMode(options.capabilities, mode)
    : {
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
    changes: Partial<Pick<ServerCapabilities, 'toolCalls' | 'forcing' | 'systemRole' | 'windowTokens'>>,
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
    // The SDK's timeout ends at the reply's headers; the guard watches the stream after them.
    const guard = new StreamGuard(
      {
        idleMs: options.streamIdleMs ?? options.requestTimeoutMs,
        ...(options.maxReplyChars ? { maxChars: options.maxReplyChars } : {}),
      },
      options.baseUrl,
    );
    const signal = AbortSignal.any([request.signal, guard.signal]);
    const readMode = request.tools.length === 0 ? 'native' : callMode;
    try {
      const stream = await client.chat.completions.create(body, { signal });
      guard.start();
      let reply: StreamedReply;
      try {
        reply = await readStream(
          stream,
          options.model,
          readMode,
          onProgress,
          (chars) => guard.progressed(chars),
          signal,
        );
      } catch (error) {
        // After the headers, a throw that is not a stop or the guard is the connection breaking.
        if (request.signal.aborted || guard.failure || error instanceof OpenAI.APIError) throw error;
        return cutReplyFailure(options.baseUrl, error);
      }
      // An abort can end the stream quietly, leaving a partial tool call behind.
      if (request.signal.aborted)
        return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
      if (guard.failure) return guard.failure;
      // A reply that ends without saying why, and reads as unfinished, was cut short: never half-applied.
      if (!reply.isFinished && !readsWhole(reply)) return cutReplyFailure(options.baseUrl, null);
      return readMode === 'native' ? nativeResponse(reply, newCallId) : constrainedResponse(reply, newCallId);
    } catch (error) {
      return guard.failure && !request.signal.aborted
        ? guard.failure
        : describeFailure(error, request.signal, options.baseUrl);
    } finally {
      guard.dispose();
    }
  };

  /**
   * Sends `request` again, constrained, after `adaptation` (its finding as details): what
   * streamed of the dropped reply is void, its tokens were spent all the same, and the
   * outcome (whatever it is) carries the adaptation, so the thread says what changed.
   */
  const retryConstrained = async (
    request: ModelRequest,
    adaptation: ServerAdaptation,
    dropped: ModelResult,
    onProgress?: (progress: ModelProgress) => void,
  ): Promise<ModelResult> => {
    onProgress?.({ type: 'attempt_discarded' });
    const retried = await attempt(request, 'constrained', onProgress);
    if (retried.type === 'failure') return { ...retried, adaptation };
    const spent = dropped.type === 'response' ? dropped.usage : null;
    return { ...retried, adaptation, ...(spent ? { extraUsage: spent } : {}) };
  };

  return {
    async respond(request, onProgress) {
      const callMode = state.toolCalls;
      const result = await attempt(request, callMode, onProgress);
      if (result.type === 'failure' && result.windowTokens && result.windowTokens !== state.windowTokens) {
        const window = result.windowTokens.toLocaleString('en-US');
        await learn(
          { windowTokens: result.windowTokens },
          `The model server at ${options.baseUrl} refused a request as too long for its window of ${window} tokens.`,
        );
      }
      if (callMode !== 'native') return result;
      const server = `The model server at ${options.baseUrl}`;
      if (result.type === 'failure') {
        const refusal = templateRefusalOf(result);
        if (refusal === null || mode !== 'auto') return result;
        const finding = `${server} refused the conversation's layout (${REFUSALS[refusal]}). Tool calls are now made in constrained mode: the history as alternating text, the call under a JSON-schema grammar.`;
        await learn(
          {
            toolCalls: 'constrained',
            forcing: 'by_grammar',
            ...(refusal === 'system_role' ? { systemRole: false } : {}),
          },
          finding,
        );
        return retryConstrained(
          request,
          { text: ADAPTATION_WORDS.layout, details: finding },
          result,
          onProgress,
        );
      }
      const forced = request.forced;
      const [first] = result.toolCalls;
      if (forced === null || (first !== undefined && answersForced(first, forced, request))) return result;
      // Plain text on a forced step from a server that may force: the runtime tells the model.
      if (first === undefined && mode !== 'auto') return result;
      const forcedName = `\`${forced.actionType}\``;
      const finding = first
        ? `${server} did not hold a forced step: asked for ${forcedName} (tool_choice names its tool), it called \`${first.name}\`${first.name === forced.tool ? ' with another action' : ''}. Forced steps are now held by a JSON-schema grammar (constrained mode).`
        : `${server} answered in plain text where a call of ${forcedName} was required: its chat template seems to have no tool support. Tool calls are now generated under a JSON-schema grammar (constrained mode).`;
      // Native by choice, or a server known to refuse the grammar: the step cannot be forced.
      if (mode !== 'auto' || state.forcing === 'none') {
        if (state.forcing !== 'none')
          await learn(
            { forcing: 'none' },
            `${server} does not hold a forced step by tool_choice; in native mode, forced steps are not forced.`,
          );
        return { ...result, forcing: 'ignored' };
      }
      await learn({ toolCalls: 'constrained', forcing: 'by_grammar' }, finding);
      const words = first ? ADAPTATION_WORDS.stepNotTaken : ADAPTATION_WORDS.wordsInsteadOfStep;
      const retried = await retryConstrained(request, { text: words, details: finding }, result, onProgress);
      if (!isGrammarRefusal(retried)) return retried;
      const fallback = `${server} refused a JSON-schema response_format (${retried.type === 'failure' ? retried.message : ''}). Tool calls stay native, and forced steps are not forced.`;
      await learn({ toolCalls: 'native', forcing: 'none' }, fallback);
      return {
        ...result,
        forcing: 'ignored',
        adaptation: { text: ADAPTATION_WORDS.stricterRefused, details: fallback },
      };
    },
  };
}

/** What each kind of template refusal says about the template, in words. */
const REFUSALS = {
  system_role: 'its chat template takes no system message',
  alternation: 'its chat template demands strict user/assistant alternation',
  tool_calls: 'its chat template refuses our tool calls as written',
  template: 'its chat template raised an error on our messages',
} as const;

/** Whether a call is the forced one: its tool, and the action the forced call shape pins (`type: "info"`). */
function answersForced(call: ToolCall, forced: ForcedCall, request: ModelRequest): boolean {
  if (call.name !== forced.tool) return false;
  const shape = request.calls.find((candidate) => candidate.actionType === forced.actionType);
  const properties = (shape?.parameters.properties ?? {}) as Record<string, { const?: unknown }>;
  const pinned = Object.entries(properties).filter(([, property]) => property.const !== undefined);
  if (pinned.length === 0) return true;
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return false;
  }
  if (typeof args !== 'object' || args === null) return false;
  return pinned.every(([field, property]) => (args as Record<string, unknown>)[field] === property.const);
}

/**
 * Whether a reply that ended without a `finish_reason` still reads as whole (some servers
 * and proxies never send one): something arrived, and every call's arguments (or a
 * constrained reply's JSON) parse. A reply cut in the middle of a call fails this.
 */
function readsWhole(reply: StreamedReply): boolean {
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  const text = reply.text.trim();
  if (reply.calls.length > 0)
    return reply.calls.every((call) => call.arguments === '' || parses(call.arguments));
  if (text === '') return false;
  return !(text.startsWith('{') || text.startsWith('[')) || parses(text);
}

/** A server refusing the request itself (400/422: `response_format` not taken), not a passing failure. */
function isGrammarRefusal(result: ModelResult): boolean {
  return (
    result.type === 'failure' && result.kind === 'http' && (result.status === 400 || result.status === 422)
  );
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
  // A server that made a real call despite the grammar: that call is the answer.
  if (reply.calls.length > 0) return nativeResponse(reply, newCallId);
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
