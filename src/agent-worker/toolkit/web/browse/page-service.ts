import type { LivePreviewsPort } from '@/agent-worker/toolkit/ports/live-previews-port.ts';
import type { SecretsPort } from '@/agent-worker/toolkit/ports/secrets-port.ts';
import {
  type LiveReading,
  PageError,
  type PageReport,
  type PageRequest,
  type PagesPort,
} from '@/agent-worker/toolkit/ports/web-port.ts';
import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import type { PreviewsPort } from '@/shared/protocol/ports/previews-port.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import type { PageSource } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { webServiceById } from '@/shared/protocol/web/web-services.ts';
import { proxiedUrl, type WebSettings } from '@/shared/protocol/web/web-settings.ts';
import type { ExtractedPage } from '../pages/extracted-page.ts';
import { orderByFocus } from '../pages/focus-sections.ts';
import { pageFromMarkdown } from '../pages/reader-markdown.ts';
import type { ServiceQueues } from '../rate-limits.ts';
import type { WebClock } from '../web-clock.ts';
import { isServiceEnabled, type WebNetworks } from '../web-networks.ts';
import { addressWithRoute, isRenderedPage, readLivePage } from './live-page.ts';
import { savePage } from './page-files.ts';
import {
  type HtmlExtractor,
  readAddress,
  readThroughJina,
  readThroughTavily,
  WAY_NAMES,
  WayFailed,
} from './page-ways.ts';
import { workspaceTargetOf } from './workspace-pages.ts';

/** Jina Reader's limits: about 20 pages a minute without a key, 500 with one. */
const JINA_LIMIT = { requests: 20, perMs: 60_000 };
const JINA_KEYED_LIMIT = { requests: 500, perMs: 60_000 };

export type PageServiceDependencies = {
  conversationId: string;
  /** The app's scope URL (its preview addresses live under it). */
  appBaseUrl: string;
  web: WebSettings;
  networks: WebNetworks;
  secrets: SecretsPort;
  queues: ServiceQueues;
  clock: WebClock;
  progress: ProgressPort;
  workspace: WorkspacePort;
  previews: PreviewsPort;
  /** The conversation's previews loaded live, for requests that ask (its own HTML pages only). */
  livePreviews: LivePreviewsPort;
  /** HTML to a page; by default the extractor module, loaded on first use. */
  extract?: HtmlExtractor;
};

/** The extractor module, loaded once on first use (it carries a DOM, Defuddle and an HTML-to-markdown converter). */
const lazyExtract: HtmlExtractor = async (html, pageUrl) =>
  (await import('../pages/extract/extract-html.ts')).extractHtml(html, pageUrl);

/**
 * The pages port: opens a workspace page from the workspace, and a web page straight
 * from its site when it allows it (CORS), else through the relays the person allows, in
 * order — Jina Reader, their CORS proxy, Tavily extract. A workspace HTML page asked for
 * live is loaded in the agent's browser and read as rendered, or read from its file
 * (saying why) when that cannot be done. The readable content is saved
 * as markdown in `/home/ubuntu/pages/`; with a focus, the most relevant sections come
 * first in what is returned. When nothing works the error lists every way tried and why.
 */
export function createPageService(dependencies: PageServiceDependencies): PagesPort {
  return { open: (request, signal) => openPage(dependencies, request, signal) };
}

async function openPage(
  dependencies: PageServiceDependencies,
  request: PageRequest,
  signal: AbortSignal,
): Promise<PageReport> {
  const extract = dependencies.extract ?? lazyExtract;
  const target = workspaceTargetOf(request.url, dependencies.conversationId, dependencies.appBaseUrl);
  if (target && 'refused' in target) throw new PageError(target.refused, []);
  if (target) {
    const file = await workspaceFile(dependencies, target.path);
    const liveUrl = dependencies.previews.urlFor(file);
    const finalUrl = `file://${file}`;
    let live: LiveReading | null = null;
    if (request.live && liveUrl !== null && isRenderedPage(file)) {
      const address = addressWithRoute(liveUrl, request.url);
      const look = request.live;
      const read = await readLivePage(dependencies, { file, address, look }, signal);
      if ('page' in read) {
        const { page, state } = read;
        return report(dependencies, request, page, {
          via: 'workspace',
          finalUrl,
          attempts: [],
          liveUrl: state.url,
          live: { state },
        });
      }
      live = read;
    }
    const page = await readWorkspacePage(dependencies, file, extract);
    return report(dependencies, request, page, {
      via: 'workspace',
      finalUrl,
      attempts: [],
      liveUrl,
      ...(live ? { live } : {}),
    });
  }
  let url: URL;
  try {
    url = new URL(request.url.trim());
  } catch {
    throw new PageError(`"${request.url}" is not a URL: include the protocol (https://…).`, []);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PageError(`${url.protocol} addresses cannot be opened; use an http(s) URL.`, []);
  }
  const attempts: { via: PageSource; reason: string }[] = [];
  for (const way of waysFor(dependencies, url.href, extract)) {
    if (typeof way.run === 'string') {
      attempts.push({ via: way.via, reason: way.run });
      continue;
    }
    dependencies.progress.status({ text: `Reading ${url.host} through ${WAY_NAMES[way.via]}` });
    try {
      const { page, finalUrl } = await way.run(signal);
      return report(dependencies, request, page, { via: way.via, finalUrl, attempts, liveUrl: null });
    } catch (error) {
      if (signal.aborted) throw error;
      // Any failure of one way (a refusal, a relay's error reply, a page the extractor
      // cannot read) is recorded, and the next way is tried.
      if (!(error instanceof WayFailed)) {
        attempts.push({ via: way.via, reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      attempts.push({ via: way.via, reason: error.message });
      const isMissing = way.via === 'direct' && (error.status === 404 || error.status === 410);
      if (error.isFinal || isMissing) break;
    }
  }
  throw new PageError(failureMessage(url.href, attempts), attempts);
}

type Way = {
  via: PageSource;
  run: ((signal: AbortSignal) => Promise<{ page: ExtractedPage; finalUrl: string }>) | string;
};

/** The ways to read `url`, in order; a way that cannot be used says why instead. */
function waysFor(dependencies: PageServiceDependencies, url: string, extract: HtmlExtractor): Way[] {
  const { web, networks, secrets, queues, clock, progress } = dependencies;
  const off = (id: Parameters<typeof isServiceEnabled>[1]) =>
    isServiceEnabled(web, id) ? null : `${webServiceById(id).name} is switched off (Settings → Search)`;
  const proxy = proxiedUrl(web.corsProxyTemplate, url);
  return [
    {
      via: 'direct',
      run: off('direct') ?? ((signal) => readAddress(networks.for(['direct']), url, url, extract, signal)),
    },
    {
      via: 'jina_reader',
      run:
        off('jina_reader') ??
        (async (signal) => {
          const key = await secrets.get('jina');
          // With and without a key the limits differ: one queue each.
          const queue = key
            ? queues.queueFor('jina_reader:keyed', 'Jina Reader', JINA_KEYED_LIMIT)
            : queues.queueFor('jina_reader', 'Jina Reader', JINA_LIMIT);
          await queue.take(clock, signal, (waitMs) =>
            progress.status({ text: `Waiting ${Math.ceil(waitMs / 1000)} s for Jina Reader's rate limit` }),
          );
          return readThroughJina(networks.for(['jina_reader']), url, key, signal);
        }),
    },
    {
      via: 'cors_proxy',
      run:
        off('cors_proxy') ??
        (proxy === null
          ? 'no CORS proxy is set (Settings → Search)'
          : (signal) => readAddress(networks.for(['cors_proxy']), proxy, url, extract, signal)),
    },
    {
      via: 'tavily',
      run:
        off('tavily') ??
        (async (signal) => {
          const key = await secrets.get('tavily');
          if (!key) throw new WayFailed('no Tavily key is set (Settings → Search)');
          return readThroughTavily(networks.for(['tavily']), url, key, signal);
        }),
    },
  ];
}

/** The workspace file `path` names: itself, or a folder's `index.html`. */
async function workspaceFile(dependencies: PageServiceDependencies, path: string): Promise<string> {
  const { workspace } = dependencies;
  if (await workspace.exists(path)) return path;
  const index = `${path.replace(/\/+$/, '')}/index.html`;
  if (!(await workspace.exists(index))) throw new PageError(`There is no file at ${path}.`, []);
  return index;
}

/** The workspace file `file` read as a page (HTML extracted, anything else taken as markdown). */
async function readWorkspacePage(
  dependencies: PageServiceDependencies,
  file: string,
  extract: HtmlExtractor,
): Promise<ExtractedPage> {
  const text = new TextDecoder().decode(await dependencies.workspace.read(file));
  return isRenderedPage(file)
    ? await extract(text, `file://${file}`)
    : pageFromMarkdown('', text, `file://${file}`);
}

async function report(
  dependencies: PageServiceDependencies,
  request: PageRequest,
  page: ExtractedPage,
  how: Pick<PageReport, 'via' | 'finalUrl' | 'attempts' | 'liveUrl' | 'live'>,
): Promise<PageReport> {
  const title = page.title.trim() || how.finalUrl;
  const path = await savePage(
    dependencies.workspace,
    { ...page, title },
    how.finalUrl,
    how.via,
    dependencies.clock.now(),
  );
  const markdown =
    request.focus && request.focus.trim() !== '' ? orderByFocus(page.markdown, request.focus) : page.markdown;
  return {
    url: request.url,
    finalUrl: how.finalUrl,
    title,
    markdown,
    path,
    via: how.via,
    wordCount: page.wordCount,
    liveUrl: how.liveUrl,
    attempts: how.attempts,
    ...(how.live ? { live: how.live } : {}),
  };
}

function failureMessage(url: string, attempts: readonly { via: PageSource; reason: string }[]): string {
  const lines = attempts.map((attempt) => `- ${WAY_NAMES[attempt.via]}: ${attempt.reason}`);
  const relaysOff = attempts
    .filter((attempt) => attempt.via !== 'direct')
    .every((attempt) => /switched off|no .* is set|no Tavily key/.test(attempt.reason));
  const advice = relaysOff
    ? '\nMost sites refuse requests from a web page. To read them, switch on Jina Reader, set a CORS proxy, or add a Tavily key in Settings → Search.'
    : '';
  return `Could not open ${url}:\n${lines.join('\n')}${advice}`;
}
