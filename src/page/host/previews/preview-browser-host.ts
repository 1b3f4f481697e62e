import type {
  PreviewAction,
  PreviewActionResult,
  PreviewBrowserHostPort,
  PreviewLookOptions,
  PreviewOpenResult,
} from '@/shared/protocol/preview-browser.ts';
import { AGENT_FRAME_NAME, MAX_REASON_CHARS } from '@/shared/protocol/preview-limits.ts';
import { parsePreviewUrl } from '@/shared/pwa/preview-url.ts';
import { canReachFrame } from '../../ui/shared/frames.ts';
import type { PreviewFrames, PreviewReply } from './preview-frames.ts';

/** How long a page has to start (its runtime's hello) once its address is set. */
const START_TIMEOUT_MS = 10_000;
/**
 * How long a page has to answer a look or an action (it waits for the page to settle
 * first). An action that leaves the page then looks at the next one: both stay within
 * the worker's 30 s.
 */
const ANSWER_TIMEOUT_MS = 12_000;
/** The agent's window onto its pages, in CSS pixels (a laptop's). */
const FRAME_SIZE = { width: 1280, height: 800 };
/** Frames kept at once (the most recently used), and how long an unused one stays. */
const MAX_FRAMES = 2;
const IDLE_CLOSE_MS = 5 * 60_000;

type AgentFrame = {
  frame: HTMLIFrameElement;
  unregister: () => void;
  hasPage: boolean;
  /** Called when a page starts in the frame, while a load waits for it. */
  onStart: (() => void) | null;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
};

/**
 * The agent's own browser for its previews (the main thread's side of `browser` and
 * `browser_use` on a conversation's own pages): one frame per conversation, out of
 * sight and out of the way (transparent, no pointer events, hidden from assistive
 * technology, behind the app), laid out at a laptop's size so the page renders as a
 * person would see it. The frame loads only the conversation's own preview addresses,
 * served sandboxed like every preview, with the preview runtime: its storage is the
 * conversation's, its console is read with the page, its dialogs are answered (nobody
 * sees them). At most two frames live at once, each closed after five idle minutes;
 * focus taken by the page goes back where the person had it.
 */
export class PreviewBrowserHost implements PreviewBrowserHostPort {
  private readonly frames = new Map<string, AgentFrame>();

  constructor(
    private readonly previewFrames: PreviewFrames,
    private readonly container: HTMLElement,
    private readonly scopePath: string,
    private readonly origin: string,
  ) {}

  async open(conversationId: string, url: string, options: PreviewLookOptions): Promise<PreviewOpenResult> {
    const refusal = this.refusal(conversationId, url);
    if (refusal) return { ok: false, reason: refusal };
    const missing = await this.missingPage(url);
    if (missing) return { ok: false, reason: missing.slice(0, MAX_REASON_CHARS) };
    const agentFrame = this.frameOf(conversationId);
    const started = await this.load(agentFrame, url);
    if (!started)
      return {
        ok: false,
        reason: `The page did not start within ${START_TIMEOUT_MS / 1000} s: it is not an HTML page of the workspace, or it navigated away at once.`,
      };
    const reply = await this.command(agentFrame, null, options);
    return reply.ok && reply.state
      ? { ok: true, state: reply.state }
      : { ok: false, reason: reason(reply.detail, 'The page could not be read.') };
  }

  async act(
    conversationId: string,
    action: PreviewAction,
    options: PreviewLookOptions,
  ): Promise<PreviewActionResult> {
    const agentFrame = this.frames.get(conversationId);
    if (!agentFrame?.hasPage)
      return {
        ok: false,
        reason: 'No page is open in the agent’s preview browser: open one first.',
        state: null,
      };
    const reply = await this.command(agentFrame, action, options);
    if (reply.navigatedTo !== undefined) {
      // The action took the page elsewhere (a link, a form sent): it was done; report the page it led to.
      const next = await this.command(agentFrame, null, options);
      return next.ok && next.state
        ? { ok: true, detail: `Done, and the page went to ${reply.navigatedTo}`, state: next.state }
        : {
            ok: false,
            reason: reason(`Done, but the next page could not be read: ${next.detail}`, ''),
            state: null,
          };
    }
    return reply.ok && reply.state
      ? { ok: true, detail: reply.detail, state: reply.state }
      : { ok: false, reason: reason(reply.detail, 'The action failed.'), state: reply.state };
  }

  async close(conversationId: string): Promise<void> {
    const agentFrame = this.frames.get(conversationId);
    if (!agentFrame) return;
    this.frames.delete(conversationId);
    clearTimeout(agentFrame.idleTimer);
    agentFrame.unregister();
    agentFrame.frame.remove();
  }

  /** Closes every frame (the page is going). */
  closeAll(): void {
    for (const conversationId of [...this.frames.keys()]) void this.close(conversationId);
  }

  /** A look or an action, the person's focus kept where it was should the page take it. */
  private async command(
    agentFrame: AgentFrame,
    action: PreviewAction | null,
    options: PreviewLookOptions,
  ): Promise<PreviewReply> {
    const focused = document.activeElement;
    try {
      return await this.previewFrames.command(
        agentFrame.frame,
        { action, screenshot: options.screenshot },
        ANSWER_TIMEOUT_MS,
      );
    } finally {
      if (document.activeElement === agentFrame.frame && focused instanceof HTMLElement) focused.focus();
    }
  }

  /** Why `url` may not be opened for this conversation, or null when it is one of its previews. */
  private refusal(conversationId: string, url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${url.slice(0, 500)} is not an address.`;
    }
    const target = parsed.origin === this.origin ? parsePreviewUrl(parsed, this.scopePath) : null;
    if (!target) return `${url.slice(0, 500)} is not a preview of this conversation’s workspace.`;
    if (target.conversationId !== conversationId)
      return 'That preview address belongs to another conversation.';
    return null;
  }

  /** The service worker's "not found" in words, or null when the address serves a page. */
  private async missingPage(url: string): Promise<string | null> {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (response.ok) {
        void response.body?.cancel();
        return null;
      }
      return (await response.text()).slice(0, 500) || `The preview answered ${response.status}.`;
    } catch (error) {
      return `The preview could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** The conversation's frame (made on first use; the least recently used goes past `MAX_FRAMES`), kept alive a while. */
  private frameOf(conversationId: string): AgentFrame {
    const agentFrame = this.frames.get(conversationId) ?? this.createFrame(conversationId);
    // Most recently used last.
    this.frames.delete(conversationId);
    this.frames.set(conversationId, agentFrame);
    for (const [oldest] of this.frames) {
      if (this.frames.size <= MAX_FRAMES) break;
      void this.close(oldest);
    }
    clearTimeout(agentFrame.idleTimer);
    agentFrame.idleTimer = setTimeout(() => void this.close(conversationId), IDLE_CLOSE_MS);
    return agentFrame;
  }

  private createFrame(conversationId: string): AgentFrame {
    const frame = document.createElement('iframe');
    frame.title = 'The agent’s preview browser';
    frame.name = AGENT_FRAME_NAME;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.referrerPolicy = 'no-referrer';
    Object.assign(frame.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      width: `${FRAME_SIZE.width}px`,
      height: `${FRAME_SIZE.height}px`,
      border: '0',
      opacity: '0',
      pointerEvents: 'none',
      zIndex: '-1',
    });
    const agentFrame: AgentFrame = {
      frame,
      unregister: () => undefined,
      hasPage: false,
      onStart: null,
      idleTimer: undefined,
    };
    // A page that took the frame somewhere this app can reach into (its own origin) loses it.
    frame.addEventListener('load', () => {
      if (canReachFrame(frame)) void this.close(conversationId);
    });
    this.container.append(frame);
    agentFrame.unregister = this.previewFrames.register(frame, {
      conversationId,
      onPageStart: () => agentFrame.onStart?.(),
    });
    return agentFrame;
  }

  /**
   * Sets the frame's address and waits for the page's runtime to say it started. An
   * address that differs from the page shown only by its fragment would merely scroll
   * (a hash-routed app): the frame goes blank first, so the page loads anew.
   */
  private async load(agentFrame: AgentFrame, url: string): Promise<boolean> {
    agentFrame.hasPage = false;
    const { frame } = agentFrame;
    if (frame.src && withoutFragment(frame.src) === withoutFragment(url)) {
      await new Promise<void>((resolve) => {
        frame.addEventListener('load', () => resolve(), { once: true });
        frame.src = 'about:blank';
      });
    }
    return new Promise((resolve) => {
      const onStart = () => {
        clearTimeout(timer);
        if (agentFrame.onStart === onStart) agentFrame.onStart = null;
        agentFrame.hasPage = true;
        resolve(true);
      };
      const timer = setTimeout(() => {
        if (agentFrame.onStart === onStart) agentFrame.onStart = null;
        resolve(false);
      }, START_TIMEOUT_MS);
      agentFrame.onStart = onStart;
      frame.src = url;
    });
  }
}

function withoutFragment(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
}

function reason(text: string, fallback: string): string {
  return (text || fallback).slice(0, MAX_REASON_CHARS);
}
