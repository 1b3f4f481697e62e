import { describe, expect, it } from 'vitest';
import { mediaKeyName } from '@/shared/protocol/media/media-settings.ts';
import { type AgentSettings, DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import {
  copyEndpoint,
  type MediaForm,
  mediaFormFromSettings,
  validateMediaForm,
  withEndpoint,
} from './media-form.ts';
import { searchFormFromSettings, validateSearchForm } from './search-form.ts';

const empty = mediaFormFromSettings(DEFAULT_SETTINGS);

const saved: AgentSettings = {
  ...DEFAULT_SETTINGS,
  toolKeys: { tavily: 'tvly-1', media_image: 'sk-image', media_speech: 'sk-speech' },
  media: {
    image: {
      api: 'openrouter_chat',
      baseUrl: 'https://openrouter.ai/api/v1',
      model: 'img',
      size: 'auto',
      voice: null,
    },
    image_edit: null,
    speech: {
      api: 'openai',
      baseUrl: 'http://localhost:8880/v1',
      model: 'kokoro',
      size: null,
      voice: 'af_sky',
    },
  },
};

/** The form with the image endpoint switched on and filled as typed. */
function withImage(patch: Partial<MediaForm['image']> = {}): MediaForm {
  return withEndpoint(empty, 'image', {
    isEnabled: true,
    baseUrl: ' https://api.openai.com/v1/ ',
    model: ' gpt-image-1 ',
    apiKey: ' sk-1 ',
    size: ' 1024X1536 ',
    ...patch,
  });
}

describe('media form', () => {
  it('starts with every kind off, empty, on the first API style it allows', () => {
    expect(empty.image).toEqual({
      isEnabled: false,
      api: 'openai',
      baseUrl: '',
      model: '',
      apiKey: '',
      size: '',
      voice: '',
    });
    expect(empty.speech.api).toBe('openai');
    expect(validateMediaForm(empty, DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('round-trips saved endpoints and their keys, keeping the settings it does not edit', () => {
    const form = mediaFormFromSettings(saved);
    expect(form.image).toMatchObject({
      isEnabled: true,
      api: 'openrouter_chat',
      apiKey: 'sk-image',
      size: 'auto',
    });
    expect(form.speech).toMatchObject({ isEnabled: true, voice: 'af_sky', apiKey: 'sk-speech' });
    expect(form.image_edit.isEnabled).toBe(false);
    expect(validateMediaForm(form, saved)).toEqual({ ok: true, settings: saved });
  });

  it('trims, drops trailing slashes, lower-cases the size and saves the key under mediaKeyName', () => {
    const result = validateMediaForm(withImage(), { ...DEFAULT_SETTINGS, toolKeys: { brave: 'b' } });
    expect(result).toMatchObject({
      ok: true,
      settings: {
        media: {
          image: {
            api: 'openai',
            baseUrl: 'https://api.openai.com/v1',
            model: 'gpt-image-1',
            size: '1024x1536',
            voice: null,
          },
          image_edit: null,
          speech: null,
        },
      },
    });
    expect(result.ok && result.settings.toolKeys).toEqual({ brave: 'b', [mediaKeyName('image')]: 'sk-1' });
  });

  it('saves empty size, voice and key as the server’s default and no key', () => {
    const form = withEndpoint(withImage({ size: ' ', apiKey: '  ' }), 'speech', {
      isEnabled: true,
      baseUrl: 'http://localhost:8880/v1',
      model: 'tts-1',
      voice: ' ',
    });
    const result = validateMediaForm(form, DEFAULT_SETTINGS);
    expect(result.ok && result.settings.media.image?.size).toBeNull();
    expect(result.ok && result.settings.media.speech?.voice).toBeNull();
    expect(result.ok && result.settings.toolKeys).toEqual({});
  });

  it('switching an endpoint off removes it and its key, and leaves other tools’ keys alone', () => {
    const form = withEndpoint(mediaFormFromSettings(saved), 'speech', { isEnabled: false });
    const result = validateMediaForm(form, saved);
    expect(result.ok && result.settings.media.speech).toBeNull();
    expect(result.ok && result.settings.media.image).toEqual(saved.media.image);
    expect(result.ok && result.settings.toolKeys).toEqual({ tavily: 'tvly-1', media_image: 'sk-image' });
  });

  it('copies the image endpoint, key included, to image edit and switches it on', () => {
    const copied = copyEndpoint(withImage(), 'image', 'image_edit');
    expect(copied.image_edit).toEqual({ ...withImage().image, voice: '' });
    const result = validateMediaForm(copied, DEFAULT_SETTINGS);
    expect(result.ok && result.settings.media.image_edit).toEqual(result.ok && result.settings.media.image);
    expect(result.ok && result.settings.toolKeys[mediaKeyName('image_edit')]).toBe('sk-1');
  });

  it('reports the first invalid field with its kind and saves nothing', () => {
    const check = (form: MediaForm) => validateMediaForm(form, DEFAULT_SETTINGS);
    expect(check(withImage({ baseUrl: 'api.openai.com/v1' }))).toMatchObject({
      ok: false,
      kind: 'image',
      field: 'baseUrl',
      message:
        'Image from text: “api.openai.com/v1” is not a web address; a base URL starts with http:// or https://, e.g. https://api.openai.com/v1.',
    });
    expect(check(withImage({ baseUrl: ' ' }))).toMatchObject({ ok: false, field: 'baseUrl' });
    expect(check(withImage({ baseUrl: 'https://' }))).toMatchObject({ ok: false, field: 'baseUrl' });
    expect(check(withImage({ baseUrl: 'ftp://example.org' }))).toMatchObject({ ok: false, field: 'baseUrl' });
    expect(check(withImage({ model: '  ' }))).toMatchObject({
      ok: false,
      kind: 'image',
      field: 'model',
      message: 'Image from text: give the model’s name, e.g. gpt-image-1.',
    });
    expect(check(withImage({ size: '1024 by 1024' }))).toMatchObject({
      ok: false,
      kind: 'image',
      field: 'size',
      message: expect.stringContaining('e.g. 1024x1024'),
    });
    const speech = withEndpoint(empty, 'speech', { isEnabled: true, baseUrl: 'https://api.openai.com/v1' });
    expect(check(speech)).toMatchObject({ ok: false, kind: 'speech', field: 'model', message: /tts-1/ });
    expect(check(withEndpoint(speech, 'speech', { model: 'tts-1', api: 'openrouter_chat' }))).toMatchObject({
      ok: false,
      kind: 'speech',
      field: 'api',
    });
    // Each kind switched on says what is wrong with it; the first kind's problem leads.
    const both = check(withEndpoint(withImage({ model: '' }), 'speech', { isEnabled: true, baseUrl: 'x' }));
    expect(both.ok ? [] : both.problems.map((problem) => [problem.kind, problem.field])).toEqual([
      ['image', 'model'],
      ['speech', 'baseUrl'],
    ]);
    expect(both).toMatchObject({ kind: 'image', field: 'model' });
  });

  it('ignores what is typed in a switched-off endpoint', () => {
    const form = withEndpoint(empty, 'image_edit', { baseUrl: 'not a url', apiKey: 'sk-x' });
    expect(validateMediaForm(form, DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });
});

/** The settings a validation saves; a failure fails the test. */
function settingsOf(
  result: { ok: true; settings: AgentSettings } | { ok: false; message: string },
): AgentSettings {
  if (!result.ok) throw new Error(result.message);
  return result.settings;
}

describe('Settings → Media beside Settings → Search', () => {
  it('saves each section’s keys whichever is validated first', () => {
    // The dialog was opened on `saved`; the person changes the image key, switches speech
    // off and changes the Tavily key.
    const media = withEndpoint(
      withEndpoint(mediaFormFromSettings(saved), 'image', { apiKey: 'sk-new' }),
      'speech',
      { isEnabled: false },
    );
    const search = { ...searchFormFromSettings(saved), toolKeys: { ...saved.toolKeys, tavily: 'tvly-2' } };
    const expected = { tavily: 'tvly-2', media_image: 'sk-new' };

    const keysAfter = (first: (settings: AgentSettings) => AgentSettings, second: typeof first) =>
      second(first(saved)).toolKeys;
    const bySearch = (settings: AgentSettings) => settingsOf(validateSearchForm(search, settings));
    const byMedia = (settings: AgentSettings) => settingsOf(validateMediaForm(media, settings));
    expect(keysAfter(bySearch, byMedia)).toEqual(expected);
    expect(keysAfter(byMedia, bySearch)).toEqual(expected);
  });
});
