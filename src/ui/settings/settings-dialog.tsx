import { createEffect, createSignal, ErrorBoundary, type JSX, lazy, on, Show } from 'solid-js';
import { errorMessage } from '../../state/app/agent-client.ts';
import {
  type McpForm,
  mcpFieldId,
  mcpFormFromSettings,
  validateMcpForm,
} from '../../state/settings/mcp-form.ts';
import {
  type MediaForm,
  mediaFieldId,
  mediaFormFromSettings,
  validateMediaForm,
} from '../../state/settings/media-form.ts';
import { validateProvidersForm } from '../../state/settings/provider-validation.ts';
import {
  chooseLocalModel,
  type ProvidersForm,
  providersFormFromSettings,
} from '../../state/settings/providers-form.ts';
import {
  type SearchForm,
  type SearchFormField,
  searchFormFromSettings,
  validateSearchForm,
} from '../../state/settings/search-form.ts';
import {
  formFromSettings,
  type SettingsForm,
  validateSettingsForm,
} from '../../state/settings/settings-form.ts';
import {
  validateXForm,
  type XForm,
  type XFormField,
  xFieldId,
  xFormFromSettings,
} from '../../state/settings/x-form.ts';
import { useApp } from '../app/app-context.ts';
import type { InvalidMcpField } from './settings-mcp.tsx';
import type { InvalidMediaField } from './settings-media.tsx';
import type { InvalidProviderField } from './settings-providers.tsx';
import { RunFields } from './settings-run-fields.tsx';
import { SandboxFields } from './settings-sandbox-fields.tsx';
import { SearchSection } from './settings-search.tsx';
import { StorageSection } from './storage-section.tsx';

// The largest sections load in their own chunks (fetched at start-up, not on opening)
// to keep the entry chunk small.
const ProvidersSection = lazy(() =>
  import('./settings-providers.tsx').then((module) => ({ default: module.ProvidersSection })),
);
const LocalModelsSection = lazy(() =>
  import('./settings-local-models.tsx').then((module) => ({ default: module.LocalModelsSection })),
);
const MediaSection = lazy(() =>
  import('./settings-media.tsx').then((module) => ({ default: module.MediaSection })),
);
const McpSection = lazy(() =>
  import('./settings-mcp.tsx').then((module) => ({ default: module.McpSection })),
);
const XSection = lazy(() => import('./settings-x.tsx').then((module) => ({ default: module.XSection })));

/** A lazily loaded section, or why it could not load (a new version deployed, say). */
function SectionBoundary(props: { name: string; children: JSX.Element }) {
  return (
    <ErrorBoundary
      fallback={(error: unknown) => (
        <p class="form-error" role="alert">
          The {props.name} settings could not load ({error instanceof Error ? error.message : String(error)}).
          Reload the page to try again.
        </p>
      )}
    >
      {props.children}
    </ErrorBoundary>
  );
}

/**
 * The settings in a modal dialog: the saved providers, in-browser models, run budgets,
 * the sandbox (Node runtime, network allow-list, workspace size limit), search (the
 * third-party services, their keys and order) and media (the image and speech
 * endpoints). Invalid input shows
 * a message and saves nothing; Esc or Cancel closes without saving.
 */
export function SettingsDialog() {
  const { settings, ui } = useApp();
  const [form, setForm] = createSignal<SettingsForm>(formFromSettings(settings.state.settings));
  const [providers, setProviders] = createSignal<ProvidersForm>(
    providersFormFromSettings(settings.state.settings),
  );
  const [search, setSearch] = createSignal<SearchForm>(searchFormFromSettings(settings.state.settings));
  const [invalidSearchField, setInvalidSearchField] = createSignal<SearchFormField | null>(null);
  const [media, setMedia] = createSignal<MediaForm>(mediaFormFromSettings(settings.state.settings));
  const [invalidMedia, setInvalidMedia] = createSignal<InvalidMediaField | null>(null);
  const [mcp, setMcp] = createSignal<McpForm>(mcpFormFromSettings(settings.state.settings));
  const [invalidMcp, setInvalidMcp] = createSignal<InvalidMcpField | null>(null);
  const [xForm, setXForm] = createSignal<XForm>(xFormFromSettings(settings.state.settings));
  const [invalidX, setInvalidX] = createSignal<XFormField | null>(null);
  const [editingProviderId, setEditingProviderId] = createSignal<string | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const [invalidField, setInvalidField] = createSignal<keyof SettingsForm | null>(null);
  const [invalidProvider, setInvalidProvider] = createSignal<InvalidProviderField | null>(null);
  const [isSaving, setSaving] = createSignal(false);
  let dialog: HTMLDialogElement | undefined;

  createEffect(
    on(ui.isSettingsOpen, (open) => {
      if (!dialog) return;
      if (open && !dialog.open) {
        setForm(formFromSettings(settings.state.settings));
        setProviders(providersFormFromSettings(settings.state.settings));
        setSearch(searchFormFromSettings(settings.state.settings));
        setInvalidSearchField(null);
        setMedia(mediaFormFromSettings(settings.state.settings));
        setInvalidMedia(null);
        setMcp(mcpFormFromSettings(settings.state.settings));
        setInvalidMcp(null);
        setXForm(xFormFromSettings(settings.state.settings));
        setInvalidX(null);
        setEditingProviderId(settings.state.settings.activeProviderId);
        setError(null);
        setInvalidField(null);
        setInvalidProvider(null);
        dialog.showModal();
      } else if (!open && dialog.open) {
        dialog.close();
      }
    }),
  );

  function update<Field extends keyof SettingsForm>(field: Field, value: SettingsForm[Field]): void {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function chooseLocalModelFromList(modelId: string): void {
    const used = chooseLocalModel(providers(), modelId, crypto.randomUUID());
    setProviders(used.form);
    setEditingProviderId(null);
  }

  /** Opens a provider's editor and takes the person to its first price field. */
  function editPrices(providerId: string): void {
    setEditingProviderId(providerId);
    requestAnimationFrame(() => {
      const field = document.getElementById('provider-inputPrice');
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
    });
  }

  const activeLocalModelId = () => {
    const current = providers();
    const active = current.providers.find((draft) => draft.id === current.activeProviderId);
    return active?.kind === 'webllm' ? active.model : null;
  };

  async function save(): Promise<void> {
    setInvalidField(null);
    setInvalidProvider(null);
    setInvalidSearchField(null);
    setInvalidMedia(null);
    setInvalidMcp(null);
    setInvalidX(null);
    const checkedProviders = validateProvidersForm(providers());
    if (!checkedProviders.ok) {
      setError(checkedProviders.message);
      setInvalidProvider({ providerId: checkedProviders.providerId, field: checkedProviders.field });
      setEditingProviderId(checkedProviders.providerId);
      requestAnimationFrame(() => document.getElementById(`provider-${checkedProviders.field}`)?.focus());
      return;
    }
    const result = validateSettingsForm(form(), {
      ...settings.state.settings,
      providers: checkedProviders.providers,
      activeProviderId: checkedProviders.activeProviderId,
    });
    if (!result.ok) {
      setError(result.message);
      setInvalidField(result.field);
      if (result.field) document.getElementById(`settings-${result.field}`)?.focus();
      return;
    }
    const searched = validateSearchForm(search(), result.settings);
    if (!searched.ok) {
      setError(searched.message);
      setInvalidSearchField(searched.field);
      document.getElementById(`settings-${searched.field}`)?.focus();
      return;
    }
    // After search: the search form holds every tool key as opened; media sets its own.
    const withMedia = validateMediaForm(media(), searched.settings);
    if (!withMedia.ok) {
      setError(withMedia.message);
      setInvalidMedia({ kind: withMedia.kind, field: withMedia.field });
      document.getElementById(mediaFieldId(withMedia.kind, withMedia.field))?.focus();
      return;
    }
    const withMcp = validateMcpForm(mcp(), withMedia.settings);
    if (!withMcp.ok) {
      setError(withMcp.message);
      setInvalidMcp({ serverId: withMcp.serverId, field: withMcp.field });
      document.getElementById(mcpFieldId(withMcp.serverId, withMcp.field))?.focus();
      return;
    }
    const withX = validateXForm(xForm(), withMcp.settings);
    if (!withX.ok) {
      setError(withX.message);
      setInvalidX(withX.field);
      document.getElementById(xFieldId(withX.field))?.focus();
      return;
    }
    setSaving(true);
    try {
      await settings.save(withX.settings);
      ui.setSettingsOpen(false);
    } catch (failure) {
      setError(`Not saved: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      class="settings-dialog"
      aria-labelledby="settings-title"
      onCancel={() => ui.setSettingsOpen(false)}
      onClose={() => ui.setSettingsOpen(false)}
    >
      <form
        novalidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id="settings-title">Settings</h2>
        <p class="dialog-intro">
          Sandpiper calls OpenAI-compatible APIs directly from this tab, or runs a model in it. Everything
          here is stored only in this browser.
        </p>
        <SectionBoundary name="provider">
          <ProvidersSection
            serverCapabilities={settings.state.serverCapabilities}
            form={providers()}
            onChange={setProviders}
            editingId={editingProviderId()}
            onEdit={setEditingProviderId}
            invalid={invalidProvider()}
          />
        </SectionBoundary>
        <SectionBoundary name="in-browser model">
          <LocalModelsSection
            isOpen={ui.isSettingsOpen()}
            activeModelId={activeLocalModelId()}
            onUse={chooseLocalModelFromList}
          />
        </SectionBoundary>
        <RunFields
          form={form()}
          invalidField={invalidField()}
          error={error()}
          providers={providers()}
          onEditPrices={editPrices}
          onChange={update}
        />
        <SandboxFields form={form()} invalidField={invalidField()} onChange={update} />
        <SearchSection form={search()} invalidField={invalidSearchField()} onChange={setSearch} />
        <SectionBoundary name="media">
          <MediaSection form={media()} invalid={invalidMedia()} onChange={setMedia} />
        </SectionBoundary>
        <SectionBoundary name="MCP">
          <McpSection form={mcp()} invalid={invalidMcp()} onChange={setMcp} />
        </SectionBoundary>
        <SectionBoundary name="X">
          <XSection form={xForm()} invalidField={invalidX()} onChange={setXForm} />
        </SectionBoundary>
        <StorageSection />
        <Show when={error()}>
          {(message) => (
            <p class="form-error" id="settings-error" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <footer class="dialog-actions">
          <button type="button" class="button" onClick={() => ui.setSettingsOpen(false)}>
            Cancel
          </button>
          <button type="submit" class="button primary" disabled={isSaving()}>
            Save
          </button>
        </footer>
      </form>
    </dialog>
  );
}
