import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { SETTINGS_WITH_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import { newMcpServer } from './mcp-form.ts';
import { withEndpoint } from './media-form.ts';
import { updateProvider } from './providers-form.ts';
import { formsFromSettings } from './settings-draft.ts';
import {
  issueCounts,
  issuesSummary,
  mcpIssue,
  mediaIssue,
  providerIssue,
  runIssue,
  searchIssue,
  validateSettings,
  withoutIssue,
  xIssue,
} from './settings-validation.ts';

const formsOf = () => formsFromSettings(DEFAULT_SETTINGS);

describe('placing a refused field', () => {
  it('puts each part’s problem in its section, on the id of the input that shows it', () => {
    expect(providerIssue({ providerId: 'p', field: 'model', message: 'P needs a model.' })).toEqual({
      section: 'providers',
      fieldId: 'provider-model',
      providerId: 'p',
      message: 'P needs a model.',
    });
    expect(runIssue({ field: 'tokenBudget', message: 'm' })).toMatchObject({
      section: 'runs',
      fieldId: 'settings-tokenBudget',
      providerId: null,
    });
    expect(runIssue({ field: 'spendCapPerDayUsd', message: 'm' }).section).toBe('runs');
    expect(runIssue({ field: 'allowedUrlPrefixes', message: 'm' })).toMatchObject({
      section: 'sandbox',
      fieldId: 'settings-allowedUrlPrefixes',
    });
    expect(runIssue({ field: 'workspaceLimitMb', message: 'm' }).section).toBe('sandbox');
    expect(searchIssue({ field: 'contactEmail', message: 'm' })).toMatchObject({
      section: 'search',
      fieldId: 'settings-contactEmail',
    });
    expect(mediaIssue({ kind: 'image_edit', field: 'baseUrl', message: 'm' })).toMatchObject({
      section: 'media',
      fieldId: 'media-image_edit-baseUrl',
    });
    expect(mcpIssue({ serverId: 's1', field: 'url', message: 'm' })).toMatchObject({
      section: 'mcp',
      fieldId: 'mcp-s1-url',
    });
    expect(xIssue({ field: 'token', message: 'm' })).toMatchObject({ section: 'x', fieldId: 'x-token' });
  });
});

describe('validateSettings', () => {
  it('saves what every part makes of the settings when nothing is wrong, with no provider saved too', () => {
    const forms = formsOf();
    const result = validateSettings({ ...forms, run: { ...forms.run, stepBudget: '12' } }, DEFAULT_SETTINGS);
    expect(result).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, stepBudget: 12 } });
  });

  it('finds every wrong field in every section, in the order of the index', () => {
    const forms = formsFromSettings(SETTINGS_WITH_OPENAI);
    const server = newMcpServer(
      { url: 'https://tools.example/mcp', name: 'tools', transport: 'streamable-http', bearerToken: '' },
      's1',
      [],
    );
    const result = validateSettings(
      {
        providers: updateProvider(forms.providers, 'openai-added', { model: '' }),
        run: { ...forms.run, workspaceLimitMb: '0', stepBudget: 'many' },
        search: forms.search,
        media: withEndpoint(forms.media, 'image', { isEnabled: true, baseUrl: 'https://api.example/v1' }),
        mcp: { servers: [{ ...server, url: 'ftp://tools' }] },
        x: { proxyUrl: '', token: 'tok' },
      },
      SETTINGS_WITH_OPENAI,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.formError).toBeNull();
    expect(result.issues.map((issue) => [issue.section, issue.fieldId])).toEqual([
      ['providers', 'provider-model'],
      ['runs', 'settings-stepBudget'],
      ['sandbox', 'settings-workspaceLimitMb'],
      ['media', 'media-image-model'],
      ['mcp', 'mcp-s1-url'],
      ['x', 'x-proxyUrl'],
    ]);
    expect(result.issues[0]).toMatchObject({
      providerId: 'openai-added',
      message: expect.stringMatching(/^OpenAI needs a model/),
    });
    expect(issueCounts(result.issues)).toEqual({ providers: 1, runs: 1, sandbox: 1, media: 1, mcp: 1, x: 1 });
  });

  it('says how many fields need attention', () => {
    expect(issuesSummary(1)).toBe('1 field needs attention');
    expect(issuesSummary(3)).toBe('3 fields need attention');
  });

  it('drops the issue of a field once it is edited, and only that provider’s', () => {
    const issues = [
      providerIssue({ providerId: 'a', field: 'model', message: 'A' }),
      providerIssue({ providerId: 'b', field: 'model', message: 'B' }),
      runIssue({ field: 'stepBudget', message: 'S' }),
    ];
    expect(withoutIssue(issues, 'provider-model', 'b').map((issue) => issue.message)).toEqual(['A', 'S']);
    expect(withoutIssue(issues, 'settings-stepBudget', null).map((issue) => issue.message)).toEqual([
      'A',
      'B',
    ]);
    expect(withoutIssue(issues, 'settings-maxRetries', null)).toEqual(issues);
  });
});
