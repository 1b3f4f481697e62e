import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { mcpFormFromSettings } from './mcp-form.ts';
import { mediaFormFromSettings } from './media-form.ts';
import { providersFormFromSettings } from './providers-form.ts';
import { searchFormFromSettings } from './search-form.ts';
import { formFromSettings } from './settings-form.ts';
import type { SettingsForms } from './settings-validation.ts';
import { xFormFromSettings } from './x-form.ts';

/** Every form of the Settings dialog as `settings` fill them (what the dialog opens with). */
export function formsFromSettings(settings: AgentSettings): SettingsForms {
  return {
    providers: providersFormFromSettings(settings),
    run: formFromSettings(settings),
    search: searchFormFromSettings(settings),
    media: mediaFormFromSettings(settings),
    mcp: mcpFormFromSettings(settings),
    x: xFormFromSettings(settings),
  };
}

/**
 * True when a form holds something other than what it opened with (`opened`): what Save
 * would store, or Close would drop. Typing a value back as it was is no change.
 */
export function hasUnsavedChanges(forms: SettingsForms, opened: SettingsForms): boolean {
  return JSON.stringify(forms) !== JSON.stringify(opened);
}
