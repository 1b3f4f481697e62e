import type {
  PreviewAction,
  PreviewActionResult,
  PreviewLookOptions,
  PreviewOpenResult,
} from '@/shared/protocol/preview-browser.ts';

/**
 * The conversation's own previews, live: a page of its workspace loaded with its scripts
 * run (in the main thread's agent frame), read as rendered, and acted on. Replies are
 * already checked against the schemas of `preview-browser.ts`.
 */
export interface LivePreviewsPort {
  /** Why live previews cannot be used now (no page to host them, as in Node tests), or null when they can. */
  unavailableReason(): string | null;
  /** Loads a preview address of this conversation and reports the page once it settles. */
  open(url: string, options: PreviewLookOptions, signal: AbortSignal): Promise<PreviewOpenResult>;
  /** Acts on the page open now and reports it after. */
  act(action: PreviewAction, options: PreviewLookOptions, signal: AbortSignal): Promise<PreviewActionResult>;
}
