import { createSignal, Index, Show } from 'solid-js';
import type { ServerCapabilities } from '@/shared/protocol/providers.ts';
import { testConnection } from '../../state/settings/provider-connection.ts';
import {
  addProvider,
  type ProviderDraft,
  type ProvidersForm,
  type ProviderTextField,
  removeProvider,
  setActiveProvider,
  updateProvider,
} from '../../state/settings/providers-form.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { useFieldErrors } from './field-errors.tsx';
import { ProviderEditor } from './settings-provider-editor.tsx';
import { ProviderPicker } from './settings-provider-picker.tsx';
import type { ConnectionCheck } from './settings-server-knowledge.tsx';
import './settings-providers.css';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.trim() || 'no base URL yet';
  }
}

/** "gpt-4o-mini · api.openai.com", or where an in-browser model runs. */
function summary(draft: ProviderDraft): string {
  const model = draft.model.trim() || 'no model yet';
  return draft.kind === 'webllm' ? `${model} · in this tab` : `${model} · ${hostOf(draft.baseUrl)}`;
}

/**
 * Settings → Providers: the saved providers with the active one (for new conversations)
 * chosen by radio, one opened for editing at a time, "Add provider" from a preset or
 * Custom, and Test connection per provider. Edits change `form` only; Save stores them.
 */
export function ProvidersSection(props: {
  form: ProvidersForm;
  onChange: (form: ProvidersForm) => void;
  editingId: string | null;
  onEdit: (id: string | null) => void;
  /** What runs learned about each saved provider's server, by provider id. */
  serverCapabilities: Record<string, ServerCapabilities>;
}) {
  const { client, attempt } = useApp();
  const [isPicking, setPicking] = createSignal(false);
  /** The provider added last, while it is not the active one: the list offers to make it so. */
  const [addedId, setAddedId] = createSignal<string | null>(null);
  const [checks, setChecks] = createSignal<Record<string, ConnectionCheck>>({});
  const errors = useFieldErrors();
  let addButton: HTMLButtonElement | undefined;

  /** What was learned, while the draft still names the server and model it was learned for. */
  function learnedFor(draft: ProviderDraft): ServerCapabilities | null {
    const learned = props.serverCapabilities[draft.id];
    return learned && learned.baseUrl === draft.baseUrl && learned.model === draft.model ? learned : null;
  }

  function setCheck(id: string, check: ConnectionCheck | null): void {
    setChecks((current) => {
      const { [id]: _dropped, ...rest } = current;
      return check ? { ...rest, [id]: check } : rest;
    });
  }

  function change(id: string, changes: Partial<Pick<ProviderDraft, ProviderTextField>>): void {
    if ('baseUrl' in changes || 'apiKey' in changes) setCheck(id, null);
    props.onChange(updateProvider(props.form, id, changes));
  }

  async function test(draft: ProviderDraft): Promise<void> {
    setCheck(draft.id, { state: 'testing' });
    const result = await testConnection({ baseUrl: draft.baseUrl, apiKey: draft.apiKey.trim() });
    if (!result.ok) return setCheck(draft.id, { state: 'done', result, server: null });
    // A server that lists one model serves that one (llama-server, a single LM Studio model):
    // it goes in the Model field. With several, the field suggests them and says when its name is not one.
    const [onlyModel] = result.models;
    const model = result.models.length === 1 && onlyModel ? onlyModel : draft.model.trim();
    if (model !== draft.model.trim()) change(draft.id, { model });
    // What the server is and the window it runs with, from its own answers (kept for its runs).
    const server = await client.api
      .identifyServer({
        id: draft.id,
        kind: draft.kind,
        baseUrl: draft.baseUrl.trim(),
        apiKey: draft.apiKey.trim(),
        model,
        toolCalls: draft.toolCalls,
      })
      .catch(() => null);
    setCheck(draft.id, { state: 'done', result, server });
  }

  function forget(id: string): void {
    void attempt(() => client.api.forgetServer(id), 'Could not forget what was learned');
  }

  function add(presetId: string): void {
    const id = crypto.randomUUID();
    setAddedId(id);
    setPicking(false);
    props.onChange(addProvider(props.form, presetId, id));
    props.onEdit(id);
    requestAnimationFrame(() => document.getElementById('provider-name')?.focus());
  }

  function remove(id: string): void {
    const next = removeProvider(props.form, id);
    if (next === props.form) return;
    setCheck(id, null);
    props.onChange(next);
    props.onEdit(null);
    requestAnimationFrame(() => addButton?.focus());
  }

  return (
    <fieldset class="settings-group providers-section">
      <legend>Providers</legend>
      <p class="section-hint" id="providers-hint">
        New conversations use the selected provider; a conversation can switch in its header.
      </p>
      <Show when={props.form.providers.length === 0}>
        <p class="providers-empty" role="status">
          No provider yet. Add one: a hosted API with its key, a server on this computer, or any
          OpenAI-compatible address (Custom). A model that runs in this tab is under In-browser models.
        </p>
      </Show>
      <ul class="provider-list" aria-describedby="providers-hint">
        <Index each={props.form.providers}>
          {(draft) => {
            const isEditing = () => props.editingId === draft().id;
            return (
              <li class="provider-item" classList={{ 'is-editing': isEditing() }}>
                <div class="provider-row">
                  <input
                    type="radio"
                    name="active-provider"
                    id={`provider-radio-${draft().id}`}
                    checked={props.form.activeProviderId === draft().id}
                    onChange={() => props.onChange(setActiveProvider(props.form, draft().id))}
                  />
                  <label class="provider-label" for={`provider-radio-${draft().id}`}>
                    <span class="provider-name">{draft().name.trim() || 'Unnamed provider'}</span>
                    <span class="provider-summary">{summary(draft())}</span>
                    <Show when={!isEditing() && errors.hasProviderIssue(draft().id)}>
                      <span class="provider-attention">Needs attention: open it to see what to fix</span>
                    </Show>
                  </label>
                  <button
                    type="button"
                    class="button small edit-toggle"
                    aria-expanded={isEditing()}
                    aria-controls={isEditing() ? `provider-editor-${draft().id}` : undefined}
                    aria-label={`Edit ${draft().name.trim() || 'provider'}`}
                    onClick={() => props.onEdit(isEditing() ? null : draft().id)}
                  >
                    Edit
                    <Icon name="chevron-down" class="toggle-chevron" size={14} />
                  </button>
                </div>
                <Show when={addedId() === draft().id && props.form.activeProviderId !== draft().id}>
                  <p class="provider-make-active" role="status">
                    New conversations still use{' '}
                    {props.form.providers.find((other) => other.id === props.form.activeProviderId)?.name ??
                      'another provider'}
                    .{' '}
                    <button
                      type="button"
                      class="button small"
                      onClick={() => props.onChange(setActiveProvider(props.form, draft().id))}
                    >
                      Use {draft().name.trim() || 'this provider'} instead
                    </button>
                  </p>
                </Show>
                <Show when={isEditing()}>
                  <ProviderEditor
                    draft={draft()}
                    check={checks()[draft().id] ?? null}
                    learned={learnedFor(draft())}
                    onChange={(changes) => change(draft().id, changes)}
                    onTest={() => void test(draft())}
                    onForget={() => forget(draft().id)}
                    onRemove={() => remove(draft().id)}
                  />
                </Show>
              </li>
            );
          }}
        </Index>
      </ul>
      <Show
        when={isPicking()}
        fallback={
          <button
            type="button"
            class="button add-provider"
            ref={addButton}
            aria-expanded="false"
            onClick={() => setPicking(true)}
          >
            <Icon name="plus" />
            Add provider
          </button>
        }
      >
        <ProviderPicker
          onPick={add}
          onClose={() => {
            setPicking(false);
            requestAnimationFrame(() => addButton?.focus());
          }}
        />
      </Show>
    </fieldset>
  );
}
