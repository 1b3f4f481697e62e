import * as Comlink from 'comlink';
import { createOpenAiCompatibleProvider } from '../src/agent/providers/openai-compatible.ts';
import { AgentRuntime } from '../src/agent/runtime.ts';
import { BROADCAST_CHANNEL_NAME, DIAGNOSTICS_CHANNEL_NAME } from '../src/protocol/broadcast.ts';
import { SandpiperDatabase } from '../src/storage/db.ts';

const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
const diagnostics = new BroadcastChannel(DIAGNOSTICS_CHANNEL_NAME);
const runtime = new AgentRuntime({
  database: new SandpiperDatabase(),
  publish: (message) => channel.postMessage(message),
  createProvider: (settings) => createOpenAiCompatibleProvider(settings),
  onStepTiming: (timing) => diagnostics.postMessage(timing),
});

void runtime.recoverInterruptedRuns();

Comlink.expose(runtime);
