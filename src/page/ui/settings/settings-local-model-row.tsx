import { For, Match, Show, Switch } from 'solid-js';
import type { LocalModel, ModelFit } from '@/shared/protocol/local-model-facts.ts';
import { FIT_LABEL, progressPercent } from '../../state/settings/local-model-groups.ts';
import type { LocalModelsStore } from '../../state/settings/local-models-store.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

const FIT_TONE: Record<ModelFit, 'success' | 'asking' | 'error'> = {
  compatible: 'success',
  may_not_fit: 'asking',
  unsupported: 'error',
};

/** "q4f32_1 · about 1,060 MB of GPU memory · fits phones · native tool calls" */
function facts(model: LocalModel): string {
  const parts = [
    model.quantization ?? 'unknown quantization',
    model.vramRequiredMB === null
      ? 'GPU memory unknown'
      : `about ${Math.round(model.vramRequiredMB).toLocaleString('en-US')} MB of GPU memory`,
  ];
  if (model.isLowResource) parts.push('fits phones');
  if (model.hasNativeToolCalling) parts.push('native tool calls');
  return parts.join(' · ');
}

/**
 * One in-browser model: id, quantization, memory estimate, fit badge and its reasons,
 * whether it is downloaded; then Download (disabled with the reason when unsupported),
 * the progress of its download with Cancel, or Use and Delete once downloaded.
 */
export function LocalModelRow(props: {
  model: LocalModel;
  store: LocalModelsStore;
  isInUse: boolean;
  onUse: () => void;
}) {
  const id = () => props.model.modelId;
  const domId = () => `model-${id().replaceAll(/[^A-Za-z0-9_-]/g, '_')}`;
  const download = () => {
    const active = props.store.activeDownload();
    return active?.modelId === id() ? active : null;
  };
  const isBusyElsewhere = () => props.store.activeDownload() !== null && download() === null;
  const notice = () => {
    const current = props.store.notice();
    return current?.modelId === id() ? current : null;
  };
  const isUnsupported = () => props.model.fit === 'unsupported';

  return (
    <li class="model-item" data-fit={props.model.fit} data-model-id={id()}>
      <div class="model-head">
        <span class="model-id" id={`${domId()}-name`}>
          {id()}
        </span>
        <span class="chip fit-chip" data-tone={FIT_TONE[props.model.fit]}>
          {FIT_LABEL[props.model.fit]}
        </span>
        <Show when={props.model.isDownloaded}>
          <span class="chip" data-tone="success">
            <Icon name="check" size={12} />
            Downloaded
          </span>
        </Show>
      </div>
      <p class="model-facts">{facts(props.model)}</p>
      <Show when={props.model.reasons.length > 0}>
        <ul class="model-reasons" id={`${domId()}-reasons`}>
          <For each={props.model.reasons}>{(reason) => <li>{reason}</li>}</For>
        </ul>
      </Show>
      <Switch>
        <Match when={download()}>
          {(active) => (
            <div class="model-progress">
              <Show
                when={active().progress}
                fallback={
                  <progress aria-labelledby={`${domId()}-name`} aria-describedby={`${domId()}-progress`} />
                }
              >
                {(progress) => (
                  <progress
                    max={1}
                    value={progress().fraction}
                    aria-labelledby={`${domId()}-name`}
                    aria-describedby={`${domId()}-progress`}
                  />
                )}
              </Show>
              <p class="model-progress-text" id={`${domId()}-progress`}>
                <Show when={active().progress} fallback="Starting the download…">
                  {(progress) => `${progressPercent(progress().fraction)}% · ${progress().text}`}
                </Show>
              </p>
              <button
                type="button"
                class="button small"
                disabled={active().isCancelling}
                aria-label={`Cancel the download of ${id()}`}
                onClick={() => void props.store.cancel()}
              >
                {active().isCancelling ? 'Cancelling…' : 'Cancel'}
              </button>
            </div>
          )}
        </Match>
        <Match when={props.model.isDownloaded}>
          <div class="model-actions">
            <button
              type="button"
              class="button small primary"
              disabled={props.isInUse}
              aria-label={`Use ${id()}`}
              onClick={() => props.onUse()}
            >
              {props.isInUse ? 'In use' : 'Use'}
            </button>
            <button
              type="button"
              class="button small"
              disabled={props.store.deletingId() === id()}
              aria-label={`Delete ${id()}`}
              onClick={() => void props.store.remove(id())}
            >
              <Show when={props.store.deletingId() === id()} fallback={<Icon name="trash" size={14} />}>
                <Spinner />
              </Show>
              Delete
            </button>
          </div>
        </Match>
        <Match when={true}>
          <div class="model-actions">
            <button
              type="button"
              class="button small"
              disabled={isUnsupported() || isBusyElsewhere()}
              title={
                isUnsupported()
                  ? `Cannot run here: ${props.model.reasons.join('; ')}`
                  : isBusyElsewhere()
                    ? 'Another model is downloading.'
                    : undefined
              }
              aria-label={`Download ${id()}`}
              aria-describedby={isUnsupported() ? `${domId()}-reasons` : undefined}
              onClick={() => void props.store.startDownload(id())}
            >
              <Icon name="download" size={14} />
              Download
            </button>
          </div>
        </Match>
      </Switch>
      <Show when={notice()}>
        {(current) => (
          <p
            class="model-notice"
            data-tone={current().tone}
            role={current().tone === 'error' ? 'alert' : 'status'}
          >
            {current().text}
          </p>
        )}
      </Show>
    </li>
  );
}
