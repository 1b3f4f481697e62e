import { createMemo, createUniqueId, For, Show } from 'solid-js';
import {
  formatHitDate,
  httpUrl,
  providerTally,
  searchReport,
  timeLabel,
} from '@/page/state/computer/search-report.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import type { ProviderOutcome, SearchHit } from '@/shared/protocol/web/search-results.ts';
import { useApp } from '../../app/app-context.ts';
import { formatProgress } from '../../shared/format.ts';
import { Icon, type IconName } from '../../shared/icons.tsx';
import { FailedImages, ImageGrid } from './search-view-images.tsx';
import './search-view.css';
import './web-views.css';
import type { StepViewEntry } from './step-view-entry.ts';

const OUTCOME_ICONS: Record<ProviderOutcome['status'], IconName> = {
  answered: 'check',
  failed: 'cross',
  skipped: 'chevron-right',
};

function outcomeText(provider: ProviderOutcome): string {
  if (provider.status === 'answered')
    return `answered with ${provider.results} result${provider.results === 1 ? '' : 's'}`;
  return provider.status;
}

/** One chip per provider (✓ answered with its count, ✗ failed, › skipped), then why some gave nothing. */
function ProviderChips(props: { providers: ProviderOutcome[] }) {
  const unanswered = () => props.providers.filter((provider) => provider.status !== 'answered');
  const tally = () => providerTally(props.providers);
  return (
    <div class="provider-outcomes">
      <ul class="provider-chips" aria-label="Providers">
        <For each={props.providers}>
          {(provider) => (
            <li class="provider-chip" data-status={provider.status}>
              <Icon name={OUTCOME_ICONS[provider.status]} size={12} />
              <span class="provider-chip-name">{provider.name}</span>
              <Show when={provider.status === 'answered'}>
                <span class="provider-chip-count" aria-hidden="true">
                  {provider.results}
                </span>
              </Show>
              <span class="visually-hidden">: {outcomeText(provider)}</span>
            </li>
          )}
        </For>
      </ul>
      <Show when={unanswered().length > 0}>
        <details class="provider-reasons" open={tally().answered === 0}>
          <summary>
            Why{' '}
            {[
              tally().failed > 0 ? `${tally().failed} failed` : '',
              tally().skipped > 0
                ? `${tally().skipped} ${tally().skipped === 1 ? 'was' : 'were'} skipped`
                : '',
            ]
              .filter(Boolean)
              .join(' and ')}
          </summary>
          <ul>
            <For each={unanswered()}>
              {(provider) => (
                <li data-status={provider.status}>
                  <strong>{provider.name}</strong> {provider.status}
                  <Show when={provider.reason}>{(reason) => <>: {reason()}</>}</Show>
                </li>
              )}
            </For>
          </ul>
        </details>
      </Show>
    </div>
  );
}

/** One result: the title (a link when its address is http(s)), site, date, detail and snippet, all as text. */
function ResultEntry(props: { hit: SearchHit }) {
  const href = () => httpUrl(props.hit.url);
  return (
    <li class="search-result">
      <h5 class="search-result-title">
        <Show when={href()} fallback={<span>{props.hit.title || props.hit.url}</span>}>
          {(link) => (
            <a href={link()} target="_blank" rel="noopener noreferrer">
              {props.hit.title || props.hit.url}
            </a>
          )}
        </Show>
      </h5>
      <p class="search-result-meta">
        <span class="search-result-site">{props.hit.site}</span>
        <Show when={props.hit.date}>{(date) => <span>{formatHitDate(date())}</span>}</Show>
        <Show when={!href()}>
          <span class="web-plain-url" title="Not an http(s) address: shown as text only">
            {props.hit.url}
          </span>
        </Show>
      </p>
      <Show when={props.hit.detail}>{(detail) => <p class="search-result-detail">{detail()}</p>}</Show>
      <Show when={props.hit.snippet}>{(snippet) => <p class="search-result-snippet">{snippet()}</p>}</Show>
    </li>
  );
}

/**
 * A search action: which providers answered, failed or were skipped and why; the summary;
 * downloaded images as thumbnails from the workspace (opening a lightbox) with those that
 * could not be saved; then the results. Every third-party text is rendered as text.
 */
export function SearchView(props: { item: ActionItem }) {
  const { toolOutput } = useApp();
  const report = createMemo(() => searchReport(props.item.meta, props.item.callArguments));
  const resultsHeading = createUniqueId();
  const progress = () => (props.item.status === 'running' ? toolOutput.statusOf(props.item.uuid) : null);
  const isEmpty = () =>
    report().results.length === 0 && report().images.length === 0 && report().failedImages.length === 0;

  return (
    <div class="search-view">
      <div class="view-toolbar">
        <Show when={report().type}>{(type) => <span class="search-type">{type()}</span>}</Show>
        <span class="search-queries">
          <For each={report().queries}>{(query) => <q class="search-query">{query}</q>}</For>
        </span>
        <Show when={report().time && report().time !== 'all'}>
          <span class="view-toolbar-note">{timeLabel(report().time ?? 'all')}</span>
        </Show>
      </div>
      <div class="search-body">
        <Show when={report().providers.length > 0}>
          <ProviderChips providers={report().providers} />
        </Show>
        <Show when={report().summary}>{(summary) => <p class="search-summary">{summary()}</p>}</Show>
        <Show when={report().images.length > 0}>
          <ImageGrid images={report().images} />
        </Show>
        <Show when={report().failedImages.length > 0}>
          <FailedImages images={report().failedImages} />
        </Show>
        <Show when={report().results.length > 0}>
          <section class="search-section" aria-labelledby={resultsHeading}>
            <h4 id={resultsHeading}>
              Results <span class="search-count">{report().results.length}</span>
            </h4>
            <ol class="search-results">
              <For each={report().results}>{(hit) => <ResultEntry hit={hit} />}</For>
            </ol>
          </section>
        </Show>
        <Show when={isEmpty()}>
          <p class="view-message">
            {props.item.status === 'running'
              ? (() => {
                  const current = progress();
                  return current ? formatProgress(current) : 'Searching…';
                })()
              : props.item.status === 'error'
                ? 'The search failed before any results came back.'
                : 'No results.'}
          </p>
        </Show>
      </div>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Search',
  component: SearchView,
  kinds: { search: 'search' },
};
