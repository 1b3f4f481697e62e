import { createMemo, createResource, createSignal, For, Match, Show, Switch } from 'solid-js';
import { escapeRawHtml } from '@/page/state/computer/page-markdown.ts';
import { livePageUrl, pageReport, pageSourceLabel } from '@/page/state/computer/page-report.ts';
import { httpUrl } from '@/page/state/computer/search-report.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { BrowserMeta } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { useApp } from '../../app/app-context.ts';
import { formatProgress } from '../../shared/format.ts';
import { Icon } from '../../shared/icons.tsx';
import { renderMarkdown } from '../../shared/markdown.ts';
import './web-views.css';
import { ConsoleSnapshot } from '../../previews/console-snapshot.tsx';
import { LivePane } from '../../previews/live-pane.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/** Markdown rendered at most; a longer saved page is cut with a note (the file keeps all of it). */
const MAX_RENDERED_BYTES = 512 * 1024;

/** The app's scope, where the service worker serves `preview/`. */
const APP_BASE = new URL(import.meta.env.BASE_URL, window.location.origin);

/**
 * The saved page read from the workspace and rendered through the sanitising markdown
 * renderer, any raw HTML in it shown as text.
 */
function ReaderPane(props: { path: string }) {
  const { workspace, ui } = useApp();
  const [file] = createResource(
    () => props.path,
    (path) => workspace.readFile(path),
  );
  const page = createMemo(() => {
    const shown = file.state === 'ready' ? file() : undefined;
    if (!shown) return null;
    const isCut = shown.content.byteLength > MAX_RENDERED_BYTES;
    const text = new TextDecoder().decode(shown.content.subarray(0, MAX_RENDERED_BYTES));
    return { html: renderMarkdown(escapeRawHtml(text), { isWebContent: true, headingLevel: 4 }), isCut };
  });
  return (
    <Switch>
      <Match when={file.state === 'errored'}>
        <p class="view-message is-error" role="alert">
          Could not read the saved page:{' '}
          {file.error instanceof Error ? file.error.message : String(file.error)}
        </p>
      </Match>
      <Match when={file.loading}>
        <p class="view-message">Reading the saved page…</p>
      </Match>
      <Match when={file.state === 'ready' && file() === null}>
        <p class="view-message">The saved page ({props.path}) is not in the workspace now.</p>
      </Match>
      <Match when={page()}>
        {(shown) => (
          <>
            <Show when={shown().isCut}>
              <p class="view-note">
                Showing the start of a long page.{' '}
                <button type="button" class="link-button" onClick={() => ui.openFile(props.path)}>
                  Open {props.path} in Files
                </button>{' '}
                to see all of it.
              </p>
            </Show>
            <article class="markdown page-reader" aria-label="Page content" innerHTML={shown().html} />
          </>
        )}
      </Match>
    </Switch>
  );
}

/**
 * A browser action as a reader: the address (a link, new tab), the title, how the page was
 * read and its length, then the saved markdown rendered and sanitised. A workspace page
 * can also be shown live, sandboxed with scripts but without this app's origin.
 */
export function BrowserView(props: { item: ActionItem }) {
  const { conversations, ui, toolOutput } = useApp();
  const report = createMemo(() => pageReport(props.item.meta, props.item.callArguments));
  /** The console the agent read with a page it rendered (none for a page it only read). */
  const agentConsole = createMemo(() => {
    const meta = BrowserMeta.safeParse(props.item.meta);
    return meta.success && meta.data.rendered ? (meta.data.console ?? []) : null;
  });
  const [isLive, setLive] = createSignal(false);
  const liveUrl = createMemo(() => {
    const given = report().liveUrl;
    const conversationId = conversations.selectedId();
    return given && conversationId ? livePageUrl(given, conversationId, APP_BASE) : null;
  });
  const shownUrl = () => report().finalUrl ?? report().url;
  const progress = () => (props.item.status === 'running' ? toolOutput.statusOf(props.item.uuid) : null);

  return (
    <div class="browser-view">
      <div class="browser-address">
        <Icon name="browser" size={14} />
        <Show when={shownUrl()} fallback={<span class="browser-url">No address</span>}>
          {(url) => (
            <Show when={httpUrl(url())} fallback={<span class="browser-url web-plain-url">{url()}</span>}>
              {(href) => (
                <a class="browser-url" href={href()} target="_blank" rel="noopener noreferrer">
                  {url()}
                </a>
              )}
            </Show>
          )}
        </Show>
      </div>
      <Show when={report().title}>{(title) => <h4 class="browser-title">{title()}</h4>}</Show>
      <p class="browser-facts">
        <Show when={report().via}>
          {(via) => (
            <span>
              {agentConsole() ? 'Rendered from the workspace, its scripts run' : pageSourceLabel(via())}
            </span>
          )}
        </Show>
        <Show when={report().wordCount !== null}>
          <span>{(report().wordCount ?? 0).toLocaleString('en-US')} words</span>
        </Show>
        <Show when={report().finalUrl !== null && report().url}>
          {(asked) => <span class="browser-redirect">Redirected from {asked()}</span>}
        </Show>
        <Show when={report().markdownPath}>
          {(path) => (
            <button type="button" class="link-button" onClick={() => ui.openFile(path())}>
              Saved as {path()}
            </button>
          )}
        </Show>
      </p>
      <Show when={report().attempts.length > 0}>
        <details class="provider-reasons">
          <summary>Tried first</summary>
          <ul>
            <For each={report().attempts}>
              {(attempt) => (
                <li>
                  <strong>{pageSourceLabel(attempt.via)}</strong>: {attempt.reason}
                </li>
              )}
            </For>
          </ul>
        </details>
      </Show>
      <Show when={agentConsole()}>{(entries) => <ConsoleSnapshot entries={entries()} />}</Show>
      <Show when={liveUrl()}>
        <div class="view-toolbar">
          <fieldset class="segmented">
            <legend class="visually-hidden">Show the page as</legend>
            <button type="button" aria-pressed={!isLive()} onClick={() => setLive(false)}>
              Reader
            </button>
            <button type="button" aria-pressed={isLive()} onClick={() => setLive(true)}>
              Live page
            </button>
          </fieldset>
          <span class="view-toolbar-note">
            The live page runs sandboxed: scripts, but no access to this app.
          </span>
        </div>
      </Show>
      <Switch>
        <Match when={isLive() && liveUrl()}>
          {(url) => <LivePane url={url()} title={`Live page: ${report().title ?? shownUrl() ?? ''}`} />}
        </Match>
        <Match when={report().markdownPath}>{(path) => <ReaderPane path={path()} />}</Match>
        <Match when={props.item.status === 'running'}>
          <p class="view-message">
            {(() => {
              const current = progress();
              return current ? formatProgress(current) : 'Opening the page…';
            })()}
          </p>
        </Match>
        <Match when={true}>
          <p class="view-message">No readable content was saved for this page.</p>
        </Match>
      </Switch>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Browser',
  component: BrowserView,
  kinds: { browser: 'browser' },
};
