import { createEffect, createSignal, For, Match, on, Show, Switch } from 'solid-js';
import { describeAdapter, FIT_LABEL, groupLocalModels } from '../../state/settings/local-model-groups.ts';
import { createLocalModelsStore } from '../../state/settings/local-models-store.ts';
import { useApp } from '../app/app-context.ts';
import { Spinner } from '../shared/icons.tsx';
import { LocalModelRow } from './settings-local-model-row.tsx';
import './settings-local-models.css';
import type { LocalModel, ModelFit } from '@/shared/protocol/local-model-facts.ts';

/** Groups shown open (may-not-fit only when it has models); unsupported ones sit in a closed disclosure. */
const OPEN_GROUPS: readonly ModelFit[] = ['compatible', 'may_not_fit'];

/**
 * Settings → In-browser model: asks the worker for WebGPU's verdict and the models
 * judged against it each time settings opens. Without WebGPU the section is disabled
 * with the reason; otherwise the models, compatible first, each with its fit and what
 * can be done with it (download with progress, cancel, delete, use).
 */
export function LocalModelsSection(props: {
  isOpen: boolean;
  /** The model the active provider runs in this tab, if it is an in-browser one. */
  activeModelId: string | null;
  onUse: (modelId: string) => void;
}) {
  const { client } = useApp();
  const store = createLocalModelsStore(client.api);
  const [filter, setFilter] = createSignal('');

  createEffect(
    on(
      () => props.isOpen,
      (isOpen) => {
        if (isOpen && store.activeDownload() === null) void store.refresh();
      },
    ),
  );

  const list = () => {
    const load = store.load();
    return load.state === 'ready' ? load.list : null;
  };
  const unavailableReason = () => {
    const gpu = list()?.gpu;
    return gpu && !gpu.available ? gpu.reason : null;
  };
  const adapter = () => {
    const gpu = list()?.gpu;
    return gpu?.available ? gpu.adapter : null;
  };
  const failure = () => {
    const load = store.load();
    return load.state === 'failed' ? load.message : null;
  };
  const groups = () => groupLocalModels(list()?.models ?? [], filter());

  function group(fit: ModelFit, models: () => LocalModel[], options: { hasHeading: boolean }) {
    return (
      <section class="model-group" aria-labelledby={`model-group-${fit}`}>
        <Show when={options.hasHeading}>
          <h4 class="model-group-title" id={`model-group-${fit}`}>
            {FIT_LABEL[fit]} ({models().length})
          </h4>
        </Show>
        <Show
          when={models().length > 0}
          fallback={<p class="model-group-empty">None{filter().trim() ? ' match the filter' : ''}.</p>}
        >
          <ul class="model-list">
            <For each={models()}>
              {(model) => (
                <LocalModelRow
                  model={model}
                  store={store}
                  isInUse={props.activeModelId === model.modelId}
                  onUse={() => props.onUse(model.modelId)}
                />
              )}
            </For>
          </ul>
        </Show>
      </section>
    );
  }

  return (
    <fieldset
      class="settings-group local-models"
      disabled={unavailableReason() !== null}
      aria-describedby="local-models-status"
    >
      <legend>In-browser model</legend>
      <p class="section-hint">
        Runs a small open model on this device’s GPU with WebGPU: no server and no key, once its weights are
        downloaded (hundreds of MB to a few GB, kept in this browser).
      </p>
      <div id="local-models-status" class="local-models-status" aria-live="polite">
        <Switch>
          <Match when={store.load().state === 'loading' || store.load().state === 'idle'}>
            <p class="status-line">
              <Spinner /> Checking WebGPU and the model list…
            </p>
          </Match>
          <Match when={failure()}>{(message) => <p class="status-line is-error">{message()}</p>}</Match>
          <Match when={unavailableReason()}>
            {(reason) => <p class="status-line is-error">Not available in this browser: {reason()}</p>}
          </Match>
          <Match when={adapter()}>
            {(facts) => <p class="status-line">WebGPU: {describeAdapter(facts())}</p>}
          </Match>
        </Switch>
      </div>
      <Show when={list() && unavailableReason() === null}>
        <div class="field model-filter">
          <label for="local-models-filter">Filter by name</label>
          <input
            id="local-models-filter"
            type="search"
            autocomplete="off"
            spellcheck={false}
            placeholder="qwen, llama, phi…"
            value={filter()}
            onInput={(event) => setFilter(event.currentTarget.value)}
          />
        </div>
        <div class="model-groups">
          <For each={OPEN_GROUPS}>
            {(fit) => (
              <Show when={fit === 'compatible' || groups()[fit].length > 0}>
                {group(fit, () => groups()[fit], { hasHeading: true })}
              </Show>
            )}
          </For>
          <details class="model-unsupported">
            <summary id="model-group-unsupported">
              {FIT_LABEL.unsupported} on this GPU ({groups().unsupported.length})
            </summary>
            {group('unsupported', () => groups().unsupported, { hasHeading: false })}
          </details>
        </div>
      </Show>
    </fieldset>
  );
}
