import { beforeEach, describe, expect, it } from 'vitest';
import { manusProfile } from '@/agent-worker/profiles/manus/manus-profile.ts';
import { FakeMlcEngine, type FakeTurn } from '~/tests/fixtures/fake-mlc-engine.ts';

const TOOL_SPECS = manusProfile.specs;

import type { ModelProgress, ModelRequest, ModelResult } from '../../chat-messages.ts';
import { createEngineHost, type EngineHost } from './engine-host.ts';
import { createWebLlmProvider } from './webllm-provider.ts';

const SMALL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const HERMES = 'Hermes-2-Pro-Llama-3-8B-q4f16_1-MLC';
const WINDOW = 16_384;

let engine: FakeMlcEngine;
let host: EngineHost;
beforeEach(() => {
  engine = new FakeMlcEngine();
  host = createEngineHost(async () => engine.library());
});

const provider = (modelId = SMALL, toolCalling?: 'constrained') =>
  createWebLlmProvider({
    host,
    model: { modelId, contextWindowTokens: WINDOW },
    ...(toolCalling ? { toolCalling } : {}),
  });

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Sandpiper.' },
      { role: 'user', content: 'Write a haiku to a file.' },
    ],
    tools: [...TOOL_SPECS],
    calls: manusProfile.callShapes,
    forced: null,
    signal: new AbortController().signal,
    ...overrides,
  };
}

const info = (text: string): FakeTurn => ({ call: { name: 'message', arguments: { type: 'info', text } } });

function response(result: ModelResult) {
  if (result.type !== 'response') throw new Error(`expected a response, got: ${result.message}`);
  return result;
}

describe('the WebLLM provider', () => {
  it('refuses, without downloading, a model that is not in the cache', async () => {
    const result = await provider().respond(request());
    expect(result).toEqual({
      type: 'failure',
      kind: 'engine',
      message: `The in-browser model ${SMALL} is not downloaded. Download it in Settings first.`,
    });
    expect(engine.reloads).toEqual([]);
  });

  it('loads a downloaded model once, with the configured context window', async () => {
    engine.cachedModels.add(SMALL);
    engine.setScript([info('one'), info('two')]);
    await provider().respond(request());
    await provider().respond(request());
    expect(engine.reloads).toEqual([{ modelId: SMALL, chatOptions: { context_window_size: WINDOW } }]);
  });

  it('reports the whole prompt and its cached part, though web-llm counts only what it prefilled', async () => {
    engine.cachedModels.add(SMALL);
    engine.setScript([info('one'), info('two')]);
    const first = response(await provider().respond(request()));
    const [call] = first.toolCalls;
    const second = response(
      await provider().respond(
        request({
          messages: [
            ...request().messages,
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: call!.id,
                  type: 'function',
                  function: { name: call!.name, arguments: call!.arguments },
                },
              ],
            },
            { role: 'tool', tool_call_id: call!.id, content: '{"status":"success"}' },
          ],
        }),
      ),
    );
    expect(engine.requests[1]?.isKvCacheReused).toBe(true);
    expect(first.usage?.cached).toBe(0);
    expect(second.usage?.cached).toBe((first.usage?.prompt ?? 0) + (first.usage?.completion ?? 0));
    expect(second.usage?.prompt).toBeGreaterThan(second.usage?.cached ?? 0);
  });

  it('still stops the engine when stopped before its generation begins', async () => {
    engine.cachedModels.add(SMALL);
    const long = {
      call: { name: 'message', arguments: { type: 'result', text: 'y'.repeat(800) } },
      chunkDelayMs: 5,
    };
    engine.setScript([long, info('next')]);
    const controller = new AbortController();
    const onProgress = (progress: ModelProgress) => {
      if (progress.type === 'request_sent') controller.abort();
    };
    const result = await provider().respond(request({ signal: controller.signal }), onProgress);
    expect(result).toMatchObject({ type: 'failure', kind: 'cancelled' });
    // web-llm clears its interrupt flag when a generation starts; the provider asserts it again.
    const next = response(await provider().respond(request()));
    expect(next.toolCalls[0]?.arguments).toContain('next');
    expect(engine.requests[0]?.finishReason).toBe('abort');
    expect(engine.requests[0]?.output.length).toBeLessThan(100);
  });

  it('says when the conversation outgrew the context window', async () => {
    engine.cachedModels.add(SMALL);
    const error = new Error(
      'Prompt tokens exceed context window size: number of prompt tokens: 17000; context window size: 16384\nConsider shortening the prompt.',
    );
    error.name = 'ContextWindowSizeExceededError';
    engine.setScript([{ prefillError: error }]);
    const result = await provider().respond(request());
    expect(result).toEqual({
      type: 'failure',
      kind: 'engine',
      message: `The conversation no longer fits the context window of ${SMALL} (Prompt tokens exceed context window size: number of prompt tokens: 17000; context window size: 16384). Start a new conversation, or load the model with a larger context window in Settings.`,
    });
  });

  it('uses web-llm’s tools on a Hermes model, and the grammar when told to', async () => {
    engine.cachedModels.add(HERMES);
    engine.setScript([info('native'), info('constrained')]);
    response(await provider(HERMES).respond(request()));
    expect(engine.requests[0]?.request.tools).toHaveLength(TOOL_SPECS.length);
    expect(engine.requests[0]?.request.messages[0]?.content).toMatch(/^You are a function calling AI model/);
    const constrained = response(await provider(HERMES, 'constrained').respond(request()));
    expect(constrained.toolCalls[0]?.name).toBe('message');
    expect(engine.requests[1]?.request.tools).toBeUndefined();
    expect(engine.requests[1]?.request.messages[0]?.content).toMatch(/^You are Sandpiper\.\n\n# Tools/);
  });
});
