/**
 * The providers the contract suite runs against, each behind the same small interface:
 * the OpenAI-compatible provider through the scripted HTTP server, and the WebLLM
 * provider through the fake engine (constrained decoding, and native tool calling).
 */
import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { ModelProvider } from '../../src/agent-worker/llm/chat-messages.ts';
import { createOpenAiCompatibleProvider } from '../../src/agent-worker/llm/providers/openai-compatible.ts';
import { createEngineHost } from '../../src/agent-worker/llm/providers/webllm/engine-host.ts';
import { createWebLlmProvider } from '../../src/agent-worker/llm/providers/webllm/webllm-provider.ts';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { AgentRuntime } from '../../src/agent-worker/runtime/runtime.ts';
import type { Envelope } from '../../src/shared/protocol/envelope.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
import type { ProviderSetup } from '../../src/shared/protocol/providers.ts';
import { type AgentSettings, DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { EventRepository } from '../../src/shared/storage/event-repository.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { FakeMlcEngine, type FakeTurn } from '../fixtures/fake-mlc-engine.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { scriptedProvider } from './harness.ts';

/** The context window the in-browser subjects load their model with. */
const WEBLLM_CONTEXT_WINDOW = 16_384;

/** A model turn, said once for every provider. */
export type ContractTurn =
  /** `slow`: streamed slowly enough to stop it midway (about 600 ms to the tool's name). */
  | { kind: 'call'; name: string; arguments: Record<string, unknown>; slow?: boolean }
  | { kind: 'text'; text: string }
  /** A failure the provider is expected to retry: HTTP 429, or the GPU device lost. */
  | { kind: 'transient' }
  /** Output that is not JSON: a truncated call. */
  | { kind: 'invalid_json' };

/** A runtime over fake-indexeddb driven by one subject's model. */
export type LoopRig = {
  runtime: AgentRuntime;
  events(conversationId: string): Promise<StoredEvent[]>;
  completions(conversationId: string): Promise<Envelope[]>;
};

/** One provider under contract. */
export type ContractSubject = {
  name: string;
  provider: ModelProvider;
  /** Queues turns for the next requests. */
  script(turns: ContractTurn[]): void;
  /** Requests the model received so far. */
  requestCount(): number;
  /** The tool names request `index` lets the model call ('any' when the format alone is constrained). */
  admittedTools(index: number): string[] | 'any';
  /** What request `index` tells the model before the conversation: system prompt and tool list. */
  fixedPrompt(index: number): string;
  /** Everything request `index` sent, as text (to look for an observation in it). */
  requestText(index: number): string;
  /** Whether request `index` was cut off by the client (a stop). */
  wasInterrupted(index: number): Promise<boolean>;
  /** True once request `index` has streamed its first output. */
  hasStreamed(index: number): boolean;
  /** Whether `index` > 0 extended request `index - 1`'s prompt so the engine/server cache applies. */
  extendsPrevious(index: number): boolean;
  /** Model requests attempted, failed ones included (HTTP requests, or engine `create` calls). */
  attempts(): number;
  /** A runtime over this subject's model, with `settings` overrides. */
  loopRig(settings?: Partial<AgentSettings>): Promise<LoopRig>;
  close(): Promise<void>;
};

/**
 * The OpenAI-compatible provider, through the real `openai` client and the scripted
 * server, in native mode or in constrained mode (the server then answers calls as JSON
 * text, as a grammar-bound server does; it does not enforce the grammar).
 */
export async function remoteSubject(mode: 'native' | 'constrained' = 'native'): Promise<ContractSubject> {
  const server = await startScriptedServer();
  const setup = scriptedProvider(server.url, { toolCalls: mode });
  const settings = (overrides: Partial<AgentSettings> = {}): AgentSettings => ({
    ...DEFAULT_SETTINGS,
    providers: [setup],
    activeProviderId: setup.id,
    maxRetries: 1,
    ...overrides,
  });
  type Body = {
    tools?: { function: { name: string } }[];
    tool_choice?: unknown;
    messages: unknown[];
    response_format?: { json_schema: { schema: unknown } };
  };
  const body = (index: number) => server.requests[index]?.body as Body;
  const toScripted = (turn: ContractTurn): ScriptedTurn => {
    switch (turn.kind) {
      case 'call':
        return {
          toolCalls: [{ name: turn.name, arguments: turn.arguments }],
          ...(turn.slow ? { chunkDelayMs: 400 } : {}),
        };
      case 'text':
        return { text: turn.text };
      case 'transient':
        return { status: 429, error: 'Rate limit reached' };
      case 'invalid_json':
        return { toolCalls: [{ name: 'message', arguments: '{"type": "info", "text": "Hel' }] };
    }
  };
  return {
    name: `openai-compatible, ${mode} (scripted HTTP server)`,
    provider: createOpenAiCompatibleProvider({ ...setup, ...settings(), mode }),
    script: (turns) => server.push(...turns.map(toScripted)),
    requestCount: () => server.requests.length,
    admittedTools: (index) => {
      const schema = body(index).response_format?.json_schema.schema;
      if (schema !== undefined) return [...new Set(constNames(schema))];
      const choice = body(index).tool_choice as { function?: { name: string } } | string;
      if (typeof choice === 'object' && choice.function) return [choice.function.name];
      return (body(index).tools ?? []).map((tool) => tool.function.name);
    },
    fixedPrompt: (index) => JSON.stringify([body(index).messages[0], body(index).tools]),
    requestText: (index) => JSON.stringify(body(index)),
    wasInterrupted: async (index) => {
      // The server notices the closed socket a moment after the client aborts.
      for (let attempt = 0; attempt < 50 && !server.requests[index]?.aborted; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return server.requests[index]?.aborted === true;
    },
    hasStreamed: (index) => server.requests[index] !== undefined,
    extendsPrevious: (index) => {
      const previous = JSON.stringify(body(index - 1).messages);
      const current = JSON.stringify(body(index).messages.slice(0, body(index - 1).messages.length));
      return previous === current;
    },
    attempts: () => server.requests.length,
    loopRig: (overrides) =>
      createLoopRig(settings(overrides), (saved, run) =>
        createOpenAiCompatibleProvider({ ...saved, ...run, mode }),
      ),
    close: () => server.close(),
  };
}

/** The WebLLM provider, through the fake engine, for a model that has (or lacks) native tool calling. */
export function webLlmSubject(modelId: string, label: string): ContractSubject {
  const engine = new FakeMlcEngine();
  engine.cachedModels.add(modelId);
  const host = createEngineHost(async () => engine.library());
  const model = { modelId, contextWindowTokens: WEBLLM_CONTEXT_WINDOW };
  const provider = createWebLlmProvider({ host, model });
  const isNative = engine.library().functionCallingModelIds.includes(modelId);
  const record = (index: number) => {
    const found = engine.requests[index];
    if (!found) throw new Error(`the engine received no request ${index}`);
    return found;
  };
  const toFake = (turn: ContractTurn): FakeTurn => {
    switch (turn.kind) {
      case 'call':
        // The fake streams 4 characters a chunk: ten times the scripted server's chunks.
        return {
          call: { name: turn.name, arguments: turn.arguments },
          ...(turn.slow ? { chunkDelayMs: 40 } : {}),
        };
      case 'text':
        return { output: turn.text };
      case 'transient':
        return { deviceLost: true };
      case 'invalid_json':
        return {
          output: isNative
            ? '[{"arguments": {"type": "info", "text": "Hel'
            : '{"name": "message", "arguments": {"type": "info", "text": "Hel',
          finishReason: 'length',
        };
    }
  };
  return {
    name: `webllm, ${label} (${modelId}, fake engine)`,
    provider,
    script: (turns) => engine.push(...turns.map(toFake)),
    requestCount: () => engine.requests.length,
    admittedTools: (index) => {
      const schema = record(index).request.response_format?.schema;
      const names = schema ? [...new Set(constNames(JSON.parse(schema)))] : [];
      return names.length > 0 ? names : 'any';
    },
    fixedPrompt: (index) => JSON.stringify(record(index).request.messages[0]),
    requestText: (index) => JSON.stringify(record(index).request.messages),
    wasInterrupted: async (index) => {
      // The provider returns at once; the engine stops at its next decode step.
      for (let attempt = 0; attempt < 50 && record(index).finishReason === null; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return record(index).finishReason === 'abort';
    },
    hasStreamed: (index) => (engine.requests[index]?.output.length ?? 0) > 0,
    extendsPrevious: (index) => record(index).isKvCacheReused,
    attempts: () => engine.createCalls,
    loopRig: (overrides) =>
      createLoopRig(
        {
          ...DEFAULT_SETTINGS,
          providers: [
            {
              id: 'local',
              name: 'In this browser',
              kind: 'webllm',
              presetId: null,
              baseUrl: '',
              apiKey: '',
              model: modelId,
              contextWindowTokens: WEBLLM_CONTEXT_WINDOW,
              prices: null,
            },
          ],
          activeProviderId: 'local',
          ...overrides,
        },
        (saved) =>
          createWebLlmProvider({ host, model: { modelId, contextWindowTokens: saved.contextWindowTokens } }),
      ),
    close: async () => undefined,
  };
}

/** The names a call schema admits: the `const` of each branch's `name`. */
function constNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(constNames);
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const name = (node.properties as { name?: { const?: unknown } } | undefined)?.name?.const;
  const own = typeof name === 'string' ? [name] : [];
  return [...own, ...constNames(node.anyOf ?? []), ...constNames(node.items ?? [])];
}

async function createLoopRig(
  settings: AgentSettings,
  createProvider: (setup: ProviderSetup, settings: AgentSettings) => ModelProvider,
): Promise<LoopRig> {
  const database = new SandpiperDatabase(`sandpiper-contract-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await new SettingsRepository(database).putAgentSettings(settings);
  const events = new EventRepository(database);
  return {
    runtime: new AgentRuntime({
      profiles: TOOL_PROFILES,
      database,
      publish: () => undefined,
      createProvider,
    }),
    events: (id) => events.list(id),
    completions: async (id) =>
      (await events.list(id)).flatMap(({ body }) =>
        body.type === 'envelope' && body.envelope.status !== 'running' ? [body.envelope] : [],
      ),
  };
}
