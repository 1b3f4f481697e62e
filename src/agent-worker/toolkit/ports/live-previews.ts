import type { z } from 'zod';
import {
  PreviewActionResult,
  type PreviewBrowserHostPort,
  PreviewOpenResult,
} from '@/shared/protocol/preview-browser.ts';
import { previewPath, WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { workspaceTargetOf } from '../web/browse/workspace-pages.ts';
import type { LivePreviewsPort } from './live-previews-port.ts';

/** How long the agent's browser may take to load or act on a page and report it. */
export const LIVE_PREVIEW_TIMEOUT_MS = 30_000;

/** Said when no page has handed the worker its preview browser. */
export const NO_PREVIEW_BROWSER =
  'Live previews are not available here: no Sandpiper page has connected its preview browser to the agent (it does once the app has loaded in a browser tab), so pages are read from their files without running their scripts.';

/**
 * The main thread's preview browser as the worker holds it: none until the page connects
 * one (`connectPreviewBrowser`), the latest after that (a page that reconnects, or a
 * worker restarted under the same page, replaces it). Runs read it at each call, so a
 * run that started before the page connected still gets it.
 */
export class PreviewBrowserLink {
  private host: PreviewBrowserHostPort | null = null;

  connect(host: PreviewBrowserHostPort): void {
    this.host = host;
  }

  get current(): PreviewBrowserHostPort | null {
    return this.host;
  }
}

export type LivePreviewsOptions = {
  conversationId: string;
  /** The app's scope URL (where `/preview/` is served). */
  appBaseUrl: string;
  link: PreviewBrowserLink;
  /** Default `LIVE_PREVIEW_TIMEOUT_MS`; tests shorten it. */
  timeoutMs?: number;
};

/**
 * The live-previews port of a run, bound to its conversation. Only the conversation's own
 * pages are handed to the host (a `/preview/<conversation>/…` address, or a `file://` or
 * `/home/ubuntu/…` path, sent as its preview address); anything else is refused before
 * the host hears of it. The host's replies cross a thread and describe a page whose
 * scripts the agent wrote, so each is parsed with its schema, and a malformed reply, a
 * host that throws or one that does not answer in time becomes a failed result with the
 * reason. Stopping the run rejects with the signal's reason (the host's work is left to
 * finish on its own: the next `open` replaces the page).
 */
export function createLivePreviews(options: LivePreviewsOptions): LivePreviewsPort {
  const timeoutMs = options.timeoutMs ?? LIVE_PREVIEW_TIMEOUT_MS;
  const { conversationId, link } = options;
  return {
    unavailableReason: () => (link.current ? null : NO_PREVIEW_BROWSER),
    async open(url, look, signal) {
      const address = ownPreviewAddress(url, options);
      if ('refused' in address) return { ok: false, reason: address.refused };
      const reply = await ask(
        link,
        (host) => host.open(conversationId, address.url, look),
        signal,
        timeoutMs,
      );
      if ('failed' in reply) return { ok: false, reason: reply.failed };
      const parsed = PreviewOpenResult.safeParse(reply.value);
      return parsed.success ? parsed.data : { ok: false, reason: malformed(PreviewOpenResult, reply.value) };
    },
    async act(action, look, signal) {
      const reply = await ask(link, (host) => host.act(conversationId, action, look), signal, timeoutMs);
      if ('failed' in reply) return { ok: false, reason: reply.failed, state: null };
      const parsed = PreviewActionResult.safeParse(reply.value);
      if (parsed.success) return parsed.data;
      return { ok: false, reason: malformed(PreviewActionResult, reply.value), state: null };
    },
  };
}

/** A port that is never available, saying `reason` (for services built without a page, and tests). */
export function unavailableLivePreviews(reason: string = NO_PREVIEW_BROWSER): LivePreviewsPort {
  const refused = async () => ({ ok: false as const, reason, state: null });
  return { unavailableReason: () => reason, open: refused, act: refused };
}

/**
 * The preview address of `url` when it names one of the conversation's own pages: a
 * preview address as given (absolute, with its query and fragment), a workspace path as
 * the address the service worker serves it at.
 */
function ownPreviewAddress(
  url: string,
  options: Pick<LivePreviewsOptions, 'conversationId' | 'appBaseUrl'>,
): { url: string } | { refused: string } {
  const { conversationId, appBaseUrl } = options;
  const target = workspaceTargetOf(url, conversationId, appBaseUrl);
  if (target === null)
    return {
      refused: `${url} is not one of this conversation's pages: only its own previews (a /preview/${conversationId}/… address, or a /home/ubuntu/… file) open in the agent's browser.`,
    };
  if ('refused' in target) return target;
  const trimmed = url.trim();
  const base = new URL(appBaseUrl);
  const address = new URL(previewPath(conversationId, workspacePathOf(target.path) ?? ''), base);
  // A bare path is all path; a URL keeps its query and fragment (a single-page app's route).
  if (trimmed.startsWith(WORKSPACE_ROOT)) return { url: address.href };
  const parsed = new URL(trimmed, base);
  if (parsed.protocol !== 'file:') return { url: parsed.href };
  address.search = parsed.search;
  address.hash = parsed.hash;
  return { url: address.href };
}

type Reply = { value: unknown } | { failed: string };

/**
 * One call to the host, raced against the run's stop and the timeout. A host that throws
 * or is missing becomes a failure in words; the stop rejects.
 */
async function ask(
  link: PreviewBrowserLink,
  call: (host: PreviewBrowserHostPort) => Promise<unknown>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Reply> {
  signal.throwIfAborted();
  const host = link.current;
  if (!host) return { failed: NO_PREVIEW_BROWSER };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const timedOut = new Promise<Reply>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          failed: `The agent's browser did not report the page within ${Math.round(timeoutMs / 1000)} s (a script may be stuck in a loop, or the app's tab is busy or asleep).`,
        }),
      timeoutMs,
    );
  });
  const answered = call(host).then(
    (value): Reply => ({ value }),
    (error: unknown): Reply => ({
      failed: `The agent's browser failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
  try {
    return await Promise.race([answered, timedOut, stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * What was wrong with a reply, briefly: its first problems and where they are, against
 * the branch of the result its `ok` names (a union's own error says only that no branch fits).
 */
function malformed(schema: typeof PreviewOpenResult | typeof PreviewActionResult, reply: unknown): string {
  const ok = typeof reply === 'object' && reply !== null ? (reply as { ok?: unknown }).ok : undefined;
  const branch = (schema.options as readonly z.ZodObject[]).find(
    (option) => option.shape.ok?.safeParse(ok).success,
  );
  const issues = branch ? (branch.safeParse(reply).error?.issues ?? []) : [];
  const problems =
    issues.length > 0
      ? issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || 'reply'}: ${issue.message}`)
      : ['its `ok` is neither true nor false'];
  return `The agent's browser sent a reply that is not a page report (${problems.join('; ')}).`;
}
