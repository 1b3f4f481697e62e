import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import {
  fullProviderOrder,
  keyOwner,
  moveProvider,
  SEARCH_PROVIDER_IDS,
  searchFormFromSettings,
  siteLineProblems,
  validateSearchForm,
  withServiceEnabled,
} from './search-form.ts';

const form = searchFormFromSettings(DEFAULT_SETTINGS);

describe('search form', () => {
  it('starts with every service on, every provider in the default order and empty addresses', () => {
    expect(form).toEqual({
      disabledServices: [],
      providerOrder: [...SEARCH_PROVIDER_IDS],
      searxngUrl: '',
      corsProxyTemplate: '',
      contactEmail: '',
      toolKeys: {},
      isSiteListOn: false,
      allowedSites: '',
    });
    expect(SEARCH_PROVIDER_IDS).not.toContain('jina_reader');
    expect(SEARCH_PROVIDER_IDS[0]).toBe('wikipedia');
  });

  it('saves an untouched form as the defaults, keeping the settings it does not edit', () => {
    const current = { ...DEFAULT_SETTINGS, stepBudget: 9 };
    expect(validateSearchForm(form, current)).toEqual({ ok: true, settings: current });
  });

  it('saves the allowed sites one a line when the list is on, no list when it is off, and names a bad line', () => {
    const typed = ' https://docs.example/guide \n\nhttps://ok.example\nhttps://ok.example';
    const on = validateSearchForm({ ...form, isSiteListOn: true, allowedSites: typed }, DEFAULT_SETTINGS);
    expect(on.ok && on.settings.web.allowedSites).toEqual([
      'https://docs.example/guide',
      'https://ok.example',
    ]);
    expect(on.ok && searchFormFromSettings(on.settings)).toMatchObject({
      isSiteListOn: true,
      allowedSites: 'https://docs.example/guide\nhttps://ok.example',
    });
    const off = validateSearchForm({ ...form, isSiteListOn: false, allowedSites: typed }, DEFAULT_SETTINGS);
    expect(off.ok && 'allowedSites' in off.settings.web).toBe(false);
    const empty = validateSearchForm({ ...form, isSiteListOn: true, allowedSites: '' }, DEFAULT_SETTINGS);
    expect(empty.ok && empty.settings.web.allowedSites).toEqual([]);
    expect(
      validateSearchForm(
        { ...form, isSiteListOn: true, allowedSites: 'https://ok.example\nevil.example' },
        DEFAULT_SETTINGS,
      ),
    ).toMatchObject({
      ok: false,
      field: 'allowedSites',
      message:
        'Allowed sites, line 2: "evil.example" is not a URL: start it with https://, e.g. https://docs.python.org.',
      problems: [{ field: 'allowedSites' }],
    });
    expect(siteLineProblems('https://ok.example\n\nftp://x.example')).toEqual([
      { line: 3, message: '"ftp://x.example" is not an http(s) address.' },
    ]);
  });

  it('switches services off and on, and saves the switched-off ones', () => {
    const off = withServiceEnabled(withServiceEnabled(form, 'brave', false), 'github', false);
    expect(withServiceEnabled(off, 'brave', true).disabledServices).toEqual(['github']);
    const saved = validateSearchForm(off, DEFAULT_SETTINGS);
    expect(saved.ok && saved.settings.web.disabledServices).toEqual(['brave', 'github']);
  });

  it('moves providers within the ends and saves the full order once it differs from the default', () => {
    const moved = moveProvider(form.providerOrder, 'github', -2);
    expect(moved.indexOf('github')).toBe(SEARCH_PROVIDER_IDS.indexOf('github') - 2);
    expect(moveProvider(form.providerOrder, 'wikipedia', -1)).toEqual(form.providerOrder);
    expect(moveProvider(form.providerOrder, 'semantic_scholar', 1)).toEqual(form.providerOrder);
    const saved = validateSearchForm({ ...form, providerOrder: moved }, DEFAULT_SETTINGS);
    expect(saved.ok && saved.settings.web.providerOrder).toEqual(moved);
    expect(fullProviderOrder(['brave', 'brave', 'direct'])).toEqual([
      'brave',
      ...SEARCH_PROVIDER_IDS.filter((id) => id !== 'brave'),
    ]);
  });

  it('trims keys, drops empty ones and keeps other tools’ keys', () => {
    const saved = validateSearchForm(
      { ...form, toolKeys: { tavily: ' tvly-1 ', jina: '  ', image_api: 'k' } },
      { ...DEFAULT_SETTINGS, toolKeys: { image_api: 'k' } },
    );
    expect(saved.ok && saved.settings.toolKeys).toEqual({ tavily: 'tvly-1', image_api: 'k' });
    expect(keyOwner('jina')).toBe('jina_search');
  });

  it('checks the addresses with the settings schema and says which field is wrong', () => {
    const withProxy = (corsProxyTemplate: string) =>
      validateSearchForm({ ...form, corsProxyTemplate }, DEFAULT_SETTINGS);
    const message = 'CORS proxy: A CORS proxy address starts with http(s):// and contains {url}.';
    expect(withProxy('https://proxy.example/?target=')).toEqual({
      ok: false,
      field: 'corsProxyTemplate',
      message,
      problems: [{ field: 'corsProxyTemplate', message }],
    });
    expect(withProxy('  https://proxy.example/?url={url} ')).toMatchObject({
      ok: true,
      settings: { web: { corsProxyTemplate: 'https://proxy.example/?url={url}' } },
    });
    expect(validateSearchForm({ ...form, searxngUrl: 'searx.example' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      field: 'searxngUrl',
    });
    expect(validateSearchForm({ ...form, contactEmail: 'me at example' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      field: 'contactEmail',
    });
    // Every wrong field is named, each once.
    const both = validateSearchForm(
      { ...form, searxngUrl: 'searx.example', contactEmail: 'me at example' },
      DEFAULT_SETTINGS,
    );
    expect(both.ok ? [] : both.problems.map((problem) => problem.field)).toEqual([
      'searxngUrl',
      'contactEmail',
    ]);
    expect(
      validateSearchForm(
        { ...form, searxngUrl: 'https://searx.example', contactEmail: 'me@example.org' },
        DEFAULT_SETTINGS,
      ),
    ).toMatchObject({
      ok: true,
      settings: { web: { searxngUrl: 'https://searx.example', contactEmail: 'me@example.org' } },
    });
  });
});
