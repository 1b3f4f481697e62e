import type { StoredEvent } from '../../shared/protocol/events.ts';
import type { Plan } from '../../shared/protocol/phase-plan.ts';
import type { SandboxPort } from '../../shared/protocol/ports/sandbox-port.ts';
import type { AgentSettings } from '../../shared/protocol/settings.ts';
import type { ModelProvider } from '../llm/chat-messages.ts';
import type { RetryPolicy } from '../llm/model-retries.ts';
import type { RunPorts } from '../toolkit/ports/run-ports.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import type { CommitTiming, Journal } from './journal.ts';
import type { SpendCap } from './spend-cap.ts';

/**
 * Diagnostics: the runtime overhead of one step (from the model's response in hand to
 * the next request sent, with those moments, the one the response was read to its end and
 * the one the provider was asked, on the worker's `performance.now()` clock), how long one
 * action's tool ran, or one journal write.
 */
export type StepTiming =
  | {
      kind: 'step';
      conversationId: string;
      overheadMs: number;
      /** The previous answer returned by the provider (the stream read to its end). */
      answeredAt: number;
      /** The previous answer in hand: returned, and every write before it committed. */
      responseAt: number;
      requestAt: number;
      sentAt: number;
    }
  | { kind: 'action'; conversationId: string; actionType: string; durationMs: number }
  | ({ kind: 'commit' } & CommitTiming);

/** What one run of the loop needs. */
export type LoopContext = {
  conversationId: string;
  /** The conversation's tool profile (kept for life: the prompt prefix stays stable). */
  profile: ToolProfile;
  events: StoredEvent[];
  plan: Plan | null;
  settings: AgentSettings;
  provider: ModelProvider;
  /** The provider's context window in tokens (compaction starts before it). */
  contextWindowTokens: number;
  /** The spend caps per run and per day (Settings → Runs), checked before every model request. */
  spendCap: SpendCap;
  journal: Journal;
  signal: AbortSignal;
  /** How a model request that failed on something passing is sent again. */
  retryPolicy: RetryPolicy;
  /**
   * The signal of the person's Cancel of a failed model request's retries (the run then
   * pauses), read afresh for each request: a Cancel applies to the request it was pressed for.
   */
  giveUpRetries: () => AbortSignal;
  /** Messages the person sent while the run was busy; taken between steps. */
  takeQueuedMessages(): string[];
  newId(): string;
  now(): number;
  /** The conversation's sandbox, opened on first use. */
  openSandbox(): Promise<SandboxPort>;
  /** The run's ports (tool contexts are built from them) and the redaction of its secrets. */
  services: RunPorts;
  onStepTiming?: (timing: StepTiming) => void;
  /**
   * Called, and the loop ends, when the server's window turned out too small for the
   * instructions and tools the run was prepared with: the runtime prepares the run again
   * (once) for the window it now knows. Without it, the run is refused with the reason.
   */
  prepareAgain?: () => void;
};
