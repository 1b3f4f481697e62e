import {
  PROVIDER_PRESETS,
  type ProviderPreset,
  type ProviderSetup,
  setupFromPreset,
  type ToolCallMode,
  toolCallModeOf,
} from '@/shared/protocol/providers.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';

/** One saved provider as the Providers section edits it: every field as typed. */
export type ProviderDraft = {
  id: string;
  name: string;
  kind: ProviderSetup['kind'];
  presetId: string | null;
  baseUrl: string;
  apiKey: string;
  model: string;
  contextWindowTokens: string;
  /** How tool calls are made (remote providers). */
  toolCalls: ToolCallMode;
  /** Use the window the server reports over the one typed. */
  useServerWindow: boolean;
  /** Whether the model is shown images (remote providers): decided automatically, or said. */
  vision: VisionChoice;
  /** Prices per million tokens; all empty means no prices (no cost is shown). */
  inputPrice: string;
  cachedInputPrice: string;
  outputPrice: string;
};

/** The Images choice: `auto` lets `visionOf` decide; `on` and `off` are the person's word. */
export type VisionChoice = 'auto' | 'on' | 'off';

/** The Providers section: the saved providers in order and the one new conversations use. */
export type ProvidersForm = { providers: ProviderDraft[]; activeProviderId: string };

/** The draft fields a person types into (the rest are set by presets and in-browser models). */
export type ProviderTextField = Exclude<
  keyof ProviderDraft,
  'id' | 'kind' | 'presetId' | 'toolCalls' | 'useServerWindow' | 'vision'
>;

/** The draft fields set with controls other than text boxes. */
export type ProviderOptionField = 'toolCalls' | 'useServerWindow' | 'vision';

/** The context window an in-browser model is loaded with when chosen with "Use". */
export const LOCAL_MODEL_CONTEXT_WINDOW_TOKENS = 16_384;
/** What a custom provider starts with. */
const CUSTOM_CONTEXT_WINDOW_TOKENS = 32_000;

/** The preset a draft was made from, if it still exists. */
export function presetOf(draft: Pick<ProviderDraft, 'presetId'>): ProviderPreset | null {
  return PROVIDER_PRESETS.find((preset) => preset.id === draft.presetId) ?? null;
}

/** The Images choice a saved setup's `vision` stands for (absent: automatic). */
export function visionChoiceOf(vision: boolean | undefined): VisionChoice {
  if (vision === undefined) return 'auto';
  return vision ? 'on' : 'off';
}

/** The `vision` field to save for a choice: none for automatic, so the key stays absent. */
export function visionFieldOf(choice: VisionChoice): Pick<ProviderSetup, 'vision'> {
  return choice === 'auto' ? {} : { vision: choice === 'on' };
}

/** A saved setup as the form shows it. */
export function draftFromSetup(setup: ProviderSetup): ProviderDraft {
  return {
    id: setup.id,
    name: setup.name,
    kind: setup.kind,
    presetId: setup.presetId,
    baseUrl: setup.baseUrl,
    apiKey: setup.apiKey,
    model: setup.model,
    contextWindowTokens: String(setup.contextWindowTokens),
    toolCalls: toolCallModeOf(setup),
    useServerWindow: setup.useServerWindow !== false,
    vision: visionChoiceOf(setup.vision),
    inputPrice: setup.prices ? String(setup.prices.inputPerMillion) : '',
    cachedInputPrice: setup.prices ? String(setup.prices.cachedInputPerMillion) : '',
    outputPrice: setup.prices ? String(setup.prices.outputPerMillion) : '',
  };
}

/** The Providers section for saved settings. */
export function providersFormFromSettings(settings: AgentSettings): ProvidersForm {
  return {
    providers: settings.providers.map(draftFromSetup),
    activeProviderId: settings.activeProviderId,
  };
}

/** `base`, or `base 2`, `base 3`… whichever no draft is called yet. */
function unusedName(form: ProvidersForm, base: string): string {
  const names = new Set(form.providers.map((draft) => draft.name.trim()));
  if (!names.has(base)) return base;
  let index = 2;
  while (names.has(`${base} ${index}`)) index += 1;
  return `${base} ${index}`;
}

/**
 * Appends a provider made from a preset (by id), or a blank OpenAI-compatible one for
 * `'custom'`, under a name no other draft has. The active provider does not change, unless
 * none is active yet (none was saved): then the new one is the one new conversations use.
 */
export function addProvider(form: ProvidersForm, presetId: string, id: string): ProvidersForm {
  const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === presetId);
  const draft: ProviderDraft = preset
    ? draftFromSetup(setupFromPreset(preset, id))
    : draftFromSetup({
        id,
        name: 'Custom',
        kind: 'openai-compatible',
        presetId: null,
        baseUrl: '',
        apiKey: '',
        model: '',
        contextWindowTokens: CUSTOM_CONTEXT_WINDOW_TOKENS,
        prices: null,
      });
  const hasActive = form.providers.some((other) => other.id === form.activeProviderId);
  return {
    providers: [...form.providers, { ...draft, name: unusedName(form, draft.name) }],
    activeProviderId: hasActive ? form.activeProviderId : id,
  };
}

/** Changes some typed fields of one draft. */
export function updateProvider(
  form: ProvidersForm,
  id: string,
  changes: Partial<Pick<ProviderDraft, ProviderTextField | ProviderOptionField>>,
): ProvidersForm {
  return {
    ...form,
    providers: form.providers.map((draft) => (draft.id === id ? { ...draft, ...changes } : draft)),
  };
}

/**
 * Removes a draft (the last one too: with none, nothing runs until one is added again);
 * removing the active one makes the first remaining provider active ('' when none is left).
 */
export function removeProvider(form: ProvidersForm, id: string): ProvidersForm {
  const providers = form.providers.filter((draft) => draft.id !== id);
  if (providers.length === form.providers.length) return form;
  const isActiveRemoved = form.activeProviderId === id;
  return { providers, activeProviderId: isActiveRemoved ? (providers[0]?.id ?? '') : form.activeProviderId };
}

/** Makes a draft the provider new conversations use (unknown ids are ignored). */
export function setActiveProvider(form: ProvidersForm, id: string): ProvidersForm {
  return form.providers.some((draft) => draft.id === id) ? { ...form, activeProviderId: id } : form;
}

/**
 * Makes an in-browser model the active provider: updates the saved in-browser provider
 * that runs that model, or else adds one (kind `webllm`, a 16,384-token window).
 * Returns the form and the id of that provider.
 */
export function chooseLocalModel(
  form: ProvidersForm,
  modelId: string,
  newId: string,
): { form: ProvidersForm; providerId: string } {
  const existing = form.providers.find((draft) => draft.kind === 'webllm' && draft.model === modelId);
  if (existing) {
    const updated = updateProvider(form, existing.id, {
      contextWindowTokens: String(LOCAL_MODEL_CONTEXT_WINDOW_TOKENS),
    });
    return { form: { ...updated, activeProviderId: existing.id }, providerId: existing.id };
  }
  const draft = draftFromSetup({
    id: newId,
    name: unusedName(form, `In-browser: ${modelId}`),
    kind: 'webllm',
    presetId: null,
    baseUrl: '',
    apiKey: '',
    model: modelId,
    contextWindowTokens: LOCAL_MODEL_CONTEXT_WINDOW_TOKENS,
    prices: null,
  });
  return { form: { providers: [...form.providers, draft], activeProviderId: newId }, providerId: newId };
}
