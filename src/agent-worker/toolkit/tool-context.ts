import type { Plan } from '../../shared/protocol/phase-plan.ts';
import type { NetworkPort } from '../../shared/protocol/ports/network-port.ts';
import type { PreviewsPort } from '../../shared/protocol/ports/previews-port.ts';
import type { ProgressPort } from '../../shared/protocol/ports/progress-port.ts';
import type { SandboxPort } from '../../shared/protocol/ports/sandbox-port.ts';
import type { CompletionPort } from './ports/completion-port.ts';
import type { LivePreviewsPort } from './ports/live-previews-port.ts';
import type { MediaPort } from './ports/media-port.ts';
import type { ModesPort } from './ports/modes-port.ts';
import type { SchedulesPort } from './ports/schedules-port.ts';
import type { SecretsPort } from './ports/secrets-port.ts';
import type { SubAgentsPort } from './ports/sub-agents-port.ts';
import type { VisionPort } from './ports/vision-port.ts';
import type { PagesPort, SearchPort } from './ports/web-port.ts';
import type { WorkspacePort } from './ports/workspace-files-port.ts';
import type { XPort } from './ports/x-port.ts';

/**
 * What a tool may read and use while it runs: the action's identity, the plan, a stop
 * signal, and the ports (each an interface in `src/shared/protocol/ports/`). A tool never builds
 * a client or reads settings itself; tests hand it fakes.
 */
export type ToolContext = {
  conversationId: string;
  /** The action's uuid (both of its envelopes carry it). */
  uuid: string;
  plan: Plan | null;
  signal: AbortSignal;
  now(): number;
  /** The conversation's sandbox, opened on first use (tools that never touch it never open it). */
  sandbox(): Promise<SandboxPort>;
  /** Every outbound request: the allow-list, timeouts, byte caps, abort. */
  network: NetworkPort;
  /** Keys by name from settings, redacted from everything the run writes. */
  secrets: SecretsPort;
  /** Streams partial output or progress of this action (not durable). */
  progress: ProgressPort;
  /** Saves and reads workspace files within the size limit. */
  workspace: WorkspacePort;
  /** The sandbox's servers and the same-origin preview URL of a workspace file. */
  previews: PreviewsPort;
  /** The conversation's own previews loaded with their scripts run (in the page's agent frame), read and acted on. */
  livePreviews: LivePreviewsPort;
  /** Searches the providers Settings → Search allows (images saved to the workspace). */
  search: SearchPort;
  /** Opens a page (web or workspace) as readable markdown saved to the workspace. */
  pages: PagesPort;
  /** Makes images and speech at the endpoints Settings → Media gives. */
  media: MediaPort;
  /** The conversation's modes (generation), as its log records them. */
  modes: ModesPort;
  /** Whether the model sees images, and the drawing that fits them (and PDF pages) for it. */
  vision: VisionPort;
  /** Saves schedules (with this conversation's provider and profile) and hands them to the scheduler. */
  schedules: SchedulesPort;
  /** Sub-agents of this action (muxd's `task`): fresh conversations run to their end. */
  subAgents: SubAgentsPort;
  /** One request to the conversation's own model (structured output, extraction), outside the run's context. */
  completion: CompletionPort;
  /** X API v2 through the proxy Settings → X names, with its token (muxd's `x_*` tools). */
  x: XPort;
};
