import type { ChatCompletionChunk } from '@mlc-ai/web-llm';
import type { ToolCall } from '@/shared/protocol/events.ts';
import type { ModelProgress, ModelProvider, ModelRequest, ModelResult } from '../../chat-messages.ts';
import { parseGeneratedCalls } from '../constrained/generated-calls.ts';
import { createCallProgress } from './call-progress.ts';
import {
  buildEngineRequest,
  chooseToolCallingMode,
  type EngineRequest,
  type ToolCallingPreference,
} from './completion-request.ts';
import { readCompletionStream, type StreamOutcome } from './completion-stream.ts';
import { describeEngineError, isModelNotLoaded } from './engine-errors.ts';
import type { EngineHost, ModelLoad } from './engine-host.ts';
import type { MlcEnginePort } from './engine-port.ts';

/** What a WebLLM provider needs. */
export type WebLlmProviderOptions = {
  /** The worker's engine host (shared with the model manager). */
  host: EngineHost;
  /** The model to generate with and its context window. It must be downloaded already. */
  model: ModelLoad;
  /** Native tool calling on the few models that have it (default), or the grammar on every model. */
  toolCalling?: ToolCallingPreference;
  /** Synthetic ids for the calls the model makes; defaults to `call_<uuid>`. */
  newCallId?: () => string;
};

type Attempt = { type: 'result'; result: ModelResult } | { type: 'model_not_loaded' };

const CANCELLED: ModelResult = { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };

/**
 * A provider that runs a model in the browser with web-llm (WebGPU, in the agent
 * worker). Small models have no native tool calling, so the call is generated under a
 * grammar built from the same tool registry the remote provider sends (see
 * `completion-request.ts`); the generated JSON becomes the loop's usual tool call with
 * a synthetic id. Stop interrupts generation. If the engine lost its model (the GPU
 * device was lost), the model is reloaded from the cache and the request retried once.
 */
export function createWebLlmProvider(options: WebLlmProviderOptions): ModelProvider {
  const { host, model } = options;
  const newCallId = options.newCallId ?? (() => `call_${crypto.randomUUID()}`);
  const preference = options.toolCalling ?? 'native_when_available';

  const generate = async (
    engine: MlcEnginePort,
    request: ModelRequest,
    onProgress?: (progress: ModelProgress) => void,
  ): Promise<Attempt> => {
    const library = await host.library();
    const mode = chooseToolCallingMode(request, model.modelId, library.functionCallingModelIds, preference);
    const prepared = buildEngineRequest(request, mode, (id) => host.replies.recall(id));
    const progress = createCallProgress(mode, request.forced?.tool ?? null, onProgress);
    onProgress?.({ type: 'request_sent' });
    let stream: AsyncIterable<ChatCompletionChunk>;
    try {
      stream = await engine.chat.completions.create(prepared.body);
    } catch (error) {
      host.kvCache.reset();
      if (isModelNotLoaded(error)) return { type: 'model_not_loaded' };
      return { type: 'result', result: describeEngineError(error, model.modelId) };
    }
    const interrupt = () => void engine.interruptGenerate();
    request.signal.addEventListener('abort', interrupt, { once: true });
    const reading = readCompletionStream(stream, request.signal, interrupt, progress.delta);
    const outcome = await untilAborted(reading, request.signal);
    request.signal.removeEventListener('abort', interrupt);
    if (outcome === null || request.signal.aborted) {
      // The engine finishes (and releases its lock) in the background.
      void reading.then(() => host.kvCache.reset());
      return { type: 'result', result: CANCELLED };
    }
    if (outcome.error !== undefined) {
      host.kvCache.reset();
      if (isModelNotLoaded(outcome.error) && outcome.text === '') return { type: 'model_not_loaded' };
      return { type: 'result', result: describeEngineError(outcome.error, model.modelId) };
    }
    const toolCalls = readToolCalls(prepared, outcome, newCallId);
    progress.finished(toolCalls[0]?.name);
    const firstCall = toolCalls[0];
    if (firstCall) host.replies.remember(firstCall.id, outcome.text);
    return { type: 'result', result: toResponse(prepared, outcome, toolCalls) };
  };

  const toResponse = (
    prepared: EngineRequest,
    outcome: StreamOutcome,
    toolCalls: ToolCall[],
  ): ModelResult => {
    const prefilled = outcome.usage?.prompt_tokens ?? 0;
    const completion = outcome.usage?.completion_tokens ?? 0;
    const prompt = host.kvCache.account(prepared.conversation, prefilled);
    host.kvCache.recordReply(
      prepared.conversation,
      outcome.text,
      outcome.finishReason,
      prompt.promptTokens + completion,
    );
    return {
      type: 'response',
      text: prepared.mode === 'plain' ? outcome.text : '',
      toolCalls,
      usage: outcome.usage ? { prompt: prompt.promptTokens, completion, cached: prompt.cachedTokens } : null,
      model: outcome.model ?? model.modelId,
    };
  };

  return {
    async respond(request, onProgress) {
      try {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          if (request.signal.aborted) return CANCELLED;
          const engine = await untilAborted(readyEngine(host, model), request.signal);
          if (engine === null) return CANCELLED;
          if (engine.type === 'failure') return engine.failure;
          const outcome = await generate(engine.engine, request, onProgress);
          if (outcome.type === 'result') return outcome.result;
          host.forgetLoadedModel();
        }
        return {
          type: 'failure',
          kind: 'engine',
          message: `The in-browser model ${model.modelId} was unloaded again right after reloading; the GPU may be out of memory. Try a smaller model.`,
        };
      } catch (error) {
        return describeEngineError(error, model.modelId);
      }
    },
  };
}

type Readiness = { type: 'ready'; engine: MlcEnginePort } | { type: 'failure'; failure: ModelResult };

/** The engine with `model` loaded, loading it from the cache if needed; never downloads. */
async function readyEngine(host: EngineHost, model: ModelLoad): Promise<Readiness> {
  const library = await host.library();
  const loaded = host.loaded();
  const isLoaded =
    loaded?.modelId === model.modelId && loaded.contextWindowTokens === model.contextWindowTokens;
  if (!isLoaded && !(await library.hasModelInCache(model.modelId))) {
    return {
      type: 'failure',
      failure: {
        type: 'failure',
        kind: 'engine',
        message: `The in-browser model ${model.modelId} is not downloaded. Download it in Settings first.`,
      },
    };
  }
  return { type: 'ready', engine: await host.load(model) };
}

/** The tool calls of a finished output: web-llm's own for native calling, else parsed from the text. */
function readToolCalls(prepared: EngineRequest, outcome: StreamOutcome, newCallId: () => string): ToolCall[] {
  if (prepared.mode === 'plain') return [];
  if (prepared.mode === 'native' && outcome.nativeCalls !== null) {
    return outcome.nativeCalls.map((call) => ({ id: newCallId(), ...call }));
  }
  return parseGeneratedCalls(outcome.text, prepared.callFormat, newCallId);
}

/** Resolves with `work`'s value, or with null as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
