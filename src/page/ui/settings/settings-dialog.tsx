import { createEffect, createMemo, createSignal, ErrorBoundary, type JSX, lazy, on } from 'solid-js';
import { errorMessage } from '../../state/app/agent-client.ts';
import type { McpForm } from '../../state/settings/mcp-form.ts';
import type { MediaForm } from '../../state/settings/media-form.ts';
import { chooseLocalModel, type ProvidersForm } from '../../state/settings/providers-form.ts';
import type { SearchForm } from '../../state/settings/search-form.ts';
import { formsFromSettings, hasUnsavedChanges } from '../../state/settings/settings-draft.ts';
import type { SettingsForm } from '../../state/settings/settings-form.ts';
import type { SettingsSectionId } from '../../state/settings/settings-sections.ts';
import {
  type FieldIssue,
  issueCounts,
  type SettingsForms,
  validateSettings,
  withoutIssue,
} from '../../state/settings/settings-validation.ts';
import type { XForm } from '../../state/settings/x-form.ts';
import { useApp } from '../app/app-context.ts';
import { FieldErrorsContext } from './field-errors.tsx';
import { SettingsNav, settingsPanelId, settingsTabId } from './settings-nav.tsx';
import { RunFields } from './settings-run-fields.tsx';
import { SandboxFields } from './settings-sandbox-fields.tsx';
import { SaveBar } from './settings-save-bar.tsx';
import { SearchSection } from './settings-search.tsx';
import { StorageSection } from './storage-section.tsx';
import './settings-dialog.css';

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
const MemorySection = lazy(() =>
  import('./memory-section.tsx').then((module) => ({ default: module.MemorySection })),
);
const SkillsSection = lazy(() =>
  import('./skills-section.tsx').then((module) => ({ default: module.SkillsSection })),
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

/** One section's panel: in the page while Settings is open (so what it holds is kept), shown when selected. */
function Panel(props: { id: SettingsSectionId; selected: SettingsSectionId; children: JSX.Element }) {
  return (
    <section
      class="settings-panel"
      role="tabpanel"
      id={settingsPanelId(props.id)}
      aria-labelledby={settingsTabId(props.id)}
      hidden={props.selected !== props.id}
    >
      {props.children}
    </section>
  );
}

/**
 * Settings, in a modal dialog: an index of sections (providers, in-browser models, runs,
 * sandbox, web and search, media, MCP servers, X, skills, memory, storage) with one section shown at a time,
 * and a save bar that never scrolls away. Save checks every section: each refused field
 * shows why under itself, and the first one is shown and focused. Esc, Close or Discard
 * changes closes without saving. Opens at the section `ui.openSettings` names.
 */
export function SettingsDialog() {
  const { settings, ui } = useApp();
  const opened = () => formsFromSettings(settings.state.settings);
  const [form, setForm] = createSignal<SettingsForm>(opened().run);
  const [providers, setProviders] = createSignal<ProvidersForm>(opened().providers);
  const [search, setSearch] = createSignal<SearchForm>(opened().search);
  const [media, setMedia] = createSignal<MediaForm>(opened().media);
  const [mcp, setMcp] = createSignal<McpForm>(opened().mcp);
  const [xForm, setXForm] = createSignal<XForm>(opened().x);
  const [openedForms, setOpenedForms] = createSignal<SettingsForms>(opened());
  const [editingProviderId, setEditingProviderId] = createSignal<string | null>(null);
  const [issues, setIssues] = createSignal<readonly FieldIssue[]>([]);
  const [formError, setFormError] = createSignal<string | null>(null);
  const [isSaving, setSaving] = createSignal(false);
  let dialog: HTMLDialogElement | undefined;
  let panels: HTMLDivElement | undefined;

  const forms = (): SettingsForms => ({
    providers: providers(),
    run: form(),
    search: search(),
    media: media(),
    mcp: mcp(),
    x: xForm(),
  });
  const hasChanges = createMemo(() => hasUnsavedChanges(forms(), openedForms()));

  // Opens once the settings are read (a form filled from the defaults would save over them).
  createEffect(
    on([ui.isSettingsOpen, () => settings.state.isLoaded], ([open, isLoaded]) => {
      if (!dialog) return;
      if (open && isLoaded && !dialog.open) {
        const fresh = opened();
        setOpenedForms(fresh);
        setForm(fresh.run);
        setProviders(fresh.providers);
        setSearch(fresh.search);
        setMedia(fresh.media);
        setMcp(fresh.mcp);
        setXForm(fresh.x);
        setEditingProviderId(settings.state.settings.activeProviderId);
        setIssues([]);
        setFormError(null);
        dialog.showModal();
        const target = ui.settingsFocusId();
        focusLater(target ?? settingsTabId(ui.settingsSection()), target !== null);
      } else if (!open && dialog.open) {
        dialog.close();
      }
    }),
  );

  // A section starts at its top.
  createEffect(on(ui.settingsSection, () => panels?.scrollTo({ top: 0 }), { defer: true }));

  /** Focuses the element `id` on the next frame (once a section just selected is shown), scrolled to the middle. */
  function focusLater(id: string, shouldCenter = true): void {
    requestAnimationFrame(() => {
      const element = document.getElementById(id);
      if (shouldCenter) element?.scrollIntoView({ block: 'center' });
      element?.focus({ preventScroll: true });
    });
  }

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
    ui.setSettingsSection('providers');
    setEditingProviderId(providerId);
    focusLater('provider-inputPrice');
  }

  const activeLocalModelId = () => {
    const current = providers();
    const active = current.providers.find((draft) => draft.id === current.activeProviderId);
    return active?.kind === 'webllm' ? active.model : null;
  };

  /** Shows a refused field: its section, its provider's editor for a provider's field, then the field itself. */
  function showIssue(issue: FieldIssue | undefined): void {
    if (!issue) return;
    ui.setSettingsSection(issue.section);
    if (issue.providerId) setEditingProviderId(issue.providerId);
    focusLater(issue.fieldId);
  }

  /** An edited field's message goes as soon as it changes. */
  function forgetEdited(event: Event): void {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.id === '' || issues().length === 0) return;
    setIssues(withoutIssue(issues(), target.id, editingProviderId()));
  }

  async function save(): Promise<void> {
    const checked = validateSettings(forms(), settings.state.settings);
    if (!checked.ok) {
      setIssues(checked.issues);
      setFormError(checked.formError);
      showIssue(checked.issues[0]);
      return;
    }
    setIssues([]);
    setFormError(null);
    setSaving(true);
    try {
      await settings.save(checked.settings);
      ui.setSettingsOpen(false);
    } catch (failure) {
      setFormError(`Not saved: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  }

  const selected = ui.settingsSection;

  return (
    <dialog
      ref={dialog}
      class="settings-dialog"
      aria-labelledby="settings-title"
      onCancel={() => ui.setSettingsOpen(false)}
      onClose={() => ui.setSettingsOpen(false)}
    >
      <form
        class="settings-form"
        novalidate
        onInput={forgetEdited}
        onChange={forgetEdited}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <header class="settings-header">
          <h2 id="settings-title">Settings</h2>
          <p class="dialog-intro">
            Sandpiper calls OpenAI-compatible APIs directly from this tab, or runs a model in it. Everything
            here is stored only in this browser.
          </p>
        </header>
        <div class="settings-body">
          <SettingsNav
            selected={selected()}
            issueCounts={issueCounts(issues())}
            onSelect={ui.setSettingsSection}
          />
          <div class="settings-panels" ref={panels}>
            <FieldErrorsContext.Provider value={issues}>
              <Panel id="providers" selected={selected()}>
                <SectionBoundary name="provider">
                  <ProvidersSection
                    serverCapabilities={settings.state.serverCapabilities}
                    form={providers()}
                    onChange={setProviders}
                    editingId={editingProviderId()}
                    onEdit={setEditingProviderId}
                  />
                </SectionBoundary>
              </Panel>
              <Panel id="models" selected={selected()}>
                <SectionBoundary name="in-browser model">
                  <LocalModelsSection
                    isOpen={ui.isSettingsOpen()}
                    activeModelId={activeLocalModelId()}
                    onUse={chooseLocalModelFromList}
                  />
                </SectionBoundary>
              </Panel>
              <Panel id="runs" selected={selected()}>
                <RunFields
                  form={form()}
                  providers={providers()}
                  onEditPrices={editPrices}
                  onChange={update}
                />
              </Panel>
              <Panel id="sandbox" selected={selected()}>
                <SandboxFields form={form()} onChange={update} />
              </Panel>
              <Panel id="search" selected={selected()}>
                <SearchSection form={search()} onChange={setSearch} />
              </Panel>
              <Panel id="media" selected={selected()}>
                <SectionBoundary name="media">
                  <MediaSection form={media()} onChange={setMedia} />
                </SectionBoundary>
              </Panel>
              <Panel id="mcp" selected={selected()}>
                <SectionBoundary name="MCP">
                  <McpSection form={mcp()} onChange={setMcp} />
                </SectionBoundary>
              </Panel>
              <Panel id="x" selected={selected()}>
                <SectionBoundary name="X">
                  <XSection form={xForm()} onChange={setXForm} />
                </SectionBoundary>
              </Panel>
              <Panel id="skills" selected={selected()}>
                <SectionBoundary name="skills">
                  <SkillsSection />
                </SectionBoundary>
              </Panel>
              <Panel id="memory" selected={selected()}>
                <SectionBoundary name="memory">
                  <MemorySection />
                </SectionBoundary>
              </Panel>
              <Panel id="storage" selected={selected()}>
                <StorageSection />
              </Panel>
            </FieldErrorsContext.Provider>
          </div>
        </div>
        <SaveBar
          hasChanges={hasChanges()}
          issueCount={issues().length}
          formError={formError()}
          isSaving={isSaving()}
          onShowIssue={() => showIssue(issues()[0])}
          onClose={() => ui.setSettingsOpen(false)}
        />
      </form>
    </dialog>
  );
}
