import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createOpenAiCompatibleProvider } from '../../src/agent/providers/openai-compatible.ts';
import { AgentRuntime } from '../../src/agent/runtime.ts';
import type { BroadcastMessage } from '../../src/protocol/broadcast.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { StoredEvent } from '../../src/protocol/events.ts';
import { type AgentSettings, DEFAULT_SETTINGS } from '../../src/protocol/settings.ts';
import { SandpiperDatabase } from '../../src/storage/db.ts';
import { EventRepository } from '../../src/storage/event-repository.ts';
import { PlanRepository } from '../../src/storage/plan-repository.ts';
import { SettingsRepository } from '../../src/storage/settings-repository.ts';
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
  close(): Promise<void>;
};

export async function createHarness(settings: Partial<AgentSettings> = {}): Promise<Harness> {
  const server = await startScriptedServer();
  const database = new SandpiperDatabase(`sandpiper-test-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await new SettingsRepository(database).putAgentSettings({
    ...DEFAULT_SETTINGS,
    baseUrl: server.url,
    apiKey: 'test-key',
    model: 'scripted-model',
    maxRetries: 0,
    ...settings,
  });
  const published: BroadcastMessage[] = [];
  const makeRuntime = () =>
    new AgentRuntime({
      database,
      publish: (message) => published.push(message),
      createProvider: (saved) => createOpenAiCompatibleProvider(saved),
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
    close: async () => {
      database.close();
      await server.close();
    },
  };
  return harness;
}
