import { PROVIDER_PRESETS, type ProviderSetup, setupFromPreset } from './providers.ts';
import { type AgentSettings, DEFAULT_SETTINGS } from './settings.ts';

const OPENAI_PRESET = PROVIDER_PRESETS.find((preset) => preset.id === 'openai');
if (!OPENAI_PRESET) throw new Error('The OpenAI preset is missing.');

/**
 * For tests: the OpenAI preset as a person adds it in Settings (no key typed yet), under an
 * id of its own (older versions' untouched `openai` is dropped when settings are read).
 */
export const SAVED_OPENAI: ProviderSetup = setupFromPreset(OPENAI_PRESET, 'openai-added');

/** For tests: the defaults once the person has added OpenAI (`SAVED_OPENAI`), the provider new conversations use. */
export const SETTINGS_WITH_OPENAI: AgentSettings = {
  ...DEFAULT_SETTINGS,
  providers: [SAVED_OPENAI],
  activeProviderId: SAVED_OPENAI.id,
};
