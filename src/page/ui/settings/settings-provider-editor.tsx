import { createSignal, For, type JSX, Show } from 'solid-js';
import { visionOf } from '@/shared/protocol/model-vision.ts';
import type { ServerCapabilities, ToolCallMode } from '@/shared/protocol/providers.ts';
import {
  type ProviderDraft,
  type ProviderOptionField,
  type ProviderTextField,
  presetOf,
  type VisionChoice,
} from '../../state/settings/providers-form.ts';
import { Icon, Spinner } from '../shared/icons.tsx';
import { FieldError, useFieldErrors } from './field-errors.tsx';
import { type ConnectionCheck, ConnectionStatus, LearnedCapabilities } from './settings-server-knowledge.tsx';

type EditorProps = {
  draft: ProviderDraft;
  check: ConnectionCheck | null;
  /** What runs learned about this provider's server (for its current base URL and model), if anything. */
  learned: ServerCapabilities | null;
  onChange: (changes: Partial<Pick<ProviderDraft, ProviderTextField | ProviderOptionField>>) => void;
  onTest: () => void;
  /** Forgets what was learned about the server. */
  onForget: () => void;
  onRemove: () => void;
};

/** The models the last successful test listed (for the Model field's suggestions). */
function listedModels(check: ConnectionCheck | null): string[] {
  return check?.state === 'done' && check.result.ok ? check.result.models : [];
}

/**
 * One saved provider's fields: name, base URL, API key (hidden unless shown), model
 * (suggested from the last test), context window and optional prices; Test connection
 * with its result in words, and Delete (never for the last provider).
 */
export function ProviderEditor(props: EditorProps) {
  const [isKeyShown, setKeyShown] = createSignal(false);
  const isRemote = () => props.draft.kind === 'openai-compatible';
  const preset = () => presetOf(props.draft);
  const modelsListId = () => `provider-models-${props.draft.id}`;
  const errors = useFieldErrors(() => props.draft.id);
  const describedBy = (field: ProviderTextField, hintId?: string) =>
    errors.describedBy(`provider-${field}`, hintId);
  const fieldError = (field: ProviderTextField) => (
    <FieldError fieldId={`provider-${field}`} providerId={props.draft.id} />
  );

  function textInput(
    field: ProviderTextField,
    options: { hintId?: string; attributes?: JSX.InputHTMLAttributes<HTMLInputElement> } = {},
  ) {
    return (
      <input
        id={`provider-${field}`}
        type="text"
        autocomplete="off"
        spellcheck={false}
        {...options.attributes}
        aria-invalid={errors.invalid(`provider-${field}`)}
        aria-describedby={describedBy(field, options.hintId)}
        value={props.draft[field]}
        onInput={(event) => props.onChange({ [field]: event.currentTarget.value })}
      />
    );
  }

  const modelMissing = () => {
    const models = listedModels(props.check);
    const model = props.draft.model.trim();
    return models.length > 0 && model !== '' && !models.includes(model) ? model : null;
  };

  return (
    <div class="provider-editor" id={`provider-editor-${props.draft.id}`}>
      <div class="field">
        <label for="provider-name">Name</label>
        {textInput('name')}
        {fieldError('name')}
      </div>
      <Show when={isRemote()}>
        <div class="field">
          <label for="provider-baseUrl">Base URL</label>
          {textInput('baseUrl', {
            hintId: 'provider-baseUrl-hint',
            attributes: { type: 'url', placeholder: 'https://api.example.com/v1' },
          })}
          {fieldError('baseUrl')}
          <p class="field-hint" id="provider-baseUrl-hint">
            {preset()?.note ??
              'Any OpenAI-compatible API, usually ending in /v1. It must allow requests from this page (CORS).'}
          </p>
        </div>
        <div class="field">
          <label for="provider-apiKey">API key</label>
          <div class="key-input">
            <input
              id="provider-apiKey"
              type={isKeyShown() ? 'text' : 'password'}
              autocomplete="new-password"
              spellcheck={false}
              aria-invalid={errors.invalid('provider-apiKey')}
              aria-describedby={describedBy('apiKey', 'provider-apiKey-hint')}
              value={props.draft.apiKey}
              onInput={(event) => props.onChange({ apiKey: event.currentTarget.value })}
            />
            <button type="button" class="button" onClick={() => setKeyShown((shown) => !shown)}>
              {isKeyShown() ? 'Hide key' : 'Show key'}
            </button>
          </div>
          <p class="field-hint" id="provider-apiKey-hint">
            Kept in this browser’s settings and sent only to this base URL.
            {preset()?.needsKey === false ? ' Local servers usually need none.' : ''}
          </p>
        </div>
      </Show>
      <div class="field-row">
        <div class="field">
          <label for="provider-model">Model</label>
          {textInput('model', {
            hintId: 'provider-model-hint',
            attributes: { list: isRemote() ? modelsListId() : undefined },
          })}
          {fieldError('model')}
          <datalist id={modelsListId()}>
            <For each={listedModels(props.check)}>{(model) => <option value={model} />}</For>
          </datalist>
        </div>
        <div class="field">
          <label for="provider-contextWindowTokens">Context window (tokens)</label>
          {textInput('contextWindowTokens', {
            hintId: 'provider-contextWindowTokens-hint',
            attributes: { inputMode: 'numeric' },
          })}
          {fieldError('contextWindowTokens')}
        </div>
      </div>
      <p class="field-hint field-row-hint" id="provider-model-hint">
        <Show when={isRemote()} fallback="Runs in this tab on the GPU; download it under In-browser model.">
          <Show when={modelMissing()} fallback="Test connection suggests the models the server lists.">
            {(model) => <>The server does not list “{model()}”; pick one of the suggested names.</>}
          </Show>
        </Show>
      </p>
      <p class="visually-hidden" id="provider-contextWindowTokens-hint">
        Older bulky observations are compacted as a conversation nears it.
      </p>
      <Show when={isRemote()}>
        <div class="field-row">
          <div class="field">
            <label for="provider-toolCalls">Tool calls</label>
            <select
              id="provider-toolCalls"
              aria-describedby="provider-toolCalls-hint"
              value={props.draft.toolCalls}
              onChange={(event) => props.onChange({ toolCalls: event.currentTarget.value as ToolCallMode })}
            >
              <For each={TOOL_CALL_MODES}>{(mode) => <option value={mode.value}>{mode.label}</option>}</For>
            </select>
          </div>
          <label class="checkbox-field">
            <input
              type="checkbox"
              checked={props.draft.useServerWindow}
              onChange={(event) => props.onChange({ useServerWindow: event.currentTarget.checked })}
            />
            Use the server’s window
          </label>
        </div>
        <p class="field-hint field-row-hint" id="provider-toolCalls-hint">
          {TOOL_CALL_MODES.find((mode) => mode.value === props.draft.toolCalls)?.hint}
        </p>
        <div class="field">
          <label for="provider-vision">Images</label>
          <select
            id="provider-vision"
            aria-describedby="provider-vision-hint"
            value={props.draft.vision}
            onChange={(event) => props.onChange({ vision: event.currentTarget.value as VisionChoice })}
          >
            <option value="auto">{automaticVisionLabel(props.draft, props.learned)}</option>
            <option value="on">The model sees images</option>
            <option value="off">Text only</option>
          </select>
          <p class="field-hint" id="provider-vision-hint">
            For a model that sees images, the images and PDF pages the agent <code>view</code>s are sent to it
            (scaled to at most 1,568 px); otherwise it is told it cannot see them.
          </p>
        </div>
        <LearnedCapabilities learned={props.learned} onForget={() => props.onForget()} />
      </Show>
      <Show when={isRemote()}>
        <fieldset class="price-fields" aria-describedby="provider-prices-hint">
          <legend>Prices per 1M tokens, USD (optional)</legend>
          <div class="price-grid">
            <div class="field">
              <label for="provider-inputPrice">Input price</label>
              {textInput('inputPrice', { attributes: { inputMode: 'decimal', placeholder: '0.15' } })}
              {fieldError('inputPrice')}
            </div>
            <div class="field">
              <label for="provider-cachedInputPrice">Cached input price</label>
              {textInput('cachedInputPrice', {
                attributes: { inputMode: 'decimal', placeholder: 'as input' },
              })}
              {fieldError('cachedInputPrice')}
            </div>
            <div class="field">
              <label for="provider-outputPrice">Output price</label>
              {textInput('outputPrice', { attributes: { inputMode: 'decimal', placeholder: '0.60' } })}
              {fieldError('outputPrice')}
            </div>
          </div>
          <p class="field-hint" id="provider-prices-hint">
            For the cost estimate in a conversation’s header and the spend caps (Runs); leave empty to show
            tokens only.
          </p>
        </fieldset>
      </Show>
      <div class="editor-actions">
        <Show when={isRemote()}>
          <button
            type="button"
            class="button"
            disabled={props.check?.state === 'testing'}
            onClick={() => props.onTest()}
          >
            <Show when={props.check?.state === 'testing'} fallback={<Icon name="link" />}>
              <Spinner />
            </Show>
            Test connection
          </button>
        </Show>
        <button
          type="button"
          class="button ghost danger-text"
          aria-label={`Delete ${props.draft.name || 'provider'}`}
          onClick={() => props.onRemove()}
        >
          <Icon name="trash" />
          Delete
        </button>
      </div>
      <Show when={isRemote()}>
        <ConnectionStatus
          check={props.check}
          presetName={preset()?.name ?? null}
          note={preset()?.note ?? null}
        />
      </Show>
    </div>
  );
}

const TOOL_CALL_MODES: readonly { value: ToolCallMode; label: string; hint: string }[] = [
  {
    value: 'auto',
    label: 'Auto (detect)',
    hint: 'The default for every server: asks the server what it is and supports, starts with the API’s own tool calls, and switches to constrained only on evidence (a forced call not made, a reply without a call, a template that refuses our messages), with a note in the conversation.',
  },
  {
    value: 'native',
    label: 'Native',
    hint: 'Always the API’s own tool calling (tools and tool_choice), whatever the server does.',
  },
  {
    value: 'constrained',
    label: 'Constrained (grammar)',
    hint: 'The tools described in the prompt and each call generated under a JSON-schema grammar: for small local models and templates without tool support.',
  },
];

/**
 * The Images choice's automatic option: what `visionOf` decides for the model as typed
 * (the server's word when it gave one for that model, else a guess from the name).
 */
function automaticVisionLabel(draft: ProviderDraft, learned: ServerCapabilities | null): string {
  const decision = visionOf({ kind: draft.kind, model: draft.model, vision: undefined }, learned);
  const why = decision.source === 'server' ? 'the server says' : 'by the model’s name';
  return `Automatic: ${decision.seesImages ? 'yes' : 'no'} (${why})`;
}
