import * as Comlink from 'comlink';
import { createOpenAiCompatibleProvider } from '../src/agent/providers/openai-compatible.ts';
import { AgentRuntime } from '../src/agent/runtime.ts';
import { BROADCAST_CHANNEL_NAME, DIAGNOSTICS_CHANNEL_NAME } from '../src/protocol/broadcast.ts';
import type { AgentWorkerApi } from '../src/protocol/worker-api.ts';
import { SandpiperDatabase } from '../src/storage/db.ts';

const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
const diagnostics = new BroadcastChannel(DIAGNOSTICS_CHANNEL_NAME);
const runtime = new AgentRuntime({
  database: new SandpiperDatabase(),
  publish: (message) => channel.postMessage(message),
  createProvider: (settings) => createOpenAiCompatibleProvider(settings),
  onStepTiming: (timing) => diagnostics.postMessage(timing),
});

// Every command waits for the recovery, so none can interleave with its writes. The API
// is exposed at once: messages posted to a worker before it listens are lost.
const ready = runtime
  .recoverInterruptedRuns()
  .catch((error: unknown) => console.error('Sandpiper: recovering interrupted runs failed', error));

const api: AgentWorkerApi = {
  startConversation: async (text) => {
    await ready;
    return runtime.startConversation(text);
  },
  sendMessage: async (id, text) => {
    await ready;
    return runtime.sendMessage(id, text);
  },
  replyToAsk: async (id, askUuid, text) => {
    await ready;
    return runtime.replyToAsk(id, askUuid, text);
  },
  stop: async (id) => {
    await ready;
    return runtime.stop(id);
  },
  listConversations: async () => {
    await ready;
    return runtime.listConversations();
  },
  readConversation: async (id) => {
    await ready;
    return runtime.readConversation(id);
  },
  deleteConversation: async (id) => {
    await ready;
    return runtime.deleteConversation(id);
  },
  // Arrives from the main thread as a comlink proxy; needs no recovery to be done first.
  connectNodeRuntime: (host) => runtime.connectNodeRuntime(host),
};

Comlink.expose(api);
