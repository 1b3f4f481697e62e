import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { SAVED_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import { formFromSettings, validateSettingsForm } from './settings-form.ts';

const form = {
  stepBudget: ' 30 ',
  maxRetries: ' 7 ',
  tokenBudget: '',
  runTimeLimitMinutes: '',
  spendCapPerRunUsd: '',
  spendCapPerDayUsd: '',
  interruptedRuns: 'ask' as const,
  nodeRuntime: false,
  allowedUrlPrefixes: '',
  workspaceLimitMb: '200',
};

describe('validateSettingsForm', () => {
  it('trims the fields and keeps the settings the form does not edit (providers among them)', () => {
    const current = {
      ...DEFAULT_SETTINGS,
      maxRetries: 7,
      providers: [{ ...SAVED_OPENAI, apiKey: 'secret', model: 'gpt-4.1' }],
      activeProviderId: SAVED_OPENAI.id,
    };
    expect(validateSettingsForm(form, current)).toEqual({
      ok: true,
      settings: { ...current, stepBudget: 30 },
    });
  });

  it('takes 0 to 10 retries, and refuses anything else', () => {
    expect(validateSettingsForm({ ...form, maxRetries: '0' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: true,
      settings: { maxRetries: 0 },
    });
    for (const maxRetries of ['-1', '11', '2.5', '', 'many']) {
      expect(validateSettingsForm({ ...form, maxRetries }, DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        field: 'maxRetries',
        message: 'Retries must be a whole number from 0 to 10.',
      });
    }
  });

  it('refuses a step budget that is not a whole number in range', () => {
    for (const stepBudget of ['0', '2.5', '', '10001']) {
      expect(validateSettingsForm({ ...form, stepBudget }, DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        field: 'stepBudget',
      });
    }
  });

  it('reads an empty token budget as no limit, and a whole number of at least 1000 as the budget', () => {
    const limited = { ...DEFAULT_SETTINGS, tokenBudget: 50_000 };
    expect(validateSettingsForm({ ...form, tokenBudget: '  ' }, limited)).toMatchObject({
      ok: true,
      settings: { tokenBudget: null },
    });
    for (const [typed, tokens] of [
      ['1000', 1000],
      [' 250000 ', 250_000],
      ['1,500,000', 1_500_000],
      ['200 000', 200_000],
    ] as const) {
      expect(validateSettingsForm({ ...form, tokenBudget: typed }, DEFAULT_SETTINGS)).toMatchObject({
        ok: true,
        settings: { tokenBudget: tokens },
      });
    }
  });

  it('reads the time limit per run: empty is no limit, whole minutes up to a week, anything else named', () => {
    const limited = { ...DEFAULT_SETTINGS, runTimeLimitMinutes: 30 };
    expect(validateSettingsForm({ ...form, runTimeLimitMinutes: ' ' }, limited)).toMatchObject({
      ok: true,
      settings: { runTimeLimitMinutes: null },
    });
    for (const [typed, minutes] of [
      ['1', 1],
      [' 90 ', 90],
      ['10,080', 10_080],
    ] as const) {
      expect(validateSettingsForm({ ...form, runTimeLimitMinutes: typed }, DEFAULT_SETTINGS)).toMatchObject({
        ok: true,
        settings: { runTimeLimitMinutes: minutes },
      });
    }
    for (const runTimeLimitMinutes of ['0', '-1', '1.5', '10081', 'soon']) {
      const result = validateSettingsForm({ ...form, runTimeLimitMinutes }, DEFAULT_SETTINGS);
      expect(result).toMatchObject({ ok: false, field: 'runTimeLimitMinutes' });
      expect(result.ok ? '' : result.message).toContain('from 1 to 10,080');
    }
    expect(formFromSettings({ ...DEFAULT_SETTINGS, runTimeLimitMinutes: 45 }).runTimeLimitMinutes).toBe('45');
    const { runTimeLimitMinutes: _absent, ...older } = DEFAULT_SETTINGS;
    expect(formFromSettings(older).runTimeLimitMinutes).toBe('');
  });

  it('reads the spend caps in US dollars: empty is no cap, a "$" and digit groups allowed, anything else named', () => {
    const capped = { ...DEFAULT_SETTINGS, spendCapPerRunUsd: 2, spendCapPerDayUsd: 10 };
    expect(
      validateSettingsForm({ ...form, spendCapPerRunUsd: ' ', spendCapPerDayUsd: '' }, capped),
    ).toMatchObject({ ok: true, settings: { spendCapPerRunUsd: null, spendCapPerDayUsd: null } });
    for (const [typed, dollars] of [
      ['0.50', 0.5],
      ['$ 5', 5],
      ['.25', 0.25],
      ['$1,000.75', 1000.75],
      ['100000', 100_000],
    ] as const) {
      expect(
        validateSettingsForm(
          { ...form, spendCapPerRunUsd: typed, spendCapPerDayUsd: typed },
          DEFAULT_SETTINGS,
        ),
      ).toMatchObject({ ok: true, settings: { spendCapPerRunUsd: dollars, spendCapPerDayUsd: dollars } });
    }
    for (const [spendCapPerDayUsd, words] of [
      ['0', 'must be more than $0 and at most $100,000'],
      ['-3', 'must be more than $0'],
      ['100001', 'at most $100,000'],
      ['five', 'an amount in US dollars, for example 0.50'],
      ['1.2.3', 'an amount in US dollars'],
      ['€5', 'an amount in US dollars'],
    ] as const) {
      const result = validateSettingsForm({ ...form, spendCapPerDayUsd }, DEFAULT_SETTINGS);
      expect(result).toMatchObject({ ok: false, field: 'spendCapPerDayUsd' });
      expect(result.ok ? '' : result.message).toContain('Spend cap per day');
      expect(result.ok ? '' : result.message).toContain(words);
    }
    const run = validateSettingsForm({ ...form, spendCapPerRunUsd: 'lots' }, DEFAULT_SETTINGS);
    expect(run).toMatchObject({ ok: false, field: 'spendCapPerRunUsd' });
    expect(formFromSettings(capped)).toMatchObject({ spendCapPerRunUsd: '2', spendCapPerDayUsd: '10' });
    expect(formFromSettings({ ...DEFAULT_SETTINGS, spendCapPerRunUsd: 0.35 }).spendCapPerRunUsd).toBe('0.35');
    const { spendCapPerRunUsd: _run, spendCapPerDayUsd: _day, ...older } = DEFAULT_SETTINGS;
    expect(formFromSettings(older)).toMatchObject({ spendCapPerRunUsd: '', spendCapPerDayUsd: '' });
  });

  it('refuses a token budget below 1000 or not a whole number, and names the field', () => {
    for (const tokenBudget of ['999', '0', '-5000', '1500.5', 'lots', '1e400']) {
      const result = validateSettingsForm({ ...form, tokenBudget }, DEFAULT_SETTINGS);
      expect(result).toMatchObject({ ok: false, field: 'tokenBudget' });
      expect(result.ok ? '' : result.message).toContain('at least 1000');
    }
  });

  it('reads the network allow-list one URL per line, skipping blanks and repeats', () => {
    const result = validateSettingsForm(
      {
        ...form,
        nodeRuntime: true,
        allowedUrlPrefixes:
          ' https://api.github.com/ \n\nhttp://localhost:8080/data\nhttps://api.github.com/\n',
      },
      DEFAULT_SETTINGS,
    );
    expect(result).toMatchObject({
      ok: true,
      settings: {
        nodeRuntime: true,
        allowedUrlPrefixes: ['https://api.github.com/', 'http://localhost:8080/data'],
      },
    });
    expect(validateSettingsForm({ ...form, allowedUrlPrefixes: '\n  \n' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: true,
      settings: { allowedUrlPrefixes: [] },
    });
  });

  it('refuses an allow-list line that is not an http(s) URL and says which line', () => {
    for (const bad of ['api.github.com', 'ftp://files.example.com/', 'https://', 'javascript:alert(1)']) {
      const result = validateSettingsForm(
        { ...form, allowedUrlPrefixes: `https://ok.example.com/\n${bad}` },
        DEFAULT_SETTINGS,
      );
      expect(result).toMatchObject({ ok: false, field: 'allowedUrlPrefixes' });
      expect(result.ok ? '' : result.message).toContain('Line 2');
    }
  });

  it('turns the workspace limit from MB into bytes and refuses values out of range', () => {
    expect(validateSettingsForm({ ...form, workspaceLimitMb: ' 512 ' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: true,
      settings: { workspaceLimitBytes: 512 * 1024 * 1024 },
    });
    for (const workspaceLimitMb of ['0', '-5', '1.5', '', 'lots', '100001']) {
      expect(validateSettingsForm({ ...form, workspaceLimitMb }, DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        field: 'workspaceLimitMb',
      });
    }
  });

  it('round-trips saved settings through the form', () => {
    expect(validateSettingsForm(formFromSettings(DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: DEFAULT_SETTINGS,
    });
    const custom = {
      ...DEFAULT_SETTINGS,
      tokenBudget: 120_000,
      spendCapPerRunUsd: 0.5,
      spendCapPerDayUsd: 12.25,
      interruptedRuns: 'continue' as const,
      nodeRuntime: true,
      allowedUrlPrefixes: ['https://registry.npmjs.org/', 'https://api.github.com/'],
      workspaceLimitBytes: 64 * 1024 * 1024,
    };
    expect(validateSettingsForm(formFromSettings(custom), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: custom,
    });
  });
});
