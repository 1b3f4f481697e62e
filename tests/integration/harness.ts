import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createOpenAiCompatibleProvider } from '../../src/agent-worker/llm/providers/openai-compatible.ts';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { AgentRuntime, type RuntimeDependencies } from '../../src/agent-worker/runtime/runtime.ts';
import type { ToolProfile } from '../../src/agent-worker/toolkit/profile.ts';
import type { BroadcastMessage } from '../../src/shared/protocol/broadcast.ts';
import type { Envelope } from '../../src/shared/protocol/envelope.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
import type { ProviderSetup } from '../../src/shared/protocol/providers.ts';
import { type AgentSettings, DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { EventRepository } from '../../src/shared/storage/event-repository.ts';
import { PlanRepository } from '../../src/shared/storage/plan-repository.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';

/** A real runtime over fake-indexeddb, talking to the scripted server through the real `openai` client. */
export type Harness = {
  server: ScriptedServer;
  database: SandpiperDatabase;
  runtime: AgentRuntime;
  published: BroadcastMessage[];
  events(conversationId: string): Promise<StoredEvent[]>;
  /** Completion envelopes (everything but `running`), in order. */
  completions(conversationId: string): Promise<Envelope[]>;
  plan(conversationId: string): ReturnType<PlanRepository['get']>;
  /** A fresh runtime on the same database, as after a page reload. */
  reload(): AgentRuntime;
  /**
   * Another tab's runtime on the same database (its own worker and caches): the scripted
   * provider, announcements dropped, unless `dependencies` says otherwise.
   */
  openTab(dependencies?: Partial<RuntimeDependencies>): AgentRuntime;
  close(): Promise<void>;
};

/** What a harness may change besides the run settings and the saved provider. */
export type HarnessOptions = {
  /** The tool profiles the runtime offers (default: the app's). */
  profiles?: readonly ToolProfile[];
  /** The `fetch` of the runs' network port (default: the platform's). */
  fetch?: typeof fetch;
  /** How long a minute of a run's time limit lasts (default: a minute). */
  minuteMs?: number;
  /** How failed model requests are retried (default: the app's waits). */
  retryPolicy?: RuntimeDependencies['retryPolicy'];
  /** Whether the device has space left, asked when IndexedDB fails a write without a reason. */
  hasSpace?: RuntimeDependencies['hasSpace'];
};

/** The provider every harness runtime uses: the real OpenAI-compatible client on the saved setup. */
const scriptedClient: RuntimeDependencies['createProvider'] = (setup, saved, server) =>
  createOpenAiCompatibleProvider({ ...setup, ...saved, ...server });

/** The one saved provider the harness uses: the scripted server. */
export const SCRIPTED_PROVIDER_ID = 'scripted';

/** A saved provider that points at a scripted server. */
export function scriptedProvider(url: string, overrides: Partial<ProviderSetup> = {}): ProviderSetup {
  return {
    id: SCRIPTED_PROVIDER_ID,
    name: 'Scripted',
    kind: 'openai-compatible',
    presetId: null,
    baseUrl: url,
    apiKey: 'test-key',
    model: 'scripted-model',
    contextWindowTokens: 128_000,
    // The scripted server plays back calls whatever `tool_choice` says; native (not auto)
    // keeps it from being switched to constrained mode when a script skips a forced step.
    toolCalls: 'native',
    prices: null,
    ...overrides,
  };
}

/**
 * `settings` override the run settings; `provider` overrides fields of the saved
 * provider that points at the scripted server.
 */
export async function createHarness(
  settings: Partial<AgentSettings> = {},
  provider: Partial<ProviderSetup> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const server = await startScriptedServer();
  const database = new SandpiperDatabase(`sandpiper-test-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await new SettingsRepository(database).putAgentSettings({
    ...DEFAULT_SETTINGS,
    providers: [scriptedProvider(server.url, provider)],
    activeProviderId: SCRIPTED_PROVIDER_ID,
    maxRetries: 0,
    ...settings,
  });
  const published: BroadcastMessage[] = [];
  const shared = {
    database,
    profiles: options.profiles ?? TOOL_PROFILES,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.minuteMs ? { minuteMs: options.minuteMs } : {}),
    ...(options.retryPolicy ? { retryPolicy: options.retryPolicy } : {}),
    ...(options.hasSpace ? { hasSpace: options.hasSpace } : {}),
  };
  const makeRuntime = () =>
    new AgentRuntime({
      ...shared,
      publish: (message) => published.push(message),
      createProvider: scriptedClient,
    });
  const events = new EventRepository(database);
  const harness: Harness = {
    server,
    database,
    runtime: makeRuntime(),
    published,
    events: (id) => events.list(id),
    completions: async (id) =>
      (await events.list(id)).flatMap(({ body }) =>
        body.type === 'envelope' && body.envelope.status !== 'running' ? [body.envelope] : [],
      ),
    plan: (id) => new PlanRepository(database).get(id),
    reload: () => {
      harness.runtime = makeRuntime();
      return harness.runtime;
    },
    openTab: (dependencies = {}) =>
      new AgentRuntime({
        ...shared,
        publish: () => undefined,
        createProvider: scriptedClient,
        ...dependencies,
      }),
    close: async () => {
      database.close();
      await server.close();
    },
  };
  return harness;
}

/** The question the run asked last (its `asking` envelope); throws when none was asked. */
export function lastQuestion(events: readonly StoredEvent[]): Envelope {
  const asking = events.flatMap(({ body }) =>
    body.type === 'envelope' && body.envelope.status === 'asking' ? [body.envelope] : [],
  );
  const question = asking.at(-1);
  if (!question) throw new Error('No question was asked.');
  return question;
}

/** Words of the runtime note a compaction adds (see context-builder.ts). */
export const COMPACTION_NOTE_MARK = 'older bulky observations now show only an excerpt';

type WireMessage = { role: string; tool_calls?: { id: string }[]; tool_call_id?: string };

/**
 * Checks what the real API would refuse or what would spoil the prompt cache: every
 * request extends the previous one byte for byte, and every assistant tool call is
 * answered by tool messages right after it.
 */
export function assertWellFormedRequests(server: ScriptedServer): void {
  const all = server.requests.map((request) => (request.body as { messages?: WireMessage[] }).messages ?? []);
  // A provider switched to constrained mode lays the context out anew, once.
  const modes = server.requests.map((request) =>
    (request.body as { response_format?: unknown }).response_format === undefined ? 'native' : 'constrained',
  );
  all.forEach((messages, requestIndex) => {
    messages.forEach((message, index) => {
      if (message.role !== 'assistant' || !message.tool_calls?.length) return;
      const expected = message.tool_calls.map((call) => call.id).sort();
      const answered = messages
        .slice(index + 1, index + 1 + expected.length)
        .map((reply) => (reply.role === 'tool' ? reply.tool_call_id : `<${reply.role}>`))
        .sort();
      if (JSON.stringify(answered) !== JSON.stringify(expected)) {
        throw new Error(`request ${requestIndex + 1}: tool calls ${expected} answered by ${answered}`);
      }
    });
    const previous = all[requestIndex - 1];
    // Only a compaction (announced by its runtime note, the last message) may rewrite earlier
    // messages, or a run prepared again after the server refused a request as too long for its
    // window (the compact form's instructions; nothing of the refused one was cached).
    const isCompaction = JSON.stringify(messages.at(-1) ?? '').includes(COMPACTION_NOTE_MARK);
    const followsRefusal = server.requests[requestIndex - 1]?.status === 400;
    if (
      previous &&
      !isCompaction &&
      !followsRefusal &&
      modes[requestIndex] === modes[requestIndex - 1] &&
      JSON.stringify(messages.slice(0, previous.length)) !== JSON.stringify(previous)
    ) {
      throw new Error(`request ${requestIndex + 1} does not extend request ${requestIndex}`);
    }
  });
}
