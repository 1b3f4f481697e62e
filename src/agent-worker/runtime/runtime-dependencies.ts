import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { SandboxPort } from '../../shared/protocol/ports/sandbox-port.ts';
import type { AgentSettings } from '../../shared/protocol/settings.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import type { StepTiming } from '../engine/loop-context.ts';
import type { RetryPolicy } from '../llm/model-retries.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import type { SpaceProbe } from './crash-report.ts';
import type { RunLocks } from './run-locks.ts';
import type { RunPreparationDependencies } from './run-preparation.ts';

/** What the agent runtime is built with: its database and broadcast, and the parts tests replace. */
export type RuntimeDependencies = {
  database: SandpiperDatabase;
  publish: (message: BroadcastMessage) => void;
  /**
   * The model provider for a run: the conversation's saved provider, with the run
   * settings and what is known about its server (and where to keep what it learns).
   */
  createProvider: RunPreparationDependencies['createProvider'];
  /** The `fetch` that asks model servers about themselves (default: the platform's). */
  probeFetch?: typeof fetch;
  newId?: () => string;
  now?: () => number;
  locks?: RunLocks;
  /** Opens a conversation's sandbox; defaults to the virtual sandbox over the persisted workspace. */
  openSandbox?: (conversationId: string, settings: AgentSettings) => Promise<SandboxPort>;
  /** Receives the runtime overhead of every step (for benchmarks and diagnostics). */
  onStepTiming?: (timing: StepTiming) => void;
  /** The tool profiles conversations may use (the worker passes the app's); the first is the default. */
  profiles: readonly ToolProfile[];
  /** The app's scope URL, where the service worker serves `/preview/` (default: a local placeholder, for tests). */
  appBaseUrl?: string;
  /** The `fetch` the network port uses (default: the platform's). */
  fetch?: typeof fetch;
  /** How long a minute of a run's time limit lasts, in ms (default 60,000; tests shorten it). */
  minuteMs?: number;
  /** Whether the device can take that many bytes more: asked when IndexedDB fails a write without saying why. */
  hasSpace?: SpaceProbe;
  /** How failed model requests are retried, beside the count in the settings (tests shorten the waits). */
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries'>>;
};
