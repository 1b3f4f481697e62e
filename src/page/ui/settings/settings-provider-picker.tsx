import { For, onMount } from 'solid-js';
import { PROVIDER_PRESETS } from '@/shared/protocol/providers.ts';

/** The id `onPick` receives for a blank OpenAI-compatible provider. */
export const CUSTOM_PRESET_ID = 'custom';

const CUSTOM = {
  id: CUSTOM_PRESET_ID,
  name: 'Custom',
  baseUrl: 'Any OpenAI-compatible API',
  note: 'Fill in its base URL, key and model yourself.',
};

/**
 * "Add provider": the presets (name, address and note, such as the CORS setting a local
 * server needs) and Custom, as buttons. Esc closes it without adding anything.
 */
export function ProviderPicker(props: { onPick: (presetId: string) => void; onClose: () => void }) {
  let list: HTMLUListElement | undefined;
  onMount(() => list?.querySelector('button')?.focus());

  return (
    <fieldset
      class="preset-picker"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        props.onClose();
      }}
    >
      <legend>Add a provider</legend>
      <ul class="preset-list" ref={list}>
        <For each={[...PROVIDER_PRESETS, CUSTOM]}>
          {(preset) => (
            <li>
              <button
                type="button"
                class="preset-button"
                aria-label={preset.name}
                aria-describedby={`preset-${preset.id}-detail`}
                onClick={() => props.onPick(preset.id)}
              >
                <span class="preset-name">{preset.name}</span>
                <span class="preset-detail" id={`preset-${preset.id}-detail`}>
                  <span class="preset-url">{preset.baseUrl}</span>
                  <span class="preset-note">{preset.note}</span>
                </span>
              </button>
            </li>
          )}
        </For>
      </ul>
      <div class="picker-actions">
        <button type="button" class="button ghost" onClick={() => props.onClose()}>
          Close
        </button>
      </div>
    </fieldset>
  );
}
