import type {
  PreviewAction,
  PreviewConsoleEntry,
  PreviewPageState,
} from '@/shared/protocol/preview-browser.ts';
import {
  PREVIEW_MESSAGE_TAG,
  type PreviewCommand,
  PreviewPageMessage,
  type PreviewStorageArea,
} from '@/shared/protocol/preview-messages.ts';

/** Where a frame's storage goes (the `previewStorage` table, or a test's map). */
export interface PreviewStorageSink {
  save(
    conversationId: string,
    site: string,
    area: PreviewStorageArea,
    data: string,
    now: number,
  ): Promise<void>;
}

/** A frame this page shows a preview in, and who hears from it. */
export type PreviewFrameOptions = {
  /** The conversation whose preview it shows: its storage is saved there, whatever the page says. */
  conversationId: string;
  /** Each console entry as the page reports it. */
  onConsole?: (entry: PreviewConsoleEntry) => void;
  /** A page started in the frame (the first, a reload, or a navigation). */
  onPageStart?: (site: string, href: string) => void;
};

/**
 * A command's answer: what happened (or why not) and the page after it. `navigatedTo`:
 * the page left while the command ran (a link, a form sent) and this page started there.
 */
export type PreviewReply = {
  ok: boolean;
  detail: string;
  state: PreviewPageState | null;
  navigatedTo?: string;
};

/** A frame, and the site of the page it shows now (as its runtime said when it started). */
type Registered = { frame: HTMLIFrameElement; options: PreviewFrameOptions; site: string | null };
type Pending = { frame: HTMLIFrameElement; resolve: (reply: PreviewReply) => void };

/**
 * The app's side of every preview frame: it saves what the pages keep (their storage,
 * under the frame's conversation and the page's site), passes their console entries to
 * whoever shows them, and sends the agent's commands and awaits their answers. Messages
 * are accepted only from a registered frame's window and only in the shape of
 * `PreviewPageMessage`: the page's own scripts can post anything.
 */
export class PreviewFrames {
  private readonly frames = new Set<Registered>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Per storage key: the save running, and the newest text waiting behind it (older waiting ones are dropped). */
  private readonly writes = new Map<string, { running: Promise<void>; next: string | null }>();

  constructor(
    private readonly storage: PreviewStorageSink,
    private readonly now: () => number = Date.now,
    private readonly onSaveFailed: (reason: string) => void = () => undefined,
  ) {}

  /** Listens to the window's messages until the returned function is called. */
  listen(target: Window): () => void {
    const onMessage = (event: MessageEvent) => this.receive(event);
    target.addEventListener('message', onMessage);
    return () => target.removeEventListener('message', onMessage);
  }

  /** Hears from `frame` until the returned function is called. */
  register(frame: HTMLIFrameElement, options: PreviewFrameOptions): () => void {
    const entry: Registered = { frame, options, site: null };
    this.frames.add(entry);
    return () => {
      this.frames.delete(entry);
      for (const [id, pending] of this.pending) {
        if (pending.frame !== frame) continue;
        this.pending.delete(id);
        pending.resolve({ ok: false, detail: 'The preview was closed.', state: null });
      }
    };
  }

  /**
   * Asks the page in `frame` for its state, after `action` when one is given. Resolves
   * with its answer, or a failure after `timeoutMs` (a page busy in a loop, or one whose
   * runtime never started) or when the frame goes.
   */
  command(
    frame: HTMLIFrameElement,
    request: { action: PreviewAction | null; screenshot: boolean },
    timeoutMs: number,
  ): Promise<PreviewReply> {
    const id = this.nextId++;
    const target = frame.contentWindow;
    if (!target) return Promise.resolve({ ok: false, detail: 'The preview frame has no page.', state: null });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({
          ok: false,
          detail: `The page did not answer within ${Math.round(timeoutMs / 1000)} s (a script may be stuck, or the page is not a workspace preview).`,
          state: null,
        });
      }, timeoutMs);
      this.pending.set(id, {
        frame,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      });
      const command: PreviewCommand = { tag: PREVIEW_MESSAGE_TAG, type: 'command', id, ...request };
      // The page's origin is opaque: it cannot be named as the target. The command holds nothing secret.
      target.postMessage(command, '*');
    });
  }

  private receive(event: MessageEvent): void {
    if ((event.data as { tag?: unknown } | null)?.tag !== PREVIEW_MESSAGE_TAG) return;
    const registered = [...this.frames].find(({ frame }) => frame.contentWindow === event.source);
    if (!registered) return;
    const parsed = PreviewPageMessage.safeParse(event.data);
    if (!parsed.success) {
      this.refuseMalformedReply(registered, event.data);
      return;
    }
    const message = parsed.data;
    const { options } = registered;
    switch (message.type) {
      case 'hello':
        registered.site = message.site;
        this.settleOnNavigation(registered.frame, message.href);
        options.onPageStart?.(message.site, message.href);
        return;
      case 'console':
        options.onConsole?.(message.entry);
        return;
      case 'storage':
        // Only the site of the page the frame shows now: a page cannot write another site's storage.
        if (message.site === registered.site)
          this.save(options.conversationId, message.site, message.area, message.data);
        return;
      case 'reply': {
        const pending = this.pending.get(message.id);
        if (!pending || pending.frame !== registered.frame) return;
        this.pending.delete(message.id);
        pending.resolve({ ok: message.ok, detail: message.detail, state: message.state });
      }
    }
  }

  /** A page started in a frame with commands waiting: the page they were sent to has gone. */
  private settleOnNavigation(frame: HTMLIFrameElement, href: string): void {
    for (const [id, pending] of this.pending) {
      if (pending.frame !== frame) continue;
      this.pending.delete(id);
      pending.resolve({ ok: true, detail: `The page went to ${href}.`, state: null, navigatedTo: href });
    }
  }

  /** An answer to a waiting command that is not in the answers' shape fails it now, saying so, not by a timeout. */
  private refuseMalformedReply(registered: Registered, data: unknown): void {
    const reply = data as { type?: unknown; id?: unknown } | null;
    if (reply?.type !== 'reply' || typeof reply.id !== 'number') return;
    const pending = this.pending.get(reply.id);
    if (!pending || pending.frame !== registered.frame) return;
    this.pending.delete(reply.id);
    pending.resolve({
      ok: false,
      detail: 'The page answered with a report this app cannot read.',
      state: null,
    });
  }

  /**
   * Saves the newest text of each area: while one save of an area runs, only the latest
   * text waiting behind it is kept (a burst of writes is saved twice, not once per write).
   */
  private save(conversationId: string, site: string, area: PreviewStorageArea, data: string): void {
    const key = JSON.stringify([conversationId, site, area]);
    const current = this.writes.get(key);
    if (current) {
      current.next = data;
      return;
    }
    const entry = { running: Promise.resolve(), next: null as string | null };
    const run = async (text: string): Promise<void> => {
      try {
        await this.storage.save(conversationId, site, area, text, this.now());
      } catch (error) {
        this.onSaveFailed(error instanceof Error ? error.message : String(error));
      }
      const next = entry.next;
      entry.next = null;
      if (next !== null) return run(next);
      this.writes.delete(key);
    };
    this.writes.set(key, entry);
    entry.running = run(data);
  }

  /** Resolves once every save asked for so far has settled (for tests and for leaving the page). */
  async flushed(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes.values()].map((entry) => entry.running));
  }
}
