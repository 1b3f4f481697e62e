import type { NodeRuntimeReadiness } from '@/shared/protocol/node-runtime-messages.ts';
import type { ContainerApi } from './container-api.ts';

/** The status the UI shows (the shape of `NodeRuntimeStatus` in src/state). */
export type NodeRuntimeStatusUpdate =
  | { state: 'off' }
  | { state: 'booting' }
  | { state: 'ready' }
  | { state: 'unavailable'; reason: string };

/** What the controller needs from the page; injected so every branch can be tested. */
export type NodeRuntimeEnvironment = {
  /** Reads the `nodeRuntime` setting. */
  isEnabled(): Promise<boolean>;
  isCrossOriginIsolated(): boolean;
  isOnline(): boolean;
  /** Boots WebContainer (imports `@webcontainer/api` only when called). */
  boot(): Promise<ContainerApi>;
  /** Boot never settles without a route to StackBlitz, so it is raced with this timeout. */
  bootTimeoutMs: number;
  setStatus(status: NodeRuntimeStatusUpdate): void;
};

type BootOutcome = { container: ContainerApi; failure?: never } | { container?: never; failure: string };

/** The default boot timeout: 20 s. */
export const DEFAULT_BOOT_TIMEOUT_MS = 20_000;

export const NOT_ISOLATED_REASON =
  'This page is not cross-origin isolated (it needs the COOP/COEP headers), so WebContainer cannot run. The virtual sandbox is used.';
export const OFFLINE_REASON =
  'The browser is offline; WebContainer loads from StackBlitz when it boots. The virtual sandbox is used.';

/**
 * Decides whether the Node runtime runs, and sets its status: `off` while the setting
 * is off; `unavailable` with the reason when the page is not cross-origin isolated, the
 * browser is offline, or boot fails or outlasts its timeout; `booting`, then `ready`.
 * Boots at most one container per page: a boot that timed out is kept, and if it ever
 * finishes the runtime becomes ready.
 */
export class NodeRuntimeController {
  private container: ContainerApi | null = null;
  private pendingBoot: Promise<ContainerApi> | null = null;
  private lastFailure: string | null = null;
  private isAwaitingBoot = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly containerListeners = new Set<(container: ContainerApi) => void>();

  constructor(private readonly environment: NodeRuntimeEnvironment) {}

  /**
   * Re-reads the setting and the environment and boots if it should; resolves with the
   * readiness once no boot is in progress. Calls are serialized.
   */
  refresh(): Promise<NodeRuntimeReadiness> {
    const next = this.queue.then(() => this.evaluate());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The booted container; throws when there is none (the worker asked before readiness). */
  requireContainer(): ContainerApi {
    if (!this.container) throw new Error('The Node runtime is not running.');
    return this.container;
  }

  /** Calls `listener` with the container once it has booted (at once if it has). */
  whenBooted(listener: (container: ContainerApi) => void): void {
    if (this.container) listener(this.container);
    else this.containerListeners.add(listener);
  }

  private async evaluate(): Promise<NodeRuntimeReadiness> {
    const { environment } = this;
    if (!(await environment.isEnabled())) return this.settle({ state: 'off' });
    if (this.container) return this.settle({ state: 'ready', workdir: this.container.workdir });
    if (this.pendingBoot) return this.settle(this.unavailable(this.lastFailure ?? this.timeoutReason()));
    if (!environment.isCrossOriginIsolated()) return this.settle(this.unavailable(NOT_ISOLATED_REASON));
    if (!environment.isOnline()) return this.settle(this.unavailable(OFFLINE_REASON));
    environment.setStatus({ state: 'booting' });
    const outcome = await this.boot();
    if (outcome.container) return this.settle({ state: 'ready', workdir: outcome.container.workdir });
    return this.settle(this.unavailable(outcome.failure));
  }

  /** Starts a boot and waits for it or its timeout, whichever comes first. */
  private async boot(): Promise<BootOutcome> {
    const attempt = this.environment.boot();
    this.pendingBoot = attempt;
    this.isAwaitingBoot = true;
    attempt.then(
      (container) => {
        this.pendingBoot = null;
        this.lastFailure = null;
        this.adopt(container);
      },
      () => {
        // A failed boot may be retried by the next refresh.
        this.pendingBoot = null;
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.environment.bootTimeoutMs);
    });
    try {
      const container = await Promise.race([attempt, timedOut]);
      if (container) return { container };
      this.lastFailure = this.timeoutReason();
      return { failure: this.lastFailure };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { failure: `WebContainer failed to boot: ${detail}. The virtual sandbox is used.` };
    } finally {
      clearTimeout(timer);
      this.isAwaitingBoot = false;
    }
  }

  /** Takes a booted container; one that arrives after its timeout makes the runtime ready then. */
  private adopt(container: ContainerApi): void {
    if (this.container) return;
    this.container = container;
    for (const listener of this.containerListeners) listener(container);
    this.containerListeners.clear();
    if (!this.isAwaitingBoot) void this.refresh();
  }

  private settle(readiness: NodeRuntimeReadiness): NodeRuntimeReadiness {
    this.environment.setStatus(readiness.state === 'ready' ? { state: 'ready' } : readiness);
    return readiness;
  }

  private unavailable(reason: string): NodeRuntimeReadiness {
    return { state: 'unavailable', reason };
  }

  private timeoutReason(): string {
    const seconds = Math.round(this.environment.bootTimeoutMs / 100) / 10;
    return `WebContainer did not finish booting within ${seconds} s (its servers may be unreachable). The virtual sandbox is used; reload the page to try again.`;
  }
}
