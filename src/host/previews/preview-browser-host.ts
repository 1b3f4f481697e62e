import type {
  PreviewAction,
  PreviewActionResult,
  PreviewBrowserHostPort,
  PreviewLookOptions,
  PreviewOpenResult,
} from '../../protocol/preview-browser.ts';
import { parsePreviewUrl } from '../../pwa/preview-url.ts';
import type { PreviewFrames } from './preview-frames.ts';

/** How long a page has to start (its runtime's hello) once its address is set. */
const START_TIMEOUT_MS = 15_000;
/** How long a page has to answer a look or an action (it waits for the page to settle first). */
const ANSWER_TIMEOUT_MS = 20_000;
/** The agent's window onto its pages, in CSS pixels (a laptop's). */
const FRAME_SIZE = { width: 1280, height: 800 };

type AgentFrame = {
  frame: HTMLIFrameElement;
  unregister: () => void;
  hasPage: boolean;
  /** Called when a page starts in the frame, while a load waits for it. */
  onStart: (() => void) | null;
};

/**
 * The agent's own browser for its previews (the main thread's side of `browser` and
 * `browser_use` on a conversation's own pages): one frame per conversation, out of
 * sight and out of the way (transparent, no pointer events, hidden from assistive
 * technology, behind the app), laid out at a laptop's size so the page renders as a
 * person would see it. The frame loads only the conversation's own preview addresses,
 * served sandboxed like every preview, with the preview runtime: its storage is the
 * conversation's, its console is read with the page.
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
    if (missing) return { ok: false, reason: missing };
    const agentFrame = this.frameOf(conversationId);
    const started = await this.load(agentFrame, url);
    if (!started)
      return {
        ok: false,
        reason: `The page did not start within ${START_TIMEOUT_MS / 1000} s: it is not an HTML page of the workspace, or it navigated away at once.`,
      };
    const reply = await this.previewFrames.command(
      agentFrame.frame,
      { action: null, screenshot: options.screenshot },
      ANSWER_TIMEOUT_MS,
    );
    return reply.ok && reply.state ? { ok: true, state: reply.state } : { ok: false, reason: reply.detail };
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
    const reply = await this.previewFrames.command(
      agentFrame.frame,
      { action, screenshot: options.screenshot },
      ANSWER_TIMEOUT_MS,
    );
    return reply.ok && reply.state
      ? { ok: true, detail: reply.detail, state: reply.state }
      : { ok: false, reason: reply.detail || 'The action failed.', state: reply.state };
  }

  async close(conversationId: string): Promise<void> {
    const agentFrame = this.frames.get(conversationId);
    if (!agentFrame) return;
    this.frames.delete(conversationId);
    agentFrame.unregister();
    agentFrame.frame.remove();
  }

  /** Closes every frame (the page is going). */
  closeAll(): void {
    for (const conversationId of [...this.frames.keys()]) void this.close(conversationId);
  }

  /** Why `url` may not be opened for this conversation, or null when it is one of its previews. */
  private refusal(conversationId: string, url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${url} is not an address.`;
    }
    const target = parsed.origin === this.origin ? parsePreviewUrl(parsed, this.scopePath) : null;
    if (!target) return `${url} is not a preview of this conversation’s workspace.`;
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

  private frameOf(conversationId: string): AgentFrame {
    const existing = this.frames.get(conversationId);
    if (existing) return existing;
    const frame = document.createElement('iframe');
    frame.title = 'The agent’s preview browser';
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
    const agentFrame: AgentFrame = { frame, unregister: () => undefined, hasPage: false, onStart: null };
    this.container.append(frame);
    agentFrame.unregister = this.previewFrames.register(frame, {
      conversationId,
      onPageStart: () => agentFrame.onStart?.(),
    });
    this.frames.set(conversationId, agentFrame);
    return agentFrame;
  }

  /** Sets the frame's address and waits for the page's runtime to say it started. */
  private load(agentFrame: AgentFrame, url: string): Promise<boolean> {
    agentFrame.hasPage = false;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        agentFrame.onStart = null;
        resolve(false);
      }, START_TIMEOUT_MS);
      agentFrame.onStart = () => {
        clearTimeout(timer);
        agentFrame.onStart = null;
        agentFrame.hasPage = true;
        resolve(true);
      };
      agentFrame.frame.src = url;
    });
  }
}
