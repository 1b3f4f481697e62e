import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { SETTINGS_WITH_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import { withMcpServer } from './mcp-form.ts';
import { updateProvider } from './providers-form.ts';
import { formsFromSettings, hasUnsavedChanges } from './settings-draft.ts';

describe('the Settings dialog’s draft', () => {
  it('opens with a form per part, filled from the settings', () => {
    const settings = { ...DEFAULT_SETTINGS, stepBudget: 42, x: { proxyUrl: 'https://proxy.example/x' } };
    const forms = formsFromSettings(settings);
    expect(forms.run.stepBudget).toBe('42');
    expect(forms.x.proxyUrl).toBe('https://proxy.example/x');
    expect(forms.providers.activeProviderId).toBe(DEFAULT_SETTINGS.activeProviderId);
    expect(forms.mcp.servers).toEqual([]);
  });

  it('has unsaved changes once any form differs from what it opened with, and none when typed back', () => {
    const opened = formsFromSettings(SETTINGS_WITH_OPENAI);
    expect(hasUnsavedChanges(formsFromSettings(SETTINGS_WITH_OPENAI), opened)).toBe(false);
    const edited = { ...opened, run: { ...opened.run, stepBudget: '7' } };
    expect(hasUnsavedChanges(edited, opened)).toBe(true);
    expect(
      hasUnsavedChanges({ ...edited, run: { ...edited.run, stepBudget: opened.run.stepBudget } }, opened),
    ).toBe(false);
    const model = updateProvider(opened.providers, SETTINGS_WITH_OPENAI.activeProviderId, { model: '' });
    expect(hasUnsavedChanges({ ...opened, providers: model }, opened)).toBe(true);
    expect(
      hasUnsavedChanges({ ...opened, mcp: withMcpServer(opened.mcp, 'none', { name: 'x' }) }, opened),
    ).toBe(false);
  });
});
