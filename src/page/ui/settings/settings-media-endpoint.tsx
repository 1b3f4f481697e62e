import { createSignal, For, type JSX, Show } from 'solid-js';
import {
  MEDIA_APIS_BY_KIND,
  MEDIA_KIND_LABELS,
  type MediaApi,
  type MediaKind,
} from '@/shared/protocol/media/media-settings.ts';
import {
  isImageKind,
  type MediaEndpointForm,
  type MediaFormField,
  mediaFieldId,
} from '../../state/settings/media-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';

/** What each kind is for, under its name. */
const PURPOSES: Record<MediaKind, string> = {
  image: 'Makes pictures from a description.',
  image_edit: 'Changes a picture from the workspace as described.',
  speech: 'Reads text aloud into an audio file.',
};

/** Where each API style sends a kind's requests, under the base URL. */
const OPERATIONS: Record<MediaApi, Record<MediaKind, string>> = {
  openai: { image: '/images/generations', image_edit: '/images/edits', speech: '/audio/speech' },
  openrouter_chat: {
    image: '/chat/completions',
    image_edit: '/chat/completions',
    speech: '/chat/completions',
  },
};

const API_LABELS: Record<MediaApi, string> = {
  openai: 'OpenAI-compatible',
  openrouter_chat: 'OpenRouter (images through chat)',
};

const BASE_URL_EXAMPLES: Record<MediaApi, string> = {
  openai: 'https://api.openai.com/v1',
  openrouter_chat: 'https://openrouter.ai/api/v1',
};

/** A model name to show as the placeholder, by kind and API style. */
function modelExample(kind: MediaKind, api: MediaApi): string {
  if (!isImageKind(kind)) return 'tts-1';
  return api === 'openrouter_chat' ? 'google/gemini-2.5-flash-image' : 'gpt-image-1';
}

/**
 * One kind's endpoint in Settings → Media: a switch (off saves none), and when on its API
 * style, base URL, model, size or voice, and key. `action` sits beside the switch (Image
 * edit's "Same as Image from text").
 */
export function MediaEndpointCard(props: {
  kind: MediaKind;
  draft: MediaEndpointForm;
  onChange: (patch: Partial<MediaEndpointForm>) => void;
  action?: JSX.Element;
}) {
  const [isKeyShown, setKeyShown] = createSignal(false);
  const label = () => MEDIA_KIND_LABELS[props.kind];
  const id = (field: Parameters<typeof mediaFieldId>[1]) => mediaFieldId(props.kind, field);
  const errors = useFieldErrors();
  const describedBy = (field: MediaFormField, hint?: string) => errors.describedBy(id(field), hint);
  const invalid = (field: MediaFormField) => errors.invalid(id(field));
  const requestUrl = () =>
    `${props.draft.baseUrl.trim().replace(/\/+$/, '') || '<base URL>'}${OPERATIONS[props.draft.api][props.kind]}`;
  /** The field's visible name, with the kind for screen readers (every card has the same fields). */
  const fieldLabel = (field: Parameters<typeof mediaFieldId>[1], text: string) => (
    <label for={id(field)}>
      {text}
      <span class="visually-hidden"> ({label()})</span>
    </label>
  );
  const textField = (
    field: 'baseUrl' | 'model' | 'size' | 'voice',
    text: string,
    placeholder: string,
    hint?: string,
    hintText?: JSX.Element,
  ) => (
    <div class="field">
      {fieldLabel(field, text)}
      <input
        id={id(field)}
        type={field === 'baseUrl' ? 'url' : 'text'}
        inputMode={field === 'baseUrl' ? 'url' : undefined}
        autocomplete="off"
        spellcheck={false}
        placeholder={placeholder}
        aria-describedby={describedBy(field, hint)}
        aria-invalid={invalid(field)}
        value={props.draft[field]}
        onInput={(event) => props.onChange({ [field]: event.currentTarget.value })}
      />
      <FieldError fieldId={id(field)} />
      {hintText ? (
        <p class="field-hint" id={hint}>
          {hintText}
        </p>
      ) : null}
    </div>
  );

  return (
    <li
      class="media-endpoint settings-list-item"
      data-kind={props.kind}
      classList={{ 'is-off': !props.draft.isEnabled }}
    >
      <div class="media-endpoint-head">
        <input
          id={id('isEnabled')}
          class="switch"
          type="checkbox"
          role="switch"
          checked={props.draft.isEnabled}
          aria-checked={props.draft.isEnabled}
          aria-describedby={`${id('isEnabled')}-about`}
          onChange={(event) => props.onChange({ isEnabled: event.currentTarget.checked })}
        />
        <label for={id('isEnabled')} class="media-endpoint-name">
          {label()}
          <span class="visually-hidden">: use an endpoint</span>
        </label>
        {props.action}
      </div>
      <p class="media-endpoint-about" id={`${id('isEnabled')}-about`}>
        {PURPOSES[props.kind]}{' '}
        {props.draft.isEnabled
          ? 'Uses the endpoint below.'
          : 'Off: no endpoint, so the agent cannot do this.'}
      </p>
      <Show when={props.draft.isEnabled}>
        <div class="media-endpoint-fields">
          <div class="field">
            {fieldLabel('api', 'API style')}
            <select
              id={id('api')}
              aria-describedby={describedBy('api', `${id('baseUrl')}-hint`)}
              aria-invalid={invalid('api')}
              value={props.draft.api}
              onChange={(event) => props.onChange({ api: event.currentTarget.value as MediaApi })}
            >
              <For each={MEDIA_APIS_BY_KIND[props.kind]}>
                {(api) => <option value={api}>{API_LABELS[api]}</option>}
              </For>
            </select>
            <FieldError fieldId={id('api')} />
          </div>
          {textField(
            'baseUrl',
            'Base URL',
            BASE_URL_EXAMPLES[props.draft.api],
            `${id('baseUrl')}-hint`,
            <>
              Requests go to <code>{requestUrl()}</code>
              {props.draft.api === 'openrouter_chat' ? ', asking for image output.' : '.'}
            </>,
          )}
          <div class="field-row">
            {textField('model', 'Model', modelExample(props.kind, props.draft.api))}
            {isImageKind(props.kind)
              ? textField('size', 'Size (optional)', 'auto', `${id('size')}-hint`)
              : textField('voice', 'Voice (optional)', 'alloy', `${id('voice')}-hint`)}
          </div>
          <p class="field-hint field-row-hint" id={`${id(isImageKind(props.kind) ? 'size' : 'voice')}-hint`}>
            {isImageKind(props.kind)
              ? 'Size: auto, or width x height in pixels such as 1024x1024. Empty: the server’s default.'
              : 'Voice: a name the server knows, such as alloy, nova or onyx. Empty: alloy (the speech API needs one).'}
          </p>
          <div class="field">
            {fieldLabel('apiKey', 'API key (optional)')}
            <div class="key-input">
              <input
                id={id('apiKey')}
                type={isKeyShown() ? 'text' : 'password'}
                autocomplete="new-password"
                spellcheck={false}
                aria-describedby={`${id('apiKey')}-hint`}
                value={props.draft.apiKey}
                onInput={(event) => props.onChange({ apiKey: event.currentTarget.value })}
              />
              <button
                type="button"
                class="button"
                aria-label={`${isKeyShown() ? 'Hide' : 'Show'} the ${label()} key`}
                aria-pressed={isKeyShown()}
                onClick={() => setKeyShown((shown) => !shown)}
              >
                {isKeyShown() ? 'Hide' : 'Show'}
              </button>
            </div>
            <p class="field-hint" id={`${id('apiKey')}-hint`}>
              Sent only to this endpoint, as a bearer token. A server on your own machine may need none.
            </p>
          </div>
        </div>
      </Show>
    </li>
  );
}
