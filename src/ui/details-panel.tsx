import { createEffect, createMemo, For, on, Show } from 'solid-js';
import { type ActionItem, actionItems } from '../state/thread-reducer.ts';
import { actionDuration } from './action-row.tsx';
import { useApp } from './app-context.ts';
import { useClock } from './clock.ts';
import { Icon, toolIcon } from './icons.tsx';
import { JsonView } from './json-view.tsx';
import { EnvelopeStatusChip } from './status-chip.tsx';

function ActionDetails(props: { item: ActionItem }) {
  const now = useClock();
  const facts = () => [
    ['Tool', props.item.tool],
    ['Action', props.item.actionType],
    ['Started', new Date(props.item.startedAt).toLocaleTimeString()],
    ['Duration', actionDuration(props.item, now()) || '—'],
  ];
  return (
    <div class="details-body" data-uuid={props.item.uuid}>
      <div class="details-title">
        <span class="action-icon">
          <Icon name={toolIcon(props.item.tool)} />
        </span>
        <h3>{props.item.description || props.item.actionType}</h3>
        <EnvelopeStatusChip status={props.item.status} isLabelVisible />
      </div>
      <dl class="details-facts">
        <For each={facts()}>
          {([term, value]) => (
            <div>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          )}
        </For>
      </dl>
      <Show when={props.item.errorMessage}>
        {(message) => (
          <div class="details-error" role="note">
            <Icon name="alert" />
            <p>{message()}</p>
          </div>
        )}
      </Show>
      <Show when={props.item.content !== props.item.errorMessage}>
        <section class="details-section">
          <h4>{props.item.status === 'running' ? 'Description' : 'Output'}</h4>
          <pre class="details-content">{props.item.content || '(empty)'}</pre>
        </section>
      </Show>
      <section class="details-section">
        <h4>Meta</h4>
        <JsonView value={props.item.meta} label="Envelope meta" />
      </section>
    </div>
  );
}

/**
 * The Computer panel: follows the latest action while the agent runs, or shows the one the
 * person picked; a step scrubber moves through earlier actions. A sheet below 1100 px.
 */
export function DetailsPanel() {
  const { thread, ui } = useApp();
  let closeButton: HTMLButtonElement | undefined;

  const actions = createMemo(() => actionItems(thread.state.thread));
  const index = createMemo(() => {
    const list = actions();
    if (list.length === 0) return -1;
    const uuid = ui.selectedActionUuid();
    const found = ui.isFollowingLive() || uuid === null ? -1 : list.findIndex((item) => item.uuid === uuid);
    return found >= 0 ? found : list.length - 1;
  });
  const current = () => actions()[index()];

  function step(offset: number): void {
    const target = actions()[index() + offset];
    if (!target) return;
    if (index() + offset === actions().length - 1) ui.followLive();
    else ui.selectAction(target.uuid, { openSheet: false });
  }

  createEffect(
    on(ui.isDetailsOpen, (open) => {
      if (open && !ui.isWide()) queueMicrotask(() => closeButton?.focus());
    }),
  );

  return (
    <aside class="details-panel" aria-label="Computer">
      <header class="details-header">
        <h2>Computer</h2>
        <Show when={actions().length > 0}>
          <div class="scrubber">
            <button
              type="button"
              class="icon-button"
              aria-label="Previous step"
              disabled={index() <= 0}
              onClick={() => step(-1)}
            >
              <Icon name="chevron-left" />
            </button>
            <span class="scrubber-count">
              Step {index() + 1} of {actions().length}
            </span>
            <button
              type="button"
              class="icon-button"
              aria-label="Next step"
              disabled={index() >= actions().length - 1}
              onClick={() => step(1)}
            >
              <Icon name="chevron-right" />
            </button>
            <button
              type="button"
              class="live-toggle"
              aria-pressed={ui.isFollowingLive()}
              title="Follow the latest action"
              onClick={() => ui.followLive()}
            >
              <span class="live-dot" aria-hidden="true" />
              Live
            </button>
          </div>
        </Show>
        <button
          ref={closeButton}
          type="button"
          class="icon-button details-close"
          aria-label="Close"
          onClick={() => ui.setDetailsOpen(false)}
        >
          <Icon name="close" />
        </button>
      </header>
      <Show
        when={current()}
        fallback={
          <div class="details-empty">
            <Icon name="monitor" size={28} />
            <p>Each step the agent takes shows up here: what it ran, what came back, and the raw envelope.</p>
          </div>
        }
      >
        {(item) => <ActionDetails item={item()} />}
      </Show>
    </aside>
  );
}
